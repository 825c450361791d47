import Foundation

/// Reads input scripts (X6) from JSON, reporting the line and field of any problem.
///
/// The reading is strict so that typing mistakes surface at once: unknown keys, unknown
/// step kinds, pointers, curves and key names, wrong types, negative durations,
/// pressures outside 0…1 and numbers beyond ±1e6 are all errors. Steps are also checked
/// against the pointer's state: no `down` while it is down, no `up` or `hold` while it is up.
public enum InputScriptParser {
    /// Every step kind, in the order the documentation lists them.
    public static let stepKinds = ["wait", "down", "move", "hold", "up", "drag", "press", "tap", "key", "events",
                                   "pinch", "rotate", "fingers"]

    /// Parses `text`; errors name `file`.
    public static func parse(_ text: String, file: String = "script.json") throws(InputScriptError) -> InputScript {
        if text.allSatisfy(\.isWhitespace) {
            throw InputScriptError(file: file, line: 0, field: "",
                                   message: "the file is empty; a script is an object like {\"steps\": [{\"wait\": 1}]}")
        }
        let root: JSONNode
        do {
            root = try JSONReader.read(text)
        } catch {
            throw InputScriptError(file: file, line: error.line, field: "", message: error.message)
        }
        return try parseScript(ScriptField(node: root, path: "", file: file))
    }

    /// Reads and parses the file at `url`; errors name the file's last path component.
    public static func parse(contentsOf url: URL) throws(InputScriptError) -> InputScript {
        let file = url.lastPathComponent
        let text: String
        do {
            text = try TextFile.read(url.path)
        } catch {
            throw InputScriptError(file: file, line: 0, field: "", message: error.description)
        }
        return try parse(text, file: file)
    }

    private static func parseScript(_ field: ScriptField) throws(InputScriptError) -> InputScript {
        let object = try field.object(keys: ["scene", "device", "seed", "steps"])
        var script = InputScript(steps: [])
        script.scene = try object.optional("scene")?.string()
        if let device = object.optional("device") {
            let name = try device.string()
            guard DevicePreset.named(name) != nil else {
                let names = DevicePreset.all.map(\.name)
                throw device.error("unknown device \"\(name)\" (expected \(ScriptField.list(names)))")
            }
            script.device = name
        }
        script.seed = try object.optional("seed").map(parseSeed)
        let stepsField = try object.required("steps")
        guard let elements = stepsField.elements else {
            throw stepsField.error("expected an array of steps, found \(stepsField.node.kindDescription)")
        }
        var pointer = PointerCheck()
        for element in elements {
            let step = try parseStep(element)
            try pointer.check(step, element)
            script.steps.append(step)
        }
        script.source = ScriptSource(file: field.file, stepLines: elements.map(\.node.line))
        return script
    }

    private static func parseSeed(_ field: ScriptField) throws(InputScriptError) -> UInt64 {
        guard case .number(let value) = field.node.value else {
            throw field.error("expected a number, found \(field.node.kindDescription)")
        }
        // Seeds may be larger than points, but must be whole and exact in a Double.
        guard value >= 0, value <= 9_007_199_254_740_992, value == value.rounded() else {
            throw field.error("expected a whole number from 0 to 2^53, found \(value)")
        }
        return UInt64(value)
    }

    /// One step: an object with exactly one key, the step's kind.
    static func parseStep(_ field: ScriptField) throws(InputScriptError) -> ScriptStep {
        guard case .object(let members) = field.node.value, members.count == 1 else {
            throw field.error("expected a step with one kind, like {\"wait\": 1.0} (kinds: "
                              + ScriptField.list(stepKinds) + ")")
        }
        let member = members[0]
        let body = field.member(member)
        switch member.key {
        case "wait": return .wait(try body.duration())
        case "down": return try parseDown(body)
        case "move": return try parseMove(body)
        case "hold": return try parseHold(body)
        case "up": _ = try body.object(keys: []); return .up
        case "drag": return try parseDrag(body)
        case "press": return try parsePress(body)
        case "tap": return try parseTap(body)
        case "key": return .key(try body.key())
        case "events": return .events(try parseEvents(body))
        case "pinch": return .pinch(try parsePinch(body))
        case "rotate": return .rotate(try parseRotation(body))
        case "fingers": return .fingers(try parseFingers(body))
        default:
            throw body.error("unknown step kind (expected \(ScriptField.list(stepKinds)))", line: member.line)
        }
    }
}

/// Follows whether the script's pointer is down, to catch steps that make no sense.
private struct PointerCheck {
    var isDown = false

    mutating func check(_ step: ScriptStep, _ field: ScriptField) throws(InputScriptError) {
        let stepField = ScriptField(node: field.node, path: "\(field.path).\(step.kind)", file: field.file)
        switch step {
        case .down, .drag, .press, .tap:
            if isDown {
                throw stepField.error("the pointer is already down; lift it first with {\"up\": {}}")
            }
            if case .down = step { isDown = true }
        case .hold, .up:
            if !isDown {
                throw stepField.error("the pointer is not down; put it down first with {\"down\": …}")
            }
            if case .up = step { isDown = false }
        case .wait, .move, .key, .events, .pinch, .rotate, .fingers:
            // Multi-touch steps bring fingers of their own, whatever the pointer does.
            break
        }
    }
}
