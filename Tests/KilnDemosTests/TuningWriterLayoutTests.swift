import Foundation
@_spi(Fuzzing) import KilnCore
@_spi(Fuzzing) import KilnTestSupport
import Testing

@Suite("The tuning writer on files laid out every way TOML allows")
struct TuningWriterLayoutTests {
    let profile = TuningProfile.of(LayoutTuning.self)

    /// The seed: `TUNING_LAYOUT_SEED` replays a failure; otherwise a new one each run.
    static let seed = ProcessInfo.processInfo.environment["TUNING_LAYOUT_SEED"].flatMap { UInt64($0) }
        ?? UInt64.random(in: 0...UInt64.max)

    /// The keys a change may name: every field, and the springs' numbers.
    static let keys = LayoutTuning.fields.map(\.key)
        + ["motion.spring.damping_ratio", "motion.spring.response", "drop.spring.response"]

    @Test("A random change to a randomly laid-out file changes its own text alone, and both readers agree")
    func randomChanges() throws {
        var generator = TuningLayoutGenerator(random: SplitMix64(seed: Self.seed))
        var cases: [TOMLLibCheck.Case] = []

        for iteration in 0..<400 {
            let file = generator.file()
            let key = generator.pick(Self.keys)
            let isReset = generator.chance(0.15)
            let what = "seed \(Self.seed) (TUNING_LAYOUT_SEED), iteration \(iteration), \(isReset ? "reset" : "set") \(key)"
            let (fieldKey, change, expected) = Self.change(key, isReset: isReset, in: file, generator: &generator)

            let written: String
            do {
                written = try TuningWriter(profile: profile).apply([change], to: file.text).text
            } catch {
                Issue.record("\(what): \(error)\n\(file.text.debugDescription)")
                continue
            }

            let before = try TuningParser.parse(file.text, file: "old.toml")
            try RewriteExpectations.readsBack(old: before, new: written, key: fieldKey, value: expected)
            if let present = file.values[fieldKey] {
                try RewriteExpectations.onlySpanChanged(old: file.text, new: written, span: present.span, what: what)
            } else if let inserted = RewriteExpectations.onlyInserted(old: file.text, new: written, what: what) {
                try expectAdded(inserted, key: fieldKey, to: file, written: written, what: what)
            }
            // An empty file has no line ending to follow: the writer's lines end in LF there.
            if file.isCRLF && file.text.contains("\r\n") {
                let bare = written.replacingOccurrences(of: "\r\n", with: "").unicodeScalars.contains("\n")
                #expect(!bare, "\(what): CRLF lines stay CRLF")
            }
            cases.append(TOMLLibCheck.Case(name: what, old: file.text, new: written, key: fieldKey, expected: expected))
        }

        try TOMLLibCheck.run(cases)
    }

    /// The change for `key`, the field it changes, and that field's value afterwards.
    static func change(_ key: String, isReset: Bool, in file: GeneratedTuningFile,
                       generator: inout TuningLayoutGenerator) -> (String, TuningChange, TuningValue) {
        let parts = key.split(separator: ".").map(String.init)
        let isMember = parts.count == 3
        let fieldKey = isMember ? parts.dropLast().joined(separator: ".") : key
        let fallback = LayoutTuning.defaults[fieldKey]!
        guard isMember else {
            if isReset { return (fieldKey, .reset(key), fallback) }
            let (value, spelled) = generator.value(for: key)
            return (fieldKey, .set(key, toTOML: spelled), value)
        }
        guard case .table(var members) = file.values[fieldKey]?.value ?? fallback,
              case .table(let defaults) = fallback else { fatalError("springs are tables") }
        let index = members.firstIndex { $0.key == parts[2] }!
        if isReset {
            members[index].value = defaults.first { $0.key == parts[2] }!.value
            return (fieldKey, .reset(key), .table(members))
        }
        let number = parts[2] == "response" ? generator.pick([0.2, 0.45, 1.5]) : generator.pick([0.3, 0.95, 2])
        members[index].value = .number(number)
        return (fieldKey, .set(key, toTOML: generator.spell(number)), .table(members))
    }

    /// An added value comes with its description, under its table.
    func expectAdded(_ inserted: String, key: String, to file: GeneratedTuningFile, written: String, what: String) throws {
        let field = try #require(profile.fields.first { $0.key == key })
        let table = String(key.split(separator: ".")[0])
        let tableWritten = file.values.keys.contains { $0.hasPrefix(table + ".") }
            || file.text.contains("[\(table)]") || file.text.contains("[ \(table) ]") || file.text.contains("[\"\(table)\"]")
        // Counted in the whole text: where the inserted part starts is a guess when the text
        // before it ends as the insertion does (a comment's "# ").
        let description = "# " + field.help.split(separator: "\n")[0]
        #expect(written.components(separatedBy: description).count > file.text.components(separatedBy: description).count,
                "\(what): the description")
        #expect(inserted.contains(" = "), "\(what): the value")
        #expect(tableWritten || inserted.contains("[\(table)]"), "\(what): the table")
    }

    @Test("Setting a number, a colour, a switch and a spring from typed values writes their short TOML forms")
    func typedValues() throws {
        let text = "[motion]\noffset = 1.0\ncount = 3\nspring = { damping_ratio = 0.8, response = 0.4 }\n"

        let written = try TuningWriter(profile: profile).apply([
            .set("motion.offset", to: 0.1 + 0.2), .set("motion.count", to: 7), .set("motion.spring", to: Spring(dampingRatio: 0.5, response: 0.3)),
            .set("flags.enabled", to: false), .set("paint.tint", to: Color(hexString: "#FF000080")!),
        ], to: text).text

        #expect(written == """
            [motion]
            offset = 0.30000000000000004
            count = 7
            spring = { damping_ratio = 0.5, response = 0.3 }

            [flags]
            # Whether it runs at all.
            enabled = false

            [paint]
            # The tint.
            tint = "#FF000080"

            """)
    }

    @Test("A float written with a point keeps one, and a literal string stays literal")
    func keepsStyle() throws {
        let text = "[motion]\r\nscale = 12.5 # far\r\n[paint]\r\ntint = '#336699'\r\n"

        let written = try TuningWriter(profile: profile).apply([.set("motion.scale", to: 40), .set("paint.tint", toTOML: "\"#FFAA00\"")],
                                                               to: text).text

        #expect(written == "[motion]\r\nscale = 40.0 # far\r\n[paint]\r\ntint = '#FFAA00'\r\n")
    }
}
