// Writing scripts back as JSON, in the shape `InputScriptParser` reads: one step per line,
// one raw event per line, keys in a fixed order, so that captured files read well and
// diff cleanly.
extension InputScript {
    /// The script as JSON text that parses back to the same steps.
    public var jsonText: String {
        var lines = ["{"]
        if let scene { lines.append("  \"scene\": \(JSONText.string(scene)),") }
        if let device { lines.append("  \"device\": \(JSONText.string(device)),") }
        if let seed { lines.append("  \"seed\": \(seed),") }
        if steps.isEmpty {
            lines.append("  \"steps\": []")
        } else {
            lines.append("  \"steps\": [")
            let written = steps.map { "    " + $0.jsonText }
            lines.append(written.joined(separator: ",\n"))
            lines.append("  ]")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ScriptStep {
    /// The step as one JSON object (raw events: one line each).
    var jsonText: String {
        switch self {
        case .wait(let duration):
            return "{\"wait\": \(JSONText.number(duration))}"
        case .down(let at, let pointer, let pressure):
            return Self.step("down", [("at", at.jsonText), JSONText.pointer(pointer),
                                      pressure.map { ("pressure", JSONText.number($0)) }])
        case .move(let to, let duration, let curve, let pressure):
            return Self.step("move", [("to", to.jsonText), ("duration", JSONText.number(duration)),
                                      ("curve", JSONText.string(curve.rawValue)), pressure?.jsonField])
        case .hold(let duration, let pressure):
            return Self.step("hold", [("duration", JSONText.number(duration)), pressure?.jsonField])
        case .up:
            return "{\"up\": {}}"
        case .drag(let from, let to, let duration, let curve, let pointer, let pressure):
            return Self.step("drag", [("from", from.jsonText), ("to", to.jsonText),
                                      ("duration", JSONText.number(duration)),
                                      ("curve", JSONText.string(curve.rawValue)),
                                      JSONText.pointer(pointer), pressure?.jsonField])
        case .press(let at, let duration, let pointer, let pressure):
            return Self.step("press", [("at", at.jsonText), ("duration", JSONText.number(duration)),
                                       JSONText.pointer(pointer), pressure?.jsonField])
        case .tap(let at, let duration, let pointer, let pressure):
            return Self.step("tap", [("at", at.jsonText), ("duration", JSONText.number(duration)),
                                     JSONText.pointer(pointer), pressure.map { ("pressure", JSONText.number($0)) }])
        case .pinch(let pinch):
            return Self.step("pinch", [("center", pinch.center.jsonText), ("from", JSONText.number(pinch.startDistance)),
                                       ("to", JSONText.number(pinch.endDistance)), ("angle", JSONText.number(pinch.angle)),
                                       ("duration", JSONText.number(pinch.duration)),
                                       ("curve", JSONText.string(pinch.curve.rawValue))])
        case .rotate(let rotation):
            return Self.step("rotate", [("center", rotation.center.jsonText),
                                        ("distance", JSONText.number(rotation.distance)),
                                        ("from", JSONText.number(rotation.startAngle)),
                                        ("to", JSONText.number(rotation.endAngle)),
                                        ("duration", JSONText.number(rotation.duration)),
                                        ("curve", JSONText.string(rotation.curve.rawValue))])
        case .fingers(let fingers):
            let lines = fingers.map { "      " + $0.jsonText }
            return "{\"fingers\": [\n" + lines.joined(separator: ",\n") + "\n    ]}"
        case .key(let key):
            return "{\"key\": \(JSONText.string(key.description))}"
        case .events(let events):
            guard !events.isEmpty else { return "{\"events\": []}" }
            let lines = events.map { "      " + $0.jsonText }
            return "{\"events\": [\n" + lines.joined(separator: ",\n") + "\n    ]}"
        }
    }

    private static func step(_ kind: String, _ fields: [(String, String)?]) -> String {
        "{\"\(kind)\": \(JSONText.object(fields.compactMap { $0 }))}"
    }
}

extension ScriptEvent {
    /// The event as one line of JSON; fields that hold their defaults are left out.
    var jsonText: String {
        var fields: [(String, String)] = [
            ("t", JSONText.number(time)), ("phase", JSONText.string(phase.rawValue)),
            ("x", JSONText.number(location.x)), ("y", JSONText.number(location.y)),
        ]
        if let pointer = JSONText.pointer(device) { fields.append(pointer) }
        if let pressure { fields.append(("pressure", JSONText.number(pressure))) }
        if let id { fields.append(("id", String(id))) }
        if let buttons { fields.append(("buttons", String(buttons))) }
        if let pressureSource { fields.append(("source", JSONText.string(pressureSource))) }
        return JSONText.object(fields)
    }
}

extension ScriptFinger {
    /// The finger as one line of JSON, always in the path form.
    var jsonText: String {
        let points = path.map { keyframe in
            var fields = [("t", JSONText.number(keyframe.time)), ("at", keyframe.point.jsonText)]
            if keyframe.curve != .linear { fields.append(("curve", JSONText.string(keyframe.curve.rawValue))) }
            return JSONText.object(fields)
        }
        return "{\"path\": [" + points.joined(separator: ", ") + "]}"
    }
}

extension ScriptPoint {
    var jsonText: String {
        switch self {
        case .canvas(let p):
            return JSONText.pair(p)
        case .layer(let name, let anchor, let offset):
            var fields = [("layer", JSONText.string(name))]
            if anchor != Point(0.5, 0.5) { fields.append(("anchor", JSONText.pair(anchor))) }
            if offset != .zero { fields.append(("offset", JSONText.pair(offset))) }
            return JSONText.object(fields)
        }
    }
}

extension ScriptTarget {
    var jsonText: String {
        switch self {
        case .point(let point): point.jsonText
        case .by(let delta): JSONText.object([("by", JSONText.pair(delta))])
        }
    }
}

extension ScriptPressure {
    var jsonField: (String, String) {
        switch self {
        case .constant(let p): ("pressure", JSONText.number(p))
        case .ramp(let from, let to): ("pressure", "[\(JSONText.number(from)), \(JSONText.number(to))]")
        }
    }
}

/// Small JSON formatting helpers.
enum JSONText {
    /// Whole numbers without a fraction ("10"), others in Swift's shortest exact form.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func pair(_ p: Point) -> String { "[\(number(p.x)), \(number(p.y))]" }

    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// The "pointer" field, left out for the default mouse.
    static func pointer(_ device: PointerDevice) -> (String, String)? {
        device == .mouse ? nil : ("pointer", string(device.rawValue))
    }

    static func string(_ text: String) -> String {
        SceneEvent.jsonString(text)
    }
}
