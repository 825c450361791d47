@_spi(Fuzzing) import KilnCore
import MailboxDemo
import Testing

/// A key is a key however TOML lets it be written: quoted or bare, dotted or as an inline
/// table. The reader takes every form as the one key, and the writer changes it where and
/// as it is written.
@Suite("Tuning keys in every TOML form")
struct TuningKeyFormTests {
    let writer = TuningWriter(profile: .of(MailboxTuning.self))

    static let forms = [
        "swipe.action_threshold = 80\n",
        "\"swipe\".action_threshold = 80\n",
        "swipe.\"action_threshold\" = 80\n",
        "'swipe'.'action_threshold' = 80\n",
        "[\"swipe\"]\naction_threshold = 80\n",
        "swipe = { action_threshold = 80 }\n",
        "swipe = { \"action_threshold\" = 80, return_spring = { damping_ratio = 0.5, response = 0.3 } }\n",
    ]

    @Test("Quoted, bare and inline-table forms of a key set the same value, with no warning", arguments: forms)
    func readsEveryForm(_ text: String) throws {
        let resolved = try MailboxTuning.resolve([TuningSource(name: "t.toml", text: text)])

        #expect(resolved.value.actionThreshold == 80)
        #expect(resolved.warnings.isEmpty, "\(resolved.warnings)")
        #expect(resolved.origins["swipe.action_threshold"] == "t.toml:\(text.hasPrefix("[") ? 2 : 1)")
    }

    @Test("An inline table's spring applies as the table's own line would")
    func inlineTableSpring() throws {
        let text = "swipe = { action_threshold = 80, return_spring = { damping_ratio = 0.5, response = 0.3 } }\n"

        let resolved = try MailboxTuning.resolve([TuningSource(name: "t.toml", text: text)])

        #expect(resolved.value.returnSpring.dampingRatio == 0.5)
        #expect(resolved.origins["swipe.return_spring"] == "t.toml:1")
    }

    @Test("--set takes a key in quoted form as the bare key", arguments: [
        "\"swipe\".action_threshold", "swipe.\"action_threshold\"", "'swipe'.action_threshold",
    ])
    func setsQuotedKey(_ key: String) throws {
        let text = "[swipe]\naction_threshold = 60\n"

        let rewrite = try writer.apply([.set(key, toTOML: "72")], to: text)

        #expect(rewrite.text == "[swipe]\naction_threshold = 72\n")
        #expect(rewrite.summary == ["swipe.action_threshold = 72 (was 60)"])
    }

    @Test("A value inside an inline table is changed in place, and the table stays inline")
    func setsInsideInlineTable() throws {
        let text = "# mine\nswipe = { action_threshold = 60, return_spring = { damping_ratio = 0.78, response = 0.38 } }\n"

        let rewrite = try writer.apply([.set("swipe.action_threshold", toTOML: "72"),
                                        .set("swipe.return_spring.response", toTOML: "0.5")], to: text)

        #expect(rewrite.text == "# mine\nswipe = { action_threshold = 72, return_spring = { damping_ratio = 0.78, response = 0.5 } }\n")
        #expect(rewrite.summary == ["swipe.action_threshold = 72 (was 60)", "swipe.return_spring.response = 0.5 (was 0.38)"])
    }

    @Test("A value its inline table lacks is added inside the braces, after the last member or alone")
    func addsToInlineTable() throws {
        let written = "swipe = { action_threshold = 60 }\nmenu = {}\n"

        let rewrite = try writer.apply([.set("swipe.icon_inset", toTOML: "24"), .set("menu.width", toTOML: "300")],
                                       to: written)

        #expect(rewrite.text == "swipe = { action_threshold = 60, icon_inset = 24 }\nmenu = { width = 300 }\n")
        let resolved = try MailboxTuning.resolve([TuningSource(name: "t.toml", text: rewrite.text)])
        #expect(resolved.value.iconInset == 24 && resolved.value.actionThreshold == 60)
    }
}
