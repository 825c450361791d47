import Foundation
@_spi(Fuzzing) import KilnCore
import KilnTestSupport
import Testing

/// Inputs the fuzz targets found problems with (Fuzz/README.md), kept in
/// Tests/Fixtures/Fuzz so that each problem stays fixed.
@Suite("Inputs found by fuzzing stay handled (X4, X6)")
struct FuzzRegressionTests {
    static let folder = ProjectFiles.root.appendingPathComponent("Tests/Fixtures/Fuzz")

    static func text(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("A script with a form feed outside a string is refused in one line")
    func formFeedInScript() throws {
        let text = try Self.text("input-script/form-feed-outside-a-string.json")

        let error = #expect(throws: InputScriptError.self) { try InputScriptParser.parse(text, file: "f.json") }

        #expect(error?.line == 1)
        #expect(error?.description == #"f.json:1: unexpected character '\u{C}'"#)
    }

    @Test("A tuning file with a vertical tab where a key goes is refused in one line")
    func verticalTabInTuning() throws {
        let text = try Self.text("tuning/vertical-tab-for-a-key.toml")

        let error = #expect(throws: TuningError.self) { try TuningParser.parse(text, file: "v.toml") }

        #expect(error?.line == 1)
        #expect(error?.description.contains(where: \.isNewline) == false)
        #expect(error?.description.hasPrefix(#"v.toml:1:1: expected a key, found "\u{B}""#) == true)
    }

    @Test("A tuning file whose table name and key are past 32 parts together is refused, as either alone is")
    func tableAndKeyPastTheLimit() throws {
        let text = try Self.text("tuning/table-and-key-past-32-parts.toml")

        let error = #expect(throws: TuningError.self) { try TuningParser.parse(text, file: "t.toml") }

        #expect(error?.line == 23)
        #expect(error?.description.hasPrefix("t.toml:23:1: a key of more than 32 dotted parts with its table's") == true)
    }

    @Test("A message quoting a key with a line break in it stays on one line")
    func keyWithLineBreak() throws {
        let script = "{\"steps\": [], \"a\\nb\u{2028}c\": 1}"

        let error = #expect(throws: InputScriptError.self) { try InputScriptParser.parse(script, file: "k.json") }

        #expect(error?.description == #"k.json:1: a\nb\u{2028}c: unknown key (expected scene, device, seed or steps)"#)
    }
}
