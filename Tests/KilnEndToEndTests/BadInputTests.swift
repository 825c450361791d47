// The catalogue of bad inputs as users meet it: the real kiln binary given broken
// scripts, tuning files and recordings. Each case is one `kiln:` line on standard error, a
// non-zero exit where Kiln cannot go on, nothing written, and never a crash or a hang:
// every run has a time limit. The options, displays, ffmpeg and outputs are in
// BadInputTests+Environment.swift.
import Foundation
import KilnEndToEndSupport
import Testing

/// One bad input: the files it needs, the command, and the one line Kiln must answer.
struct BadInput: Sendable, CustomTestStringConvertible {
    /// What is wrong, as the test report names the case.
    var testDescription: String
    /// Files to write into the scratch folder first: name → text.
    var files: [String: String] = [:]
    /// Folders to make in the scratch folder first.
    var folders: [String] = []
    /// The command's arguments; `{dir}` stands for the scratch folder.
    var arguments: [String]
    /// The exit status.
    var status: Int32 = 1
    /// The line on standard error after `kiln: `; `{dir}` stands for the scratch folder.
    var message: String
}

@Suite("Bad input")
final class BadInputTests {
    let kiln: URL
    let scratch: URL

    init() throws {
        kiln = try KilnBinary.locate()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Runs kiln; a run that outlives `timeout` fails the test as a hang.
    func run(_ arguments: [String], environment: [String: String]? = nil, timeout: Double = 60) throws -> CommandOutput {
        try ExternalCommand.run(kiln, arguments, environment: environment, timeout: timeout, allowFailure: true)
    }

    func expand(_ text: String) -> String {
        text.replacingOccurrences(of: "{dir}", with: scratch.path)
    }

    /// What the scratch folder holds, top level.
    func scratchContents() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: scratch.path))
    }

    /// Writes the case's files, runs it, and checks the status, the one line, and that
    /// nothing was written beside the case's own files.
    func check(_ bad: BadInput, environment: [String: String]? = nil) throws {
        for folder in bad.folders {
            try FileManager.default.createDirectory(at: scratch.appendingPathComponent(folder),
                                                    withIntermediateDirectories: true)
        }
        for (name, text) in bad.files {
            try text.write(to: scratch.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }

        let result = try run(bad.arguments.map(expand), environment: environment)

        #expect(!result.wasSignalled, "crashed: \(result.stderr)")
        #expect(result.status == bad.status)
        #expect(result.stderr == "kiln: " + expand(bad.message))
        #expect(try scratchContents() == Set(bad.files.keys).union(bad.folders), "nothing is written")
    }

    // MARK: - Scripts (X6)

    /// `kiln render laser --script NAME` with `text` as the script.
    static func script(_ what: String, _ name: String, _ text: String, _ message: String) -> BadInput {
        BadInput(testDescription: what, files: [name: text],
                 arguments: ["render", "laser", "--script", "{dir}/\(name)", "--out", "{dir}/out.png", "--scale", "0.25"],
                 message: message)
    }

    static let badScripts: [BadInput] = [
        script("an empty file", "empty.json", "",
               #"empty.json: the file is empty; a script is an object like {"steps": [{"wait": 1}]}"#),
        script("JSON cut off mid-object", "cut.json", #"{"scene": "laser", "steps": [{"wait": 1"#,
               "cut.json:1: unexpected end of the file (expected ',' or '}')"),
        script("text that is not JSON", "words.json", "wait one second, then tap the card\n",
               "words.json:1: unexpected character 'w'"),
        script("an array instead of an object", "array.json", #"[{"wait": 1}]"#,
               "array.json:1: expected an object, found an array"),
        script("a string where a number goes", "string.json", #"{"steps": [{"wait": "1s"}]}"#,
               "string.json:1: steps[0].wait: expected a number, found a string"),
        script("a number where a point goes", "number.json", #"{"steps": [{"tap": {"at": 5}}]}"#,
               #"number.json:1: steps[0].tap.at: expected [x, y] or a layer point {"layer": NAME, "anchor": [ax, ay], "offset": [dx, dy]}"#),
        script("an unknown step kind", "jump.json", #"{"steps": [{"jump": {}}]}"#,
               "jump.json:1: steps[0].jump: unknown step kind (expected wait, down, move, hold, up, drag, press, tap, key, events, pinch, rotate or fingers)"),
        script("a duration of 1e308 s", "long.json", #"{"steps": [{"wait": 1e308}]}"#,
               "long.json:1: steps[0].wait: 1e+308 is out of range (numbers must be within ±1e6)"),
        script("coordinates of 1e300", "far.json", #"{"steps": [{"tap": {"at": [1e300, 5]}}]}"#,
               "far.json:1: steps[0].tap.at[0]: 1e+300 is out of range (numbers must be within ±1e6)"),
        script("a wait of a year", "year.json", #"{"steps": [{"wait": 31536000}]}"#,
               "year.json:1: steps[0].wait: 31536000.0 is out of range (numbers must be within ±1e6)"),
        script("\"NaN\" as a number", "nan.json", #"{"steps": [{"wait": "NaN"}]}"#,
               "nan.json:1: steps[0].wait: expected a number, found a string"),
        script("1e999, which reads as infinity", "inf.json", #"{"steps": [{"wait": 1e999}]}"#,
               "inf.json:1: steps[0].wait: inf is out of range (numbers must be within ±1e6)"),
        script("a negative duration", "negative.json", #"{"steps": [{"wait": -1}]}"#,
               "negative.json:1: steps[0].wait: a duration must not be negative (found -1.0)"),
        script("a pressure above 1", "pressure.json", #"{"steps": [{"tap": {"at": [5, 5], "pressure": 1.5}}]}"#,
               "pressure.json:1: steps[0].tap.pressure: pressure 1.5 is outside 0…1"),
        script("an unknown pointer kind", "finger.json", #"{"steps": [{"tap": {"at": [5, 5], "pointer": "finger"}}]}"#,
               #"finger.json:1: steps[0].tap.pointer: unknown pointer "finger" (expected mouse, pen, eraser or touch)"#),
        script("a layer point naming a missing layer", "layer.json", #"{"steps": [{"tap": {"at": {"layer": "nope"}}}]}"#,
               #"the script stopped: layer.json:1: steps[0].tap.at: the scene has no layer named "nope"; nothing was written"#),
        script("a script for another scene", "other.json", #"{"scene": "mailbox", "steps": [{"wait": 1}]}"#,
               "{dir}/other.json: the script is for the scene 'mailbox', not 'laser'"),
    ]

    @Test("A broken script is one line naming its file, line and field, and renders nothing", arguments: badScripts)
    func badScript(_ bad: BadInput) throws {
        try check(bad)
    }

    @Test("Binary garbage as a script is said not to be text")
    func garbageScript() throws {
        try Data((0...255).map { UInt8($0) }.reversed()).write(to: scratch.appendingPathComponent("garbage.json"))

        let result = try run(["render", "laser", "--script", scratch.appendingPathComponent("garbage.json").path,
                              "--out", scratch.appendingPathComponent("out.png").path])

        #expect(result.status == 1)
        #expect(result.stderr == "kiln: garbage.json: is not UTF-8 text")
        #expect(try scratchContents() == ["garbage.json"])
    }

    static let scriptPaths: [BadInput] = [
        BadInput(testDescription: "a script that does not exist",
                 arguments: ["render", "laser", "--script", "{dir}/nope.json", "--out", "{dir}/out.png"],
                 message: "nope.json: no such file"),
        BadInput(testDescription: "a folder given as the script",
                 arguments: ["render", "laser", "--script", "/tmp", "--out", "{dir}/out.png"],
                 message: "tmp: is a folder, not a file"),
        BadInput(testDescription: "a device given as the script",
                 arguments: ["render", "laser", "--script", "/dev/zero", "--out", "{dir}/out.png"],
                 message: "zero: is not a regular file"),
        BadInput(testDescription: "kiln play with a script that does not exist",
                 arguments: ["play", "{dir}/nope.json"], message: "nope.json: no such file"),
    ]

    @Test("A script path that is missing, a folder or a device is refused without reading it", arguments: scriptPaths)
    func badScriptPath(_ bad: BadInput) throws {
        try check(bad)
    }

    @Test("An unreadable script is refused, as the user it runs as (root reads any file, so it runs as nobody)")
    func unreadableScript() throws {
        let script = scratch.appendingPathComponent("locked.json")
        try #"{"steps": [{"wait": 1}]}"#.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: script.path)
        let arguments = ["render", "laser", "--script", script.path, "--out", scratch.appendingPathComponent("out.png").path]

        let result: CommandOutput
        if getuid() == 0 {
            let setpriv = try ExternalCommand.require("setpriv", package: "util-linux")
            result = try ExternalCommand.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", kiln.path] + arguments,
                                             timeout: 60, allowFailure: true)
        } else {
            result = try run(arguments)
        }

        #expect(result.status == 1)
        #expect(result.stderr == "kiln: locked.json: cannot be read (permission denied)")
        #expect(try scratchContents() == ["locked.json"])
    }

    @Test("A kiln in a folder its user cannot search still runs: it finds itself from the kernel, not from the folder",
          .enabled(if: getuid() == 0, "only root can run kiln as another user"))
    func binaryInUnsearchableFolder() throws {
        let hidden = scratch.appendingPathComponent("hidden")
        try FileManager.default.createDirectory(at: hidden, withIntermediateDirectories: true)
        let copy = hidden.appendingPathComponent("kiln")
        try FileManager.default.copyItem(at: kiln, to: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: hidden.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: scratch.path)
        defer { try? FileManager.default.removeItem(at: hidden) }
        let setpriv = try ExternalCommand.require("setpriv", package: "util-linux")

        let result = try ExternalCommand.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", copy.path,
                                                       "render", "laser", "--at", "0", "--out", scratch.appendingPathComponent("out.png").path],
                                             timeout: 60, allowFailure: true)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("out.png").path))
    }

    @Test("A script whose waits add up to a month is refused for frames and video, not rendered for days")
    func scriptTooLongToRender() throws {
        let waits = #"{"steps": [{"wait": 900000}, {"wait": 900000}, {"wait": 900000}]}"#

        try check(BadInput(testDescription: "frames", files: ["years.json": waits],
                           arguments: ["render", "laser", "--script", "{dir}/years.json", "--out", "{dir}/frames/"],
                           message: "{dir}/years.json runs 2700001 s: 162000060 frames at 60 fps, more than the 100000 "
                               + "a render takes; render part of it with --duration or --frames"))
        try check(BadInput(testDescription: "video", files: ["years.json": waits],
                           arguments: ["render", "laser", "--script", "{dir}/years.json", "--out", "{dir}/years.gif"],
                           message: "{dir}/years.json runs 2700001 s: 81000030 frames at 30 fps, more than the 100000 "
                               + "a render takes; render part of it with --duration or --frames"))
        let part = try run(["render", "laser", "--script", expand("{dir}/years.json"), "--out", expand("{dir}/frames/"),
                            "--frames", "2", "--scale", "0.25"])
        #expect(part.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: expand("{dir}/frames")).count == 2)
    }

    @Test("A script that stops at a missing layer after some frames leaves no frames behind")
    func scriptStoppingMidway() throws {
        let script = #"{"steps": [{"wait": 0.1}, {"tap": {"at": {"layer": "nope"}}}]}"#

        for out in ["{dir}/frames/", "{dir}/clip.mp4"] {
            try check(BadInput(testDescription: out, files: ["late.json": script],
                               arguments: ["render", "laser", "--script", "{dir}/late.json", "--out", out,
                                           "--frames", "12", "--scale", "0.25"],
                               message: #"the script stopped: late.json:1: steps[1].tap.at: the scene has no layer named "nope"; nothing was written"#))
        }
    }

    // MARK: - Tuning files (X4)

    /// `kiln tuning mailbox --tuning t.toml` with `text` as the file.
    static func tuning(_ what: String, _ text: String, _ message: String) -> BadInput {
        BadInput(testDescription: what, files: ["t.toml": text],
                 arguments: ["tuning", "mailbox", "--tuning", "{dir}/t.toml"], message: "{dir}/t.toml:" + message)
    }

    static let badTunings: [BadInput] = [
        tuning("a file cut off after =", "[swipe]\naction_threshold = ", "2:20: expected a value after ="),
        tuning("a file cut off in a table name", "[swi", "1:5: expected ] to close the table name"),
        tuning("a string where a number goes", "[swipe]\naction_threshold = \"wide\"\n",
               "2: swipe.action_threshold: expected a number, found a string"),
        tuning("a number where a colour goes", "[colors]\nlater = 3\n",
               "2: colors.later: expected a colour like \"#FFD320\", found a number"),
        tuning("a huge number", "[swipe]\naction_threshold = 1e308\n", "2: swipe.action_threshold: 1e+308 is out of range (1 to 2000)"),
        tuning("nan", "[swipe]\naction_threshold = nan\n", "2: swipe.action_threshold: nan is out of range (1 to 2000)"),
        tuning("inf", "[swipe]\naction_threshold = inf\n", "2: swipe.action_threshold: inf is out of range (1 to 2000)"),
        tuning("a nan inside a spring", "[menu]\nspring = { damping_ratio = nan, response = 0.4 }\n",
               "2: menu.spring: damping_ratio nan is out of range (0 to 10)"),
        tuning("a negative duration", "[swipe]\nslide_off_duration = -1\n",
               "2: swipe.slide_off_duration: -1 is out of range (0.01 to 5)"),
        tuning("a value past its field's range", "[swipe]\naction_threshold = 5000\n",
               "2: swipe.action_threshold: 5000 is out of range (1 to 2000)"),
        tuning("a NUL after a key", "a\u{0}b = 1\n", #"1:2: expected = after the key "a", found "\u{0}""#),
        tuning("an escape sequence after a value", "a = 1\u{1B}[2J\n",
               #"1:6: unexpected "\u{1B}" after the value of a; put one key = value on each line"#),
        tuning("a key set twice", "[swipe]\naction_threshold = 70\naction_threshold = 80\n",
               "3:1: swipe.action_threshold is set twice"),
    ]

    @Test("A broken tuning file is one line with its file and line, and exit 1", arguments: badTunings)
    func badTuning(_ bad: BadInput) throws {
        try check(bad)
    }

    static let tuningPaths: [BadInput] = [
        BadInput(testDescription: "a tuning file that does not exist", arguments: ["tuning", "laser", "--tuning", "{dir}/nope.toml"],
                 message: "{dir}/nope.toml: no such file"),
        BadInput(testDescription: "a folder as the tuning file", arguments: ["tuning", "laser", "--tuning", "/tmp"],
                 message: "/tmp: is a folder, not a file"),
        BadInput(testDescription: "a render with a tuning file that does not exist",
                 arguments: ["render", "laser", "--tuning", "{dir}/nope.toml", "--out", "{dir}/out.png"],
                 message: "{dir}/nope.toml: no such file"),
        BadInput(testDescription: "a render with a nan in its tuning", files: ["t.toml": "[beam]\nflicker = nan\n"],
                 arguments: ["render", "laser", "--tuning", "{dir}/t.toml", "--out", "{dir}/out.png"],
                 message: "{dir}/t.toml:2: beam.flicker: nan is out of range (0 to 1)"),
    ]

    @Test("A tuning path that cannot be read, or a render's bad tuning, stops before anything is written",
          arguments: tuningPaths)
    func badTuningPath(_ bad: BadInput) throws {
        try check(bad)
    }

    @Test("An unknown tuning key is one warning; the tuning prints and the render is written")
    func unknownTuningKey() throws {
        let file = scratch.appendingPathComponent("t.toml")
        try "[swipe]\nfoo = 3\naction_threshold = 70\n".write(to: file, atomically: true, encoding: .utf8)
        let out = scratch.appendingPathComponent("out.png")

        let shown = try run(["tuning", "mailbox", "--tuning", file.path])
        let rendered = try run(["render", "mailbox", "--tuning", file.path, "--out", out.path, "--scale", "0.25"])

        let warning = "kiln: \(file.path):2: unknown key swipe.foo, ignored"
        #expect(shown.status == 0)
        #expect(shown.stderr == warning)
        #expect(shown.text.contains("action_threshold = 70    # \(file.path):3"))
        #expect(rendered.status == 0)
        #expect(rendered.stderr.split(separator: "\n").first.map(String.init) == warning)
        #expect(FileManager.default.fileExists(atPath: out.path))
    }

    // MARK: - Evemu recordings (P7)

    /// A pen with a pressure axis and positions at 100 units per millimetre.
    static let penHeader = "N: Pen\nA: 18 0 2047 0 0 0\nA: 00 0 10000 0 0 100\nA: 01 0 10000 0 0 100\n"
    /// A press: tip down with pressure, then up; lines 5 to 10 after the header.
    static let press = "E: 0.100000 0001 014a 1\nE: 0.100000 0003 0018 900\nE: 0.100000 0000 0000 0\n"
        + "E: 0.400000 0001 014a 0\nE: 0.400000 0003 0018 0\nE: 0.400000 0000 0000 0\n"

    /// `kiln render pressure --evemu pen.events` with `text` as the recording.
    static func recording(_ what: String, _ text: String, _ message: String) -> BadInput {
        BadInput(testDescription: what, files: ["pen.events": text],
                 arguments: ["render", "pressure", "--evemu", "{dir}/pen.events", "--out", "{dir}/out.png", "--scale", "0.25"],
                 message: message)
    }

    static let badRecordings: [BadInput] = [
        recording("an empty file", "", "pen.events: the file is empty (expected an evemu-record recording)"),
        recording("a recording cut off mid-line", penHeader + press + "E: 0.5000",
                  "pen.events:11: malformed line: expected `E: <sec>.<usec> <type hex> <code hex> <value>`"),
        recording("a garbage line", penHeader + "garbage here\n" + press,
                  "pen.events:5: malformed line: expected a `#` comment or an `N:` `I:` `P:` `B:` `A:` or `E:` line"),
        recording("a recording with no pressure axis", "N: Mouse\nA: 00 0 100 0 0 0\nE: 0.1 0003 0000 5\nE: 0.1 0000 0000 0\n",
                  "pen.events: neither a pen nor a touchscreen: no pressure axis for a pen (no `A: 18` line), and no "
                      + "multi-touch position axes for a touchscreen (`A: 35` and `A: 36`, without a pen tool or "
                      + "INPUT_PROP_POINTER); a recording of events only needs its device: --evemu-description FILE.desc"),
        recording("a timestamp too large to count", penHeader + "E: 99999999999999.000001 0003 0018 900\n",
                  "pen.events:5: malformed line: the time 99999999999999.000001 is too large"),
        recording("a negative timestamp", penHeader + "E: -1.000000 0003 0018 900\n",
                  "pen.events:5: malformed line: the time -1.000000 is negative"),
        recording("timestamps that go backwards", penHeader + press + "E: 0.200000 0003 0018 500\n",
                  "pen.events:11: malformed line: the time goes back from 0.400000 to 0.200000; events must be in time order"),
        BadInput(testDescription: "a recording that does not exist",
                 arguments: ["render", "pressure", "--evemu", "{dir}/nope.events", "--out", "{dir}/out.png"],
                 message: "nope.events: no such file"),
        BadInput(testDescription: "a recording with a gap of a year, rendered as frames",
                 files: ["gap.events": penHeader + "E: 0.100000 0001 014a 1\nE: 0.100000 0003 0018 900\nE: 0.100000 0000 0000 0\n"
                             + "E: 31536000.100000 0001 014a 0\nE: 31536000.100000 0000 0000 0\n"],
                 arguments: ["render", "pressure", "--evemu", "{dir}/gap.events", "--out", "{dir}/frames/"],
                 message: "{dir}/gap.events runs 31536002 s: 1892160090 frames at 60 fps, more than the 100000 "
                     + "a render takes; render part of it with --duration or --frames"),
    ]

    @Test("A broken pen recording is one line with its file and line; nothing is rendered", arguments: badRecordings)
    func badRecording(_ bad: BadInput) throws {
        try check(bad)
    }
}
