import Foundation
@_spi(Fuzzing) import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import MailboxDemo
import Testing

@Suite("Tuning files (X4)")
struct TuningTests {
    @Test("A file with tables, comments, strings, arrays and inline tables parses, each entry with its line")
    func parsesGoodFile() throws {
        let text = """
        # A comment
        top = 1   # trailing comment

        [swipe]
        action_threshold = 80.5
        name = "a \\"quoted\\" \\u00e9"
        flags = [true, false,
                 true]   # arrays may span lines
        spring = { damping_ratio = 0.8, response = 0.4 }
        [colors.more]
        list = ["#FFFFFF", "#000000",]
        big = 1_000
        """
        let entries = try TuningParser.parse(text, file: "t.toml")

        #expect(entries.map(\.key) == ["top", "swipe.action_threshold", "swipe.name", "swipe.flags", "swipe.spring",
                                       "colors.more.list", "colors.more.big"])
        #expect(entries.map(\.line) == [2, 5, 6, 7, 9, 11, 12])
        #expect(entries[1].value == .number(80.5))
        #expect(entries[2].value == .string("a \"quoted\" é"))
        #expect(entries[3].value == .array([.bool(true), .bool(false), .bool(true)]))
        #expect(entries[4].value == .table([("damping_ratio", .number(0.8)), ("response", .number(0.4))]))
        #expect(entries[6].value == .number(1000))
    }

    /// Text TOML forbids names its line and column; what TOML allows but a tuning cannot use
    /// (`column: nil`) names its line and key.
    static let badFiles: [(text: String, line: Int, column: Int?, message: String)] = [
        ("a = 1\nb 2", 2, 3, "expected = after the key \"b\""),
        ("[swipe]\nname = \"open", 2, 8, "not closed"),
        ("x = wide", 1, 5, "expected a number"),
        ("x = nans", 1, 5, "expected a number"),
        ("[swipe]\naction_threshold = ", 2, 20, "expected a value after ="),
        ("[swipe]\naction_thre", 2, 12, "expected = after the key \"swipe.action_thre\""),
        ("[colors]\nsegments = [\"#FFFFFF\", \"#00", 2, 24, "not closed with \""),
        ("x = 1\n\nx = 2", 3, 1, "x is set twice"),
        ("x = 1 2", 1, 7, "after the value of x"),
        ("x = [1, 2\n", 2, 1, "not closed with ]"),
        ("[t\nx = 1", 1, 3, "expected ] to close the table name"),
        ("x =", 1, 4, "expected a value"),
        ("s = { a = 1", 1, 12, "expected , or }"),
        ("[[t]]", 1, nil, "t: arrays of tables"),
    ]

    @Test("TOML's inf and nan, and numbers too large for a Double, are numbers to the parser")
    func specialNumbers() throws {
        let entries = try TuningParser.parse("a = inf\nb = -inf\nc = +nan\nd = 1e999\ne = -1e999\n", file: "t.toml")

        let numbers = entries.compactMap { entry -> Double? in
            guard case .number(let n) = entry.value else { return nil }
            return n
        }
        #expect(numbers.count == 5)
        #expect(numbers.filter { !$0.isNaN } == [.infinity, -.infinity, .infinity, -.infinity])
        #expect(numbers[2].isNaN)
    }

    @Test("Each kind of mistake names its line", arguments: badFiles)
    func badFileNamesLine(_ bad: (text: String, line: Int, column: Int?, message: String)) {
        #expect {
            _ = try TuningParser.parse(bad.text, file: "bad.toml")
        } throws: { error in
            let error = error as! TuningError
            let place = bad.column.map { "\(bad.line):\($0)" } ?? "\(bad.line)"
            return error.line == bad.line && error.column == bad.column && error.description.hasPrefix("bad.toml:\(place): ")
                && error.message.contains(bad.message)
        }
    }

    @Test("Values resolve over the defaults, later files winning, each with its origin")
    func resolvesWithOrigins() throws {
        let resolved = try MailboxTuning.resolve([
            TuningSource(name: "user.toml", text: "[swipe]\naction_threshold = 70\nsecond_threshold = 300\n"),
            TuningSource(name: "try.toml", text: "[swipe]\naction_threshold = 80\n[colors]\nlater = \"#112233\"\n"),
        ])

        #expect(resolved.value.actionThreshold == 80)
        #expect(resolved.value.secondThreshold == 300)
        #expect(resolved.value.laterColor == Color(hex: 0x112233))
        #expect(resolved.value.archiveColor == MailboxTuning().archiveColor)
        #expect(resolved.origins["swipe.action_threshold"] == "try.toml:2")
        #expect(resolved.origins["swipe.second_threshold"] == "user.toml:3")
        #expect(resolved.origins["colors.archive"] == "default")
        #expect(resolved.warnings.isEmpty)
    }

    @Test("An unknown key is a warning with a suggestion, not a failure")
    func unknownKeyWarns() throws {
        let resolved = try MailboxTuning.resolve([TuningSource(name: "t.toml", text: "action_threshold = 80\n")])

        #expect(resolved.value.actionThreshold == 60)
        #expect(resolved.warnings == ["t.toml:1: unknown key action_threshold, ignored; did you mean swipe.action_threshold?"])
    }

    static let wrongValues: [(text: String, message: String)] = [
        ("[swipe]\naction_threshold = \"wide\"", "swipe.action_threshold: expected a number, found a string"),
        ("[swipe]\naction_threshold = -5", "out of range"),
        ("[colors]\nlater = \"yellow\"", "is not a colour"),
        ("[colors]\nsegments = [\"#FFFFFF\"]", "expected 3 colours, found 1"),
        ("[demo]\nreturn = 1", "expected true or false"),
        ("[shake]\nreversals = 2.5", "expected a whole number"),
        ("[menu]\nspring = { damping_ratio = 0.8 }", "needs both damping_ratio and response"),
        ("[menu]\nspring = { damping_ratio = 0.8, response = 0 }", "response 0 is out of range"),
        // Valid TOML that no field takes: refused with the field's range, never stored as NaN.
        ("[swipe]\naction_threshold = nan", "swipe.action_threshold: nan is out of range (1 to 2000)"),
        ("[swipe]\naction_threshold = inf", "swipe.action_threshold: inf is out of range (1 to 2000)"),
        ("[swipe]\naction_threshold = -inf", "swipe.action_threshold: -inf is out of range (1 to 2000)"),
        ("[swipe]\naction_threshold = 1e999", "swipe.action_threshold: inf is out of range (1 to 2000)"),
        ("[swipe]\naction_threshold = 1e308", "swipe.action_threshold: 1e+308 is out of range (1 to 2000)"),
        ("[swipe]\nslide_off_duration = -1", "swipe.slide_off_duration: -1 is out of range (0.01 to 5)"),
        ("[shake]\nreversals = nan", "shake.reversals: nan is out of range (1 to 20)"),
        ("[shake]\nreversals = 1e300", "shake.reversals: 1e+300 is out of range (1 to 20)"),
        ("[menu]\nspring = { damping_ratio = nan, response = 0.4 }",
         "menu.spring: damping_ratio nan is out of range (0 to 10)"),
        ("[menu]\nspring = { damping_ratio = 1, response = inf }", "menu.spring: response inf is out of range (0.01 to 10 s)"),
    ]

    @Test("A wrong value fails the whole file with its line", arguments: wrongValues)
    func wrongValueFails(_ wrong: (text: String, message: String)) {
        #expect {
            _ = try MailboxTuning.resolve([TuningSource(name: "t.toml", text: wrong.text)])
        } throws: { error in
            let error = error as! TuningError
            return error.line == 2 && error.message.contains(wrong.message)
                && error.description == "t.toml:2: \(error.message)"
        }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("Every scene with tuning ships its file, with every value and its comment, matching the defaults")
    func shippedFilesMatchDefaults() throws {
        let tunable = DemoCatalog.entries.filter { $0.tuning != nil }
        #expect(tunable.count >= 2)
        for entry in tunable {
            let url = Self.root.appendingPathComponent("Resources/Tuning/\(entry.name).toml")
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text == entry.tuning!.defaultsText(), "regenerate with kiln tuning \(entry.name) --defaults")
            #expect(try entry.tuning!.check([TuningSource(name: url.lastPathComponent, text: text)]).isEmpty)
        }
        let mailbox = try String(contentsOf: Self.root.appendingPathComponent("Resources/Tuning/mailbox.toml"),
                                 encoding: .utf8)
        let keys = try TuningParser.parse(mailbox, file: "mailbox.toml").map(\.key)
        #expect(keys == MailboxTuning.fields.map(\.key))
        #expect(mailbox.contains("# From this many points either way a release acts"))
    }

    @Test("Written out and read back, a changed tuning is the same")
    func roundTrips() throws {
        var tuning = MailboxTuning()
        tuning.actionThreshold = 72.5
        tuning.menuSpring = Spring(dampingRatio: 0.5, response: 0.6)
        tuning.demoReturn = false
        let back = try MailboxTuning.resolve([TuningSource(name: "t", text: MailboxTuning.fileText(tuning))]).value

        #expect(back.actionThreshold == 72.5)
        #expect(back.demoReturn == false)
        #expect(abs(back.menuSpring.dampingRatio - 0.5) < 1e-9)
        #expect(abs(back.menuSpring.naturalFrequency - 2 * .pi / 0.6) < 1e-6)
    }

    @Test("M8 through tuning: with the threshold at 80 a 70 pt swipe returns instead of archiving")
    func thresholdReachesTheScene() throws {
        let script = try InputScriptParser.parse("""
            {"scene": "mailbox", "steps": [
              {"wait": 0.3},
              {"down": {"at": {"layer": "message"}}},
              {"move": {"to": {"by": [70, 0]}, "duration": 0.4}},
              {"up": {}},
              {"wait": 1.5}
            ]}
            """, file: "swipe-70.json")
        func events(tuning: String?) -> [String] {
            let recorder = EventRecorder()
            var context = SceneContext(canvasSize: DevicePreset.iPhone14.size, events: recorder)
            context.tuningSources = tuning.map { [TuningSource(name: "t.toml", text: $0)] } ?? []
            let session = SceneSession(scene: DemoCatalog.make("mailbox", context: context)!, script: script)
            for frame in 0...150 { session.advance(to: Double(frame) / 60) }
            return recorder.events.map(\.name).filter { $0 == "message.archived" || $0 == "message.returned" }
        }

        #expect(events(tuning: nil) == ["message.archived"])
        #expect(events(tuning: "[swipe]\naction_threshold = 80\n") == ["message.returned"])
    }
}

@Suite("Tuning files on disk (X4)")
struct TuningFilesTests {
    let folder: URL
    let config: URL
    let explicit: URL
    let profile = DemoCatalog.entry("mailbox")!.tuning!

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-tuning-\(UUID().uuidString)")
        config = folder.appendingPathComponent("config")
        explicit = folder.appendingPathComponent("try.toml")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("kiln"), withIntermediateDirectories: true)
    }

    func write(_ text: String, to url: URL, at date: Date) throws {
        try text.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
    }

    func threshold(_ files: TuningFiles) throws -> Double {
        try MailboxTuning.resolve(files.sources).value.actionThreshold
    }

    @Test("A save is picked up at the next poll; a bad save keeps the last good values; a fix applies")
    func reloadsOnChange() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("[swipe]\naction_threshold = 70\n", to: explicit, at: Date(timeIntervalSince1970: 1000))
        let files = TuningFiles(scene: "mailbox", profile: profile, explicit: explicit.path, configHome: config.path)
        #expect(files.reload() == .applied(warnings: []))
        #expect(try threshold(files) == 70)
        #expect(files.poll(now: 0) == .unchanged)

        try write("[swipe]\naction_threshold = 90\n", to: explicit, at: Date(timeIntervalSince1970: 2000))
        #expect(files.poll(now: 0.1) == .unchanged, "not looked at again within the poll interval")
        #expect(files.poll(now: 0.3) == .applied(warnings: []))
        #expect(try threshold(files) == 90)

        try write("[swipe]\naction_threshold = ninety\n", to: explicit, at: Date(timeIntervalSince1970: 3000))
        guard case .rejected(let error) = files.poll(now: 0.6) else {
            Issue.record("a bad save was not rejected")
            return
        }
        #expect(error.line == 2)
        #expect(files.problem == error)
        #expect(try threshold(files) == 90, "the last good values stay")

        try write("[swipe]\naction_threshold = 65\n", to: explicit, at: Date(timeIntervalSince1970: 4000))
        #expect(files.poll(now: 0.9) == .applied(warnings: []))
        #expect(files.problem == nil)
        #expect(try threshold(files) == 65)
    }

    @Test("The user's file applies under --tuning; a missing user file is fine, a missing --tuning file is not")
    func userFileAndExplicit() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let none = TuningFiles(scene: "mailbox", profile: profile, explicit: nil, configHome: config.path)
        #expect(none.reload() == .applied(warnings: []))
        #expect(none.sources.isEmpty)

        let user = config.appendingPathComponent("kiln/mailbox.toml")
        try write("[swipe]\naction_threshold = 75\nsecond_threshold = 280\n", to: user, at: Date())
        try write("[swipe]\naction_threshold = 85\n", to: explicit, at: Date())
        let both = TuningFiles(scene: "mailbox", profile: profile, explicit: explicit.path, configHome: config.path)
        both.reload()
        let value = try MailboxTuning.resolve(both.sources).value
        #expect(value.actionThreshold == 85 && value.secondThreshold == 280)

        let missing = TuningFiles(scene: "mailbox", profile: profile, explicit: folder.appendingPathComponent("nope.toml").path,
                                  configHome: config.path)
        guard case .rejected(let error) = missing.reload() else {
            Issue.record("a missing --tuning file was accepted")
            return
        }
        #expect(error.message == "no such file")
    }

    @Test("A folder given as --tuning is refused as a folder, not as a permissions problem")
    func folderAsTuning() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = TuningFiles(scene: "mailbox", profile: profile, explicit: config.path, configHome: nil)

        let outcome = files.reload()

        guard case .rejected(let error) = outcome else {
            Issue.record("a folder was accepted as a tuning file")
            return
        }
        #expect(error.line == nil)
        #expect(error.message == "is a folder, not a file")
    }

    @Test("A bad save while the scene runs is reported once; later polls keep the last good values quietly")
    func badSaveReportedOnce() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("[swipe]\naction_threshold = 70\n", to: explicit, at: Date(timeIntervalSince1970: 1000))
        let files = TuningFiles(scene: "mailbox", profile: profile, explicit: explicit.path, configHome: nil)
        files.reload()
        try write("[swipe]\naction_threshold = nan\n", to: explicit, at: Date(timeIntervalSince1970: 2000))

        let first = files.poll(now: 1)
        let later = [files.poll(now: 2), files.poll(now: 3)]

        guard case .rejected(let error) = first else {
            Issue.record("a nan save was not rejected")
            return
        }
        #expect(error.line == 2)
        #expect(error.message == "swipe.action_threshold: nan is out of range (1 to 2000)")
        #expect(later == [.unchanged, .unchanged])
        #expect(try threshold(files) == 70)
    }

    @Test("XDG_CONFIG_HOME wins over ~/.config")
    func configHome() {
        #expect(TuningFiles.configHome(["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x")
        #expect(TuningFiles.configHome(["HOME": "/h"]) == "/h/.config")
        #expect(TuningFiles.configHome(["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config")
    }
}
