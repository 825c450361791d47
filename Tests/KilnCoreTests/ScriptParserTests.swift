import Foundation
import KilnCore
import KilnTestSupport
import Testing

@Suite("Input script parsing")
struct ScriptParserTests {
    @Test("The example script parses into its thirteen steps, one of each kind")
    func issueExample() throws {
        let script = try InputScriptParser.parse(everyStepScript, file: "example.json")

        #expect(script.scene == "laser" && script.device == "iphone-14" && script.seed == 1)
        #expect(script.steps.map(\.kind) == InputScriptParser.stepKinds)
        #expect(script.steps[2] == .move(to: .point(.layer("laser", anchor: Point(0.5, 0), offset: Point(0, -10))),
                                         duration: 0.8, curve: .easeInOut, pressure: .ramp(from: 0.3, to: 0.6)))
        #expect(script.steps[8] == .key(KeyPress("z", modifiers: .ctrl)))
        #expect(script.steps[9] == .events([ScriptEvent(time: 0, phase: .began, location: Point(10, 20),
                                                        device: .pen, pressure: 0.1)]))
        #expect(script.source?.stepLines == Array(2...14))
    }

    @Test("Left-out fields take their defaults: mouse, linear moves, eased drags, sensible durations")
    func defaults() throws {
        let text = """
        {"steps": [{"move": {"to": {"by": [5, 0]}}}, {"drag": {"from": [0, 0], "to": {"layer": "x"}}},
                   {"press": {"at": [1, 2]}}, {"tap": {"at": [3, 4]}}]}
        """

        let script = try InputScriptParser.parse(text)

        #expect(script.steps == [
            .move(to: .by(Point(5, 0)), duration: 0.3, curve: .linear, pressure: nil),
            .drag(from: .canvas(.zero), to: .layer("x", anchor: Point(0.5, 0.5), offset: .zero),
                  duration: 0.5, curve: .easeInOut, pointer: .mouse, pressure: nil),
            .press(at: .canvas(Point(1, 2)), duration: 1.0, pointer: .mouse, pressure: nil),
            .tap(at: .canvas(Point(3, 4)), duration: 0.08, pointer: .mouse, pressure: nil),
        ])
        #expect(script.scene == nil && script.device == nil && script.seed == nil)
    }

    @Test("Writing a script as JSON and reading it back gives the same steps")
    func roundTrip() throws {
        let original = try InputScriptParser.parse(everyStepScript)
        var script = original
        script.steps.append(.events([
            ScriptEvent(time: 0.1, phase: .moved, location: Point(0.1, 1e-5), device: .touch,
                        pressure: 1.0 / 3, id: 1003, buttons: 5, pressureSource: "a \"quoted\"\nsource"),
            ScriptEvent(time: 0.2, phase: .hover, location: Point(-4, 5.5)),
        ]))

        let reread = try InputScriptParser.parse(script.jsonText)

        #expect(reread.steps == script.steps)
        #expect(reread.scene == "laser" && reread.device == "iphone-14" && reread.seed == 1)
        #expect(InputScript(steps: []).jsonText == "{\n  \"steps\": []\n}\n")
    }

    @Test("The error message has the file:line: field: message form")
    func errorForm() {
        let text = """
        {"scene": "laser",
         "steps": [
          {"wait": 0.5},
          {"down": {"at": [100, 200]}},
          {"wait": 1},
          {"move": {"duration": 0.5,
                    "to": "left"}}
         ]}
        """

        let error = parseError(text, file: "laser-delete.json")

        #expect(error?.description
                == "laser-delete.json:7: steps[3].move.to: expected [x, y], a layer point or {\"by\": [dx, dy]}")
    }

    /// One bad script: its text, and the line and field its error must name.
    struct BadScript: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var field: String
        var message: String
        var testDescription: String { field.isEmpty ? message : field }
    }

    static let badScripts: [BadScript] = [
        BadScript(text: "{\"steps\": [\n{\"wait\": 1}\n{\"wait\": 2}]}", line: 3, field: "", message: "expected ',' or ']'"),
        BadScript(text: "{\"steps\": [\n\"unterminated]}", line: 2, field: "", message: "unterminated string"),
        BadScript(text: "{\"steps\": [], \"steps\": []}", line: 1, field: "", message: "duplicate key"),
        BadScript(text: "{\"scene\": \"laser\"}", line: 1, field: "steps", message: "missing"),
        BadScript(text: "{\"stpes\": []}", line: 1, field: "stpes", message: "unknown key"),
        BadScript(text: "{\"device\": \"iphone-99\", \"steps\": []}", line: 1, field: "device", message: "unknown device"),
        BadScript(text: "{\"steps\": [\n{\"wiat\": 1}]}", line: 2, field: "steps[0].wiat", message: "unknown step kind"),
        BadScript(text: "{\"steps\": [\n{\"wait\": 1, \"up\": {}}]}", line: 2, field: "steps[0]", message: "one kind"),
        BadScript(text: "{\"steps\": [{\"move\": {\"to\": [1, 2],\n\"durtion\": 1}}]}", line: 2,
                  field: "steps[0].move.durtion", message: "unknown key (expected to, duration, curve or pressure)"),
        BadScript(text: "{\"steps\": [\n{\"wait\": \"1s\"}]}", line: 2, field: "steps[0].wait", message: "expected a number, found a string"),
        BadScript(text: "{\"steps\": [\n\n{\"wait\": -0.5}]}", line: 3, field: "steps[0].wait", message: "must not be negative"),
        BadScript(text: "{\"steps\": [{\"tap\": {\"at\":\n[1e7, 0]}}]}", line: 2, field: "steps[0].tap.at[0]", message: "out of range"),
        BadScript(text: "{\"steps\": [{\"tap\": {\"at\": [1e400, 0]}}]}", line: 1, field: "steps[0].tap.at[0]", message: "out of range"),
        BadScript(text: "{\"steps\": [\n{\"down\": {\"at\": [0, 0], \"pressure\": 1.5}}]}", line: 2,
                  field: "steps[0].down.pressure", message: "pressure 1.5 is outside 0…1"),
        BadScript(text: "{\"steps\": [{\"press\": {\"at\": [0, 0], \"pressure\": [0,\n-0.1]}}]}", line: 2,
                  field: "steps[0].press.pressure[1]", message: "outside 0…1"),
        BadScript(text: "{\"steps\": [{\"press\": {\"at\": [0, 0], \"pressure\": \"hard\"}}]}", line: 1,
                  field: "steps[0].press.pressure", message: "[from, to] ramp"),
        BadScript(text: "{\"steps\": [\n{\"key\": \"ctrl+zz\"}]}", line: 2, field: "steps[0].key", message: "unknown key \"ctrl+zz\""),
        BadScript(text: "{\"steps\": [{\"key\": \"hyper+z\"}]}", line: 1, field: "steps[0].key", message: "unknown key"),
        BadScript(text: "{\"steps\": [{\"tap\": {\"at\": [0, 0],\n\"pointer\": \"stylus\"}}]}", line: 2,
                  field: "steps[0].tap.pointer", message: "unknown pointer \"stylus\""),
        BadScript(text: "{\"steps\": [{\"drag\": {\"from\": [0, 0], \"curve\": \"bounce\", \"to\": [1, 1]}}]}", line: 1,
                  field: "steps[0].drag.curve", message: "unknown curve"),
        BadScript(text: "{\"steps\": [\n{\"drag\":\n{\"from\": [0, 0]}}]}", line: 3, field: "steps[0].drag.to", message: "missing"),
        BadScript(text: "{\"steps\": [{\"drag\": {\"from\": {\"by\": [1, 1]}, \"to\": [0, 0]}}]}", line: 1,
                  field: "steps[0].drag.from", message: "only allowed as a move's target"),
        BadScript(text: "{\"steps\": [{\"tap\": {\"at\": {\"layer\": \"card\", \"ancor\": [0, 0]}}}]}", line: 1,
                  field: "steps[0].tap.at.ancor", message: "unknown key"),
        BadScript(text: "{\"steps\": [{\"tap\": {\"at\": [1, 2, 3]}}]}", line: 1,
                  field: "steps[0].tap.at", message: "expected [x, y] or a layer point"),
        BadScript(text: "{\"steps\": [\n{\"up\": {}}]}", line: 2, field: "steps[0].up", message: "not down"),
        BadScript(text: "{\"steps\": [{\"down\": {\"at\": [0, 0]}},\n{\"tap\": {\"at\": [0, 0]}}]}", line: 2,
                  field: "steps[1].tap", message: "already down"),
        BadScript(text: "{\"steps\": [{\"events\": [{\"t\": 0.2, \"phase\": \"began\", \"x\": 0, \"y\": 0},\n{\"t\": 0.1, \"phase\": \"ended\", \"x\": 0, \"y\": 0}]}]}",
                  line: 2, field: "steps[0].events[1]", message: "times must not decrease"),
        BadScript(text: "{\"steps\": [{\"events\": [{\"t\": 0, \"phase\": \"pressed\", \"x\": 0, \"y\": 0}]}]}", line: 1,
                  field: "steps[0].events[0].phase", message: "unknown phase"),
        BadScript(text: "{\"steps\": [{\"events\": [\n{\"t\": 0, \"phase\": \"began\", \"x\": 0}]}]}", line: 2,
                  field: "steps[0].events[0].y", message: "missing"),
    ]

    @Test("Each kind of mistake names the right line and field", arguments: badScripts)
    func errors(_ bad: BadScript) {
        let error = parseError(bad.text, file: "bad.json")

        #expect(error?.line == bad.line)
        #expect(error?.field == bad.field)
        #expect(error?.message.contains(bad.message) == true, "\(String(describing: error))")
    }

    @Test("An unreadable file is reported by name, without a line")
    func unreadableFile() {
        let url = URL(fileURLWithPath: "/nonexistent/kiln/missing-script.json")

        var description: String?
        do { _ = try InputScriptParser.parse(contentsOf: url) } catch { description = error.description }

        #expect(description == "missing-script.json: no such file")
    }

    @Test("A folder, a device and a file that is not UTF-8 each say what they are")
    func filesThatAreNotScripts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-scripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let latin1 = folder.appendingPathComponent("latin1.json")
        try Data([0x7B, 0xE9, 0x7D]).write(to: latin1)
        func message(_ url: URL) -> String? {
            do { _ = try InputScriptParser.parse(contentsOf: url) } catch { return error.description }
            return nil
        }

        #expect(message(folder) == "\(folder.lastPathComponent): is a folder, not a file")
        #expect(message(URL(fileURLWithPath: "/dev/zero")) == "zero: is not a regular file")
        #expect(message(latin1) == "latin1.json: is not UTF-8 text")
    }

    static let scriptsOfTheWrongShape: [(text: String, description: String)] = [
        ("", "bad.json: the file is empty; a script is an object like {\"steps\": [{\"wait\": 1}]}"),
        (" \n\t\n", "bad.json: the file is empty; a script is an object like {\"steps\": [{\"wait\": 1}]}"),
        ("{\"scene\": \"laser\", \"steps\": [{\"wait\": 1", "bad.json:1: unexpected end of the file (expected ',' or '}')"),
        ("steps: wait 1", "bad.json:1: unexpected character 's'"),
        ("[{\"wait\": 1}]", "bad.json:1: expected an object, found an array"),
        ("{\"steps\": [{\"tap\": {\"at\": 5}}]}",
         "bad.json:1: steps[0].tap.at: expected [x, y] or a layer point {\"layer\": NAME, \"anchor\": [ax, ay], \"offset\": [dx, dy]}"),
        ("{\"steps\": [{\"wait\": \"NaN\"}]}", "bad.json:1: steps[0].wait: expected a number, found a string"),
        ("{\"steps\": [{\"wait\": 1e999}]}", "bad.json:1: steps[0].wait: inf is out of range (numbers must be within ±1e6)"),
        ("{\"steps\": [{\"wait\": 1e308}]}", "bad.json:1: steps[0].wait: 1e+308 is out of range (numbers must be within ±1e6)"),
        ("{\"steps\": [{\"hold\": {\"duration\": 31536000}}]}",
         "bad.json:1: steps[0].hold.duration: 31536000.0 is out of range (numbers must be within ±1e6)"),
    ]

    @Test("Empty, cut-off, non-JSON, wrongly typed and out-of-range scripts are one exact line each",
          arguments: scriptsOfTheWrongShape)
    func wrongShapes(_ bad: (text: String, description: String)) {
        let error = parseError(bad.text, file: "bad.json")

        #expect(error?.description == bad.description)
    }

    @Test("Known key names parse and their modifiers are kept", arguments: ["escape", "f12", "1", "ctrl+shift+z", "/"])
    func keyNames(_ name: String) throws {
        let script = try InputScriptParser.parse("{\"steps\": [{\"key\": \"\(name)\"}]}")

        #expect(script.steps == [.key(try #require(KeyPress(parsing: name)))])
    }

    private func parseError(_ text: String, file: String) -> InputScriptError? {
        do {
            _ = try InputScriptParser.parse(text, file: file)
            return nil
        } catch {
            return error
        }
    }
}
