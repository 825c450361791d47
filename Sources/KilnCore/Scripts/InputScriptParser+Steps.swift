// The body of each step kind.
extension InputScriptParser {
    static func parseDown(_ body: ScriptField) throws(InputScriptError) -> ScriptStep {
        let object = try body.object(keys: ["at", "pointer", "pressure"])
        return .down(at: try object.required("at").point(),
                     pointer: try object.optional("pointer")?.pointer() ?? .mouse,
                     pressure: try object.optional("pressure")?.unitNumber())
    }

    static func parseMove(_ body: ScriptField) throws(InputScriptError) -> ScriptStep {
        let object = try body.object(keys: ["to", "duration", "curve", "pressure"])
        return .move(to: try object.required("to").target(),
                     duration: try object.optional("duration")?.duration() ?? ScriptStep.defaultMoveDuration,
                     curve: try object.optional("curve")?.curve() ?? .linear,
                     pressure: try object.optional("pressure")?.pressure())
    }

    static func parseHold(_ body: ScriptField) throws(InputScriptError) -> ScriptStep {
        let object = try body.object(keys: ["duration", "pressure"])
        return .hold(duration: try object.required("duration").duration(),
                     pressure: try object.optional("pressure")?.pressure())
    }

    static func parseDrag(_ body: ScriptField) throws(InputScriptError) -> ScriptStep {
        let object = try body.object(keys: ["from", "to", "duration", "curve", "pointer", "pressure"])
        return .drag(from: try object.required("from").point(),
                     to: try object.required("to").point(),
                     duration: try object.optional("duration")?.duration() ?? ScriptStep.defaultDragDuration,
                     curve: try object.optional("curve")?.curve() ?? .easeInOut,
                     pointer: try object.optional("pointer")?.pointer() ?? .mouse,
                     pressure: try object.optional("pressure")?.pressure())
    }

    static func parsePress(_ body: ScriptField) throws(InputScriptError) -> ScriptStep {
        let object = try body.object(keys: ["at", "duration", "pointer", "pressure"])
        return .press(at: try object.required("at").point(),
                      duration: try object.optional("duration")?.duration() ?? ScriptStep.defaultPressDuration,
                      pointer: try object.optional("pointer")?.pointer() ?? .mouse,
                      pressure: try object.optional("pressure")?.pressure())
    }

    static func parseTap(_ body: ScriptField) throws(InputScriptError) -> ScriptStep {
        let object = try body.object(keys: ["at", "duration", "pointer", "pressure"])
        return .tap(at: try object.required("at").point(),
                    duration: try object.optional("duration")?.duration() ?? ScriptStep.defaultTapDuration,
                    pointer: try object.optional("pointer")?.pointer() ?? .mouse,
                    pressure: try object.optional("pressure")?.unitNumber())
    }

    /// Raw events, whose times must not decrease.
    static func parseEvents(_ body: ScriptField) throws(InputScriptError) -> [ScriptEvent] {
        guard let elements = body.elements else {
            throw body.error("expected an array of events, found \(body.node.kindDescription)")
        }
        var events: [ScriptEvent] = []
        for element in elements {
            let event = try parseEvent(element)
            if let last = events.last, event.time < last.time {
                throw element.error("t \(event.time) is earlier than the event before (\(last.time)); times must not decrease")
            }
            events.append(event)
        }
        return events
    }

    static let eventKeys = ["t", "phase", "x", "y", "pointer", "pressure", "id", "buttons", "source"]

    private static func parseEvent(_ field: ScriptField) throws(InputScriptError) -> ScriptEvent {
        let object = try field.object(keys: eventKeys)
        let phaseField = try object.required("phase")
        let phaseName = try phaseField.string()
        guard let phase = PointerPhase(rawValue: phaseName) else {
            let names = PointerPhase.allCases.map(\.rawValue)
            throw phaseField.error("unknown phase \"\(phaseName)\" (expected \(ScriptField.list(names)))")
        }
        return ScriptEvent(time: try object.required("t").duration(), phase: phase,
                           location: Point(try object.required("x").number(), try object.required("y").number()),
                           device: try object.optional("pointer")?.pointer() ?? .mouse,
                           pressure: try object.optional("pressure")?.unitNumber(),
                           id: try object.optional("id")?.integer(),
                           buttons: try object.optional("buttons")?.integer(),
                           pressureSource: try object.optional("source")?.string())
    }
}
