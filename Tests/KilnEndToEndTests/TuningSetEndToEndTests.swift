// `kiln tuning SCENE --set key=value --reset key` as users run it: the real binary writes the
// tuning file in force, and a bad key or value leaves the file's bytes as they were.
import Foundation
import KilnEndToEndSupport
import Testing

@Suite("kiln tuning --set")
final class TuningSetEndToEndTests {
    let kiln: URL
    let scratch: URL

    init() throws {
        kiln = try KilnBinary.locate()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-set-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Runs kiln with the user's config folder in the scratch folder.
    func run(_ arguments: [String]) throws -> CommandOutput {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = scratch.appendingPathComponent("config").path
        return try ExternalCommand.run(kiln, arguments, environment: environment, timeout: 60, allowFailure: true)
    }

    /// A copy of the shipped Mailbox tuning, its lines ending in CRLF.
    func copiedTuning() throws -> (url: URL, text: String) {
        let shipped = try String(contentsOf: ProjectFiles.root.appendingPathComponent("Resources/Tuning/mailbox.toml"), encoding: .utf8)
        let text = shipped.replacingOccurrences(of: "\n", with: "\r\n")
        let url = scratch.appendingPathComponent("mailbox.toml")
        try Data(text.utf8).write(to: url)
        return (url, text)
    }

    @Test("--set and --reset write only the named values into the --tuning file, byte for byte")
    func setsValues() throws {
        let (file, text) = try copiedTuning()
        try Data(text.replacingOccurrences(of: "width = 276", with: "width = 300").utf8).write(to: file)

        let result = try run(["tuning", "mailbox", "--tuning", file.path, "--set", "swipe.action_threshold=72",
                              "--set", "swipe.return_spring.response=0.5", "--set", "colors.later=\"#FF0000\"",
                              "--reset", "menu.width"])

        let expected = text
            .replacingOccurrences(of: "action_threshold = 60", with: "action_threshold = 72")
            .replacingOccurrences(of: "return_spring = { damping_ratio = 0.78, response = 0.38 }",
                                  with: "return_spring = { damping_ratio = 0.78, response = 0.5 }")
            .replacingOccurrences(of: "later = \"#FFD320\"", with: "later = \"#FF0000\"")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: file) == Data(expected.utf8))
        #expect(result.text == "\(file.path): swipe.action_threshold = 72 (was 60), swipe.return_spring.response = 0.5 (was 0.38), "
                    + "colors.later = \"#FF0000\" (was \"#FFD320\"), menu.width = 276 (default; was 300)")
    }

    @Test("Without --tuning, a missing ~/.config/kiln/SCENE.toml is made with the values, their tables and descriptions")
    func makesUserFile() throws {
        let result = try run(["tuning", "mailbox", "--set", "menu.width=300", "--set", "demo.return=false"])

        let made = scratch.appendingPathComponent("config/kiln/mailbox.toml")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: made, encoding: .utf8) == """
            [menu]
            # How far the side menu opens, in points (M9).
            width = 300

            [demo]
            # A cleared message comes back on its own (M10).
            return = false

            """)
        let shown = try run(["tuning", "mailbox"])
        #expect(shown.text.contains("width = 300    # \(made.path):3"))
    }

    static let refusals: [(arguments: [String], message: String)] = [
        (["--set", "swipe.action_threshold=9000"], "swipe.action_threshold: 9000 is out of range 1…2000"),
        (["--set", "nope.width=3"], "nope.width: unknown table nope; the tables are swipe, colors, menu, compose, segments, shake, demo, sound"),
        (["--set", "swipe.nope=3"], "swipe.nope: unknown key nope in [swipe]; it has action_threshold, second_threshold, icon_inset, "
            + "slide_off_duration, collapse_duration, return_spring"),
        (["--set", "colors.later=3"], "colors.later: expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", found a number"),
        (["--set", "swipe.action_threshold=7 7"], "swipe.action_threshold: 7 7 is not a TOML value: unexpected \"7\" after the value of swipe.action_threshold; put one key = value on each line"),
        (["--set", "swipe.action_threshold"], "--set swipe.action_threshold: write key=value, as in --set swipe.action_threshold=72"),
        (["--set", "menu.width=300", "--reset", "menu.depth"], "menu.depth: unknown key depth in [menu]; it has width, spring"),
    ]

    @Test("A bad key or value is one kiln: line and exit 1, and the file keeps its bytes", arguments: 0..<refusals.count)
    func refuses(_ index: Int) throws {
        let (file, text) = try copiedTuning()
        let refusal = Self.refusals[index]

        let result = try run(["tuning", "mailbox", "--tuning", file.path] + refusal.arguments)

        #expect(result.status == 1)
        #expect(result.stderr == "kiln: " + refusal.message)
        #expect(try Data(contentsOf: file) == Data(text.utf8))
    }

    @Test("A private tuning file stays private, and a byte-order mark stays at its start, after --set")
    func keepsModeAndByteOrderMark() throws {
        let (file, text) = try copiedTuning()
        try (Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)).write(to: file)
        try #require(chmod(file.path, 0o600) == 0)

        let result = try run(["tuning", "mailbox", "--tuning", file.path, "--set", "swipe.action_threshold=72"])

        var status = stat()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(stat(file.path, &status) == 0 && status.st_mode & 0o7777 == 0o600, "mode \(String(status.st_mode & 0o7777, radix: 8))")
        let expected = text.replacingOccurrences(of: "action_threshold = 60", with: "action_threshold = 72")
        #expect(try Data(contentsOf: file) == Data([0xEF, 0xBB, 0xBF]) + Data(expected.utf8))
    }

    @Test("A read-only tuning file is refused in one line and keeps its bytes, even for root")
    func refusesReadOnlyFile() throws {
        let (file, text) = try copiedTuning()
        try #require(chmod(file.path, 0o444) == 0)

        let result = try run(["tuning", "mailbox", "--tuning", file.path, "--set", "swipe.action_threshold=72"])

        #expect(result.status == 1)
        #expect(result.stderr == "kiln: \(file.path): cannot be written: it is read-only (mode 444); nothing was written over it")
        #expect(try Data(contentsOf: file) == Data(text.utf8))
    }

    @Test("--set with a quoted key, into an inline table, changes the value in place and keeps the table inline")
    func setsQuotedKeyInInlineTable() throws {
        let file = scratch.appendingPathComponent("inline.toml")
        try "swipe = { action_threshold = 60 }\n".write(to: file, atomically: true, encoding: .utf8)

        let result = try run(["tuning", "mailbox", "--tuning", file.path, "--set", "\"swipe\".action_threshold=72",
                              "--set", "swipe.\"icon_inset\"=24"])
        let shown = try run(["tuning", "mailbox", "--tuning", file.path])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "swipe = { action_threshold = 72, icon_inset = 24 }\n")
        #expect(shown.text.contains("action_threshold = 72    # \(file.path):1"), "\(shown.text)")
        #expect(!shown.stderr.contains("unknown key"), "\(shown.stderr)")
    }
}
