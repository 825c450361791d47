import Foundation
@_spi(Fuzzing) import KilnCore
import Testing

/// Files that once took time growing with the square of their size: each parser reads a
/// generated worst case and one ten times larger, and the larger must take about ten times
/// as long. A test of growth, not of speed: a quadratic parser takes about a hundred times.
@Suite("Parsers take time in proportion to a file's size")
struct ParserGrowthTests {
    /// Ten times the input may take up to this many times as long: room for a busy machine
    /// and allocations that grow in steps, far under the hundred of a quadratic parser.
    static let largestRatio = 30.0

    /// The quickest of three runs of `work`, in seconds: the machine is shared.
    static func quickest(_ work: () -> Void) -> Double {
        (0..<3).map { _ in
            let start = DispatchTime.now().uptimeNanoseconds
            work()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }.min()!
    }

    static func ratio(small: String, large: String, _ parse: (String) -> Void) -> Double {
        parse(small)
        return quickest { parse(large) } / max(quickest { parse(small) }, 1e-6)
    }

    @Test("A tuning file of many keys with many dotted parts")
    func dottedKeys() {
        func file(_ keys: Int) -> String {
            (0..<keys).map { k in (0..<32).map { "p\($0)" }.joined(separator: ".") + ".k\(k) = 1" }
                .joined(separator: "\n")
        }
        // The longest keys a tuning may have, each parsed and checked against the others.
        let ratio = Self.ratio(small: file(300), large: file(3_000)) { _ = try? TuningParser.parse($0, file: "t.toml") }
        #expect(ratio < Self.largestRatio, "ten times the keys took \(ratio) times as long")
    }

    @Test("A tuning file with one inline table of many members")
    func inlineTableMembers() {
        func file(_ members: Int) -> String {
            "t = { " + (0..<members).map { "m\($0).a = 1" }.joined(separator: ", ") + " }"
        }
        let ratio = Self.ratio(small: file(2_000), large: file(20_000)) { text in
            _ = try? TuningParser.parse(text, file: "t.toml")
        }
        #expect(ratio < Self.largestRatio, "ten times the members took \(ratio) times as long")
    }

    @Test("A tuning file nested as deep as it may be, many times over")
    func nesting() {
        func file(_ lines: Int) -> String {
            (0..<lines).map { "k\($0) = " + String(repeating: "[", count: 31) + "1" + String(repeating: "]", count: 31) }
                .joined(separator: "\n")
        }
        let ratio = Self.ratio(small: file(200), large: file(2_000)) { _ = try? TuningParser.parse($0, file: "t.toml") }
        #expect(ratio < Self.largestRatio, "ten times the lines took \(ratio) times as long")
    }

    @Test("A script whose object has many keys")
    func scriptKeys() {
        func script(_ keys: Int) -> String {
            "{\"scene\": \"laser\", \"steps\": [], " + (0..<keys).map { "\"k\($0)\": 1" }.joined(separator: ", ") + "}"
        }
        let ratio = Self.ratio(small: script(4_000), large: script(40_000)) { _ = try? InputScriptParser.parse($0) }
        #expect(ratio < Self.largestRatio, "ten times the keys took \(ratio) times as long")
    }
}
