@testable import BottomSheet
@testable import CardStack
import Foundation
@_spi(Fuzzing) import KilnCore
import KilnEndToEndSupport
@testable import Photos
import Testing

/// Every shipped and example tuning file with its scene's profile.
enum ShippedTunings {
    static let files: [(path: String, profile: TuningProfile)] = [
        ("Resources/Tuning/laser.toml", DemoCatalog.entry("laser")!.tuning!),
        ("Resources/Tuning/mailbox.toml", DemoCatalog.entry("mailbox")!.tuning!),
        ("Resources/Tuning/pressure.toml", DemoCatalog.entry("pressure")!.tuning!),
        ("Examples/BottomSheet/tuning.toml", BottomSheet.prototype.tuning!),
        ("Examples/CardStack/tuning.toml", CardStack.prototype.tuning!),
        ("Examples/Photos/tuning.toml", Photos.prototype.tuning!),
    ]

    static func text(_ path: String) throws -> String {
        try String(contentsOf: ProjectFiles.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Where `key`'s value is written in a file laid out as Kiln writes it (`[table]`, then
    /// `leaf = value` lines), found without the writer: scalar offsets.
    static func valueRange(of key: String, in text: String) -> Range<Int>? {
        let table = "[" + key.split(separator: ".").dropLast().joined(separator: ".") + "]"
        let leaf = String(key.split(separator: ".").last!)
        var inTable = false
        var offset = 0
        for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            let lineText = String(String.UnicodeScalarView(line))
            if lineText.hasPrefix("[") { inTable = lineText == table }
            if inTable, lineText.hasPrefix(leaf + " = ") {
                let start = offset + leaf.unicodeScalars.count + 3
                return start..<(offset + line.count)
            }
            offset += line.count + 1
        }
        return nil
    }

    /// A valid value of `kind` other than `present`.
    static func alternative(to present: TuningValue, kind: TuningFieldKind) -> TuningValue {
        func other(_ a: TuningValue, _ b: TuningValue) -> TuningValue { present == a ? b : a }
        switch kind {
        case .number(let range):
            return other(.number(range.lowerBound + (range.upperBound - range.lowerBound) * 0.375), .number(range.upperBound))
        case .integer(let range):
            return other(.number(Double(range.upperBound)), .number(Double(range.lowerBound)))
        case .bool:
            return present == .bool(true) ? .bool(false) : .bool(true)
        case .color:
            return other(.string("#12AB34"), .string("#34AB12C0"))
        case .colors(let count):
            return other(.array(Array(repeating: .string("#102030"), count: count.lowerBound)),
                         .array(Array(repeating: .string("#302010"), count: count.upperBound)))
        case .spring:
            return other(.table([("damping_ratio", .number(0.55)), ("response", .number(0.61))]),
                         .table([("damping_ratio", .number(0.66)), ("response", .number(0.72))]))
        case .choice(let options):
            return other(.string(options[0]), .string(options[options.count - 1]))
        }
    }
}

@Suite("The tuning writer on every shipped and example file")
struct TuningWriterRoundTripTests {
    @Test("The list of files holds every shipped and example tuning file")
    func everyFileIsListed() throws {
        let files = FileManager.default
        let shipped = try files.contentsOfDirectory(atPath: ProjectFiles.root.appendingPathComponent("Resources/Tuning").path)
            .filter { $0.hasSuffix(".toml") }.map { "Resources/Tuning/" + $0 }
        let examples = try files.contentsOfDirectory(atPath: ProjectFiles.root.appendingPathComponent("Examples").path)
            .map { "Examples/\($0)/tuning.toml" }
            .filter { files.fileExists(atPath: ProjectFiles.root.appendingPathComponent($0).path) }

        #expect(Set(ShippedTunings.files.map(\.path)) == Set(shipped + examples))
    }

    @Test("Setting any field of any file changes that value's text alone; every other value reads as before",
          arguments: ShippedTunings.files.map(\.path))
    func everyField(path: String) throws {
        let profile = try #require(ShippedTunings.files.first { $0.path == path }).profile
        let text = try ShippedTunings.text(path)
        let before = try TuningParser.parse(text, file: path)
        var cases: [TOMLLibCheck.Case] = []

        for field in profile.fields {
            let present = try #require(before.first { $0.key == field.key }, "\(field.key) is in \(path)").value
            let value = ShippedTunings.alternative(to: present, kind: field.kind)
            let written = try TuningWriter(profile: profile).apply([.set(field.key, toTOML: value.description)], to: text).text

            let span = try #require(ShippedTunings.valueRange(of: field.key, in: text))
            try RewriteExpectations.onlySpanChanged(old: text, new: written, span: span, what: "\(path) \(field.key)")
            try RewriteExpectations.readsBack(old: before, new: written, key: field.key, value: value)
            cases.append(TOMLLibCheck.Case(name: "\(path) \(field.key)", old: text, new: written, key: field.key, expected: value))
        }

        try TOMLLibCheck.run(cases)
    }

    @Test("Setting one number of a spring changes that number's text alone",
          arguments: ShippedTunings.files.filter { $0.profile.fields.contains { $0.kind == .spring } }.map(\.path))
    func springMembers(path: String) throws {
        let profile = try #require(ShippedTunings.files.first { $0.path == path }).profile
        let text = try ShippedTunings.text(path)
        let before = try TuningParser.parse(text, file: path)
        var cases: [TOMLLibCheck.Case] = []

        for field in profile.fields where field.kind == .spring {
            guard case .table(var members) = try #require(before.first { $0.key == field.key }).value else {
                Issue.record("\(field.key) is not an inline table in \(path)")
                continue
            }
            let index = try #require(members.firstIndex { $0.key == "response" })
            let response = members[index].value == .number(0.5) ? 0.55 : 0.5
            members[index].value = .number(response)
            let written = try TuningWriter(profile: profile).apply([.set(field.key + ".response", to: response)], to: text).text

            let whole = try #require(ShippedTunings.valueRange(of: field.key, in: text))
            let old = Array(text.unicodeScalars)
            let number = try #require(String(String.UnicodeScalarView(old[whole])).range(of: "response = "))
            let numberStart = whole.lowerBound + String(String.UnicodeScalarView(old[whole]))[..<number.upperBound].unicodeScalars.count
            let numberEnd = try #require((numberStart..<whole.upperBound).first { old[$0] == " " || old[$0] == "," })
            try RewriteExpectations.onlySpanChanged(old: text, new: written, span: numberStart..<numberEnd, what: field.key)
            try RewriteExpectations.readsBack(old: before, new: written, key: field.key, value: .table(members))
            cases.append(TOMLLibCheck.Case(name: "\(path) \(field.key).response", old: text, new: written, key: field.key,
                                           expected: .table(members)))
        }

        try TOMLLibCheck.run(cases)
    }
}
