import KilnCore

/// One thing a script makes happen: a pointer event or a key press, at a scene time.
package enum ScriptOutput: Hashable, Sendable {
    /// A pointer event; its timestamp is its scene time.
    case pointer(PointerEvent)
    /// A key press at a scene time.
    case key(KeyPress, time: Double)

    /// The scene time it happens at.
    package var time: Double {
        switch self {
        case .pointer(let event): event.timestamp
        case .key(_, let time): time
        }
    }

    /// Hands it to the scene's `handle` method.
    package func deliver(to scene: Scene) {
        switch self {
        case .pointer(let event): scene.deliver(event)
        case .key(let key, _): _ = scene.handle(key)
        }
    }
}

/// Plays an input script against a scene in scene time, frame by frame.
///
/// Each frame, before `scene.update(time:)`, the host calls `play(upTo:on:)` (which also
/// delivers the events) or `events(upTo:scene:)` (which leaves delivery to the host). Steps
/// run one after another from `startTime`; a step's layer-anchored points are read from
/// the scene's layers when the step starts. Moves, and holds that change pressure, emit
/// events at 120 Hz plus one at their exact end.
///
/// Pointer ids: the mouse is 0, the pen (and eraser) 1, a touch 2, the fingers of
/// `pinch`, `rotate` and `fingers` steps 10, 11, … in order; raw events may name other ids. Generated events that carry a pressure say it came from "script".
package struct ScriptPlayer {
    /// The rate at which moves and holds emit events.
    package static let sampleRate = 120.0

    /// The script being played.
    package let script: InputScript
    /// The scene time the script's first step starts at.
    package let startTime: Double
    /// The script's length in seconds; layer-anchored points never change it.
    package let duration: Double
    /// Why playing stopped early (a layer the scene does not have, or one covered whole
    /// where a step puts a pointer down on it), if it did.
    package private(set) var problem: InputScriptError?
    /// Steps aimed elsewhere than the script says, one line each, in order: a pointer put
    /// down on a layer that another covers there goes where the layer shows (`ScriptAim`).
    package private(set) var notes: [InputScriptError] = []

    private var nextStep = 0
    private var nextStepStart: Double
    /// The end of the step being played; `nil` between steps.
    private var stepEnd: Double?
    /// What the current step still has to emit: segments, and a position in them.
    private var pending: [ScriptSegment] = []
    private var segmentIndex = 0
    private var sampleIndex = 0
    private var pointer = ScriptPointer()

    /// A player that starts `script` at scene time `startTime`.
    package init(script: InputScript, startTime: Double = 0) {
        self.script = script
        self.startTime = startTime
        self.duration = script.duration
        self.nextStepStart = startTime
    }

    /// Whether every step has run to its end (or playing stopped on a problem).
    package var isFinished: Bool {
        problem != nil || (nextStep == script.steps.count && stepEnd == nil)
    }

    /// The scene time the script ends at.
    package var endTime: Double { startTime + duration }

    /// The id the player gives a device's events: mouse 0, pen and eraser 1, touch 2.
    package static func pointerID(for device: PointerDevice) -> Int {
        switch device {
        case .mouse: 0
        case .pen, .eraser: 1
        case .touch: 2
        }
    }

    /// The id of a multi-touch step's finger `index` (0 first): 10, 11, …, clear of the
    /// mouse's, the pen's and the single touch's.
    package static func fingerPointerID(_ index: Int) -> Int {
        10 + index
    }

    /// Everything due at or before `time`, in time order, without delivering it.
    ///
    /// Steps that start within this call read `scene`'s layers as they are now, before
    /// the earlier outputs have reached the scene; `play(upTo:on:)` avoids that.
    package mutating func events(upTo time: Double, scene: Scene) -> [ScriptOutput] {
        var outputs: [ScriptOutput] = []
        advance(upTo: time, root: scene.root) { outputs.append($0) }
        return outputs
    }

    /// Delivers everything due at or before `time` to `scene`, in order, and returns it
    /// (for touch indicators or logs); each step sees the scene after the steps before it.
    @discardableResult
    package mutating func play(upTo time: Double, on scene: Scene) -> [ScriptOutput] {
        var outputs: [ScriptOutput] = []
        advance(upTo: time, root: scene.root) { output in
            output.deliver(to: scene)
            outputs.append(output)
        }
        return outputs
    }

    private mutating func advance(upTo time: Double, root: Layer, emit: (ScriptOutput) -> Void) {
        while problem == nil {
            if let end = stepEnd {
                while let output = nextOutput(), output.time <= time {
                    emit(output)
                    sampleIndex += 1
                    if sampleIndex == pending[segmentIndex].count { segmentIndex += 1; sampleIndex = 0 }
                }
                guard segmentIndex == pending.count, end <= time else { return }
                stepEnd = nil
                nextStepStart = end
            } else {
                guard nextStep < script.steps.count, nextStepStart <= time else { return }
                beginStep(root: root, emit: emit)
            }
        }
    }

    /// The current step's next output, if it has one left.
    private func nextOutput() -> ScriptOutput? {
        guard segmentIndex < pending.count else { return nil }
        return pending[segmentIndex].output(sampleIndex)
    }

    /// Plans the next step's outputs; a layer that cannot be found stops the script.
    private mutating func beginStep(root: Layer, emit: (ScriptOutput) -> Void) {
        let index = nextStep
        let step = script.steps[index]
        let start = nextStepStart
        nextStep += 1
        let script = script
        var notes: [InputScriptError] = []
        defer { self.notes += notes }
        do {
            pending = try pointer.plan(step, at: start) { point, field throws(InputScriptError) in
                try Self.resolve(point, in: root, script: script, step: index, field: field, notes: &notes)
            }
            segmentIndex = 0
            sampleIndex = 0
            stepEnd = start + step.duration
        } catch {
            problem = error
            // Lift a pointer left down so the scene does not keep a stuck touch.
            if pointer.isDown { emit(pointer.event(.cancelled, at: start)) }
        }
    }

    /// A script point in canvas coordinates, read from the layer tree now; where a step puts
    /// a pointer down on a layer that another covers there, where the layer shows (said in
    /// `notes`), or an error when none of it shows.
    private static func resolve(_ point: ScriptPoint, in root: Layer, script: InputScript, step: Int, field: String,
                                notes: inout [InputScriptError]) throws(InputScriptError) -> Point {
        switch point {
        case .canvas(let p):
            return p
        case .layer(let name, let anchor, let offset):
            guard let layer = root.layer(named: name) else {
                throw problem(in: script, step: step, field: field, "the scene has no layer named \"\(name)\"")
            }
            let frame = layer.frame
            let inFrame = Point(frame.minX + anchor.x * frame.width, frame.minY + anchor.y * frame.height)
            let onCanvas = (layer.superlayer?.convert(inFrame, to: nil) ?? inFrame) + offset
            guard let contact = contact(of: script.steps[step], field: field) else { return onCanvas }
            switch ScriptAim.aim(at: onCanvas, on: layer, in: root) {
            case .clear:
                return onCanvas
            case .moved(let shown, let cover):
                notes.append(problem(in: script, step: step, field: field,
                                     "the \(contact) on \"\(name)\" lands on \(cover), which covers it there; aimed at "
                                         + "(\(Int(shown.x.rounded())), \(Int(shown.y.rounded()))) instead, where \"\(name)\" shows"))
                return shown
            case .covered(let cover):
                throw problem(in: script, step: step, field: field,
                              "the \(contact) on \"\(name)\" lands on \(cover), which covers all of it")
            }
        }
    }

    /// What a step's point is for when it puts a pointer down there ("tap", "press",
    /// "drag"); `nil` for points a pointer moves to or fingers gather about.
    private static func contact(of step: ScriptStep, field: String) -> String? {
        switch (step, field) {
        case (.tap, "at"): "tap"
        case (.press, "at"), (.down, "at"): "press"
        case (.drag, "from"): "drag"
        default: nil
        }
    }

    /// A problem with step `step`'s `field`, at the step's line of the script.
    private static func problem(in script: InputScript, step: Int, field: String, _ message: String) -> InputScriptError {
        let source = script.source
        let line = source.flatMap { $0.stepLines.indices.contains(step) ? $0.stepLines[step] : nil }
        return InputScriptError(file: source?.file ?? "script", line: line ?? 0,
                                field: "steps[\(step)].\(script.steps[step].kind)" + (field.hasPrefix("[") ? field : ".\(field)"),
                                message: message)
    }
}
