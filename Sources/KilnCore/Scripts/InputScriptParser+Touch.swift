// The bodies of the multi-touch steps: pinch, rotate and fingers.

extension InputScriptParser {
    static func parsePinch(_ body: ScriptField) throws(InputScriptError) -> ScriptPinch {
        let object = try body.object(keys: ["center", "from", "to", "scale", "angle", "duration", "curve"])
        let start = try object.required("from").distance()
        let end: Double
        switch (object.optional("to"), object.optional("scale")) {
        case (let to?, nil):
            end = try to.distance()
        case (nil, let scale?):
            let factor = try scale.distance()
            end = start * factor
            guard end <= ScriptField.largestMagnitude else {
                throw scale.error("from × scale is \(end), out of range (numbers must be within ±1e6)")
            }
        case (_?, let scale?):
            throw scale.error("give either \"to\" or \"scale\", not both")
        case (nil, nil):
            throw body.error("missing \"to\" or \"scale\" (one of them is required)")
        }
        return ScriptPinch(center: try object.required("center").point(), startDistance: start, endDistance: end,
                           angle: try object.optional("angle")?.number() ?? 0,
                           duration: try object.optional("duration")?.duration() ?? ScriptStep.defaultDragDuration,
                           curve: try object.optional("curve")?.curve() ?? .easeInOut)
    }

    static func parseRotation(_ body: ScriptField) throws(InputScriptError) -> ScriptRotation {
        let object = try body.object(keys: ["center", "distance", "from", "to", "duration", "curve"])
        return ScriptRotation(center: try object.required("center").point(),
                              distance: try object.required("distance").distance(),
                              startAngle: try object.optional("from")?.number() ?? 0,
                              endAngle: try object.required("to").number(),
                              duration: try object.optional("duration")?.duration() ?? ScriptStep.defaultDragDuration,
                              curve: try object.optional("curve")?.curve() ?? .easeInOut)
    }

    /// One to `InputScript.maximumFingers` fingers.
    static func parseFingers(_ body: ScriptField) throws(InputScriptError) -> [ScriptFinger] {
        guard let elements = body.elements else {
            throw body.error("expected an array of fingers, found \(body.node.kindDescription)")
        }
        guard (1...InputScript.maximumFingers).contains(elements.count) else {
            throw body.error("expected 1 to \(InputScript.maximumFingers) fingers, found \(elements.count)")
        }
        var fingers: [ScriptFinger] = []
        for element in elements { fingers.append(try parseFinger(element)) }
        return fingers
    }

    /// `{"path": [{"t": T, "at": POINT, "curve": C}, …]}` or a drag's
    /// `{"from": POINT, "to": POINT, "start": T, "duration": D, "curve": C}`.
    private static func parseFinger(_ field: ScriptField) throws(InputScriptError) -> ScriptFinger {
        let object = try field.object(keys: ["path", "from", "to", "start", "duration", "curve"])
        guard let pathField = object.optional("path") else {
            return ScriptFinger(from: try object.required("from").point(), to: try object.required("to").point(),
                                start: try object.optional("start")?.duration() ?? 0,
                                duration: try object.optional("duration")?.duration() ?? ScriptStep.defaultDragDuration,
                                curve: try object.optional("curve")?.curve() ?? .easeInOut)
        }
        if let other = ["from", "to", "start", "duration", "curve"].lazy.compactMap(object.optional).first {
            throw other.error("a finger has either a \"path\" or a drag's \"from\" and \"to\", not both")
        }
        guard let elements = pathField.elements, elements.count >= 2 else {
            throw pathField.error("expected an array of at least two points like {\"t\": 0, \"at\": [x, y]}")
        }
        var path: [ScriptKeyframe] = []
        for element in elements {
            let point = try element.object(keys: ["t", "at", "curve"])
            let time = try point.required("t").duration()
            if let last = path.last, time < last.time {
                throw element.error("t \(time) is earlier than the point before (\(last.time)); times must not decrease")
            }
            path.append(ScriptKeyframe(time: time, point: try point.required("at").point(),
                                       curve: try point.optional("curve")?.curve() ?? .linear))
        }
        return ScriptFinger(path: path)
    }
}

extension ScriptField {
    /// A distance between fingers or a scale: a number above 0.
    func distance() throws(InputScriptError) -> Double {
        let value = try number()
        guard value > 0 else { throw error("expected a number above 0, found \(value)") }
        return value
    }
}
