/// A scripted run of pointer and key input (X6), as read from a `.json` file.
///
/// Steps run one after another in scene time. The script drives one pointer (mouse, pen
/// or touch) through `down`, `move`, `hold` and `up`, or through the compound `drag`,
/// `press` and `tap`; `pinch`, `rotate` and `fingers` put several touch fingers down at
/// once; raw `events` steps replay recorded input verbatim.
public struct InputScript: Hashable, Sendable {
    /// The most fingers one `fingers` step may put down.
    package static let maximumFingers = 10

    /// The scene to open ("laser"), if the script names one.
    public var scene: String?
    /// The device preset to show it on ("iphone-14"), if the script names one.
    public var device: String?
    /// The seed for the scene's random generator, if the script names one.
    public var seed: UInt64?
    /// What happens, in order.
    public var steps: [ScriptStep]
    /// Where the script was read from, for error messages; `nil` for scripts made in code.
    public var source: ScriptSource?

    /// A script made in code.
    public init(scene: String? = nil, device: String? = nil, seed: UInt64? = nil,
                steps: [ScriptStep], source: ScriptSource? = nil) {
        self.scene = scene
        self.device = device
        self.seed = seed
        self.steps = steps
        self.source = source
    }

    /// How long the script runs, in seconds: the sum of its steps' durations.
    public var duration: Double {
        steps.reduce(0) { $0 + $1.duration }
    }
}

/// The file a script came from and the line each of its steps starts on.
public struct ScriptSource: Hashable, Sendable {
    /// The file's name as errors show it ("laser-delete.json").
    public var file: String
    /// The line of `steps[i]`, one per step.
    public var stepLines: [Int]

    /// A source with the given file name and step lines.
    public init(file: String, stepLines: [Int]) {
        self.file = file
        self.stepLines = stepLines
    }
}

/// One step of an input script.
public enum ScriptStep: Hashable, Sendable {
    /// Lets time pass, in seconds.
    case wait(Double)
    /// Puts the pointer down at a point; a pen or touch may start with a pressure.
    case down(at: ScriptPoint, pointer: PointerDevice = .mouse, pressure: Double? = nil)
    /// Moves the pointer (dragging if it is down, hovering if not) along a timing curve.
    case move(to: ScriptTarget, duration: Double = ScriptStep.defaultMoveDuration,
              curve: ScriptCurve = .linear, pressure: ScriptPressure? = nil)
    /// Keeps the pointer down and still, optionally changing its pressure.
    case hold(duration: Double, pressure: ScriptPressure? = nil)
    /// Lifts the pointer where it is.
    case up
    /// Down at `from`, a move to `to`, up.
    case drag(from: ScriptPoint, to: ScriptPoint, duration: Double = ScriptStep.defaultDragDuration,
              curve: ScriptCurve = .easeInOut, pointer: PointerDevice = .mouse,
              pressure: ScriptPressure? = nil)
    /// Down at a point, held still for `duration` with the pressure ramp, then up.
    case press(at: ScriptPoint, duration: Double = ScriptStep.defaultPressDuration,
               pointer: PointerDevice = .mouse, pressure: ScriptPressure? = nil)
    /// Down and up at a point, `duration` apart.
    case tap(at: ScriptPoint, duration: Double = ScriptStep.defaultTapDuration,
             pointer: PointerDevice = .mouse, pressure: Double? = nil)
    /// Two touch fingers moving apart or together about a centre.
    case pinch(ScriptPinch)
    /// Two touch fingers turning about a centre.
    case rotate(ScriptRotation)
    /// Several touch fingers, each along its own path, all timed from the step's start.
    case fingers([ScriptFinger])
    /// A key press ("ctrl+z").
    case key(KeyPress)
    /// Recorded pointer events, timed from the step's start.
    case events([ScriptEvent])

    /// A move's duration when the script gives none.
    public static let defaultMoveDuration = 0.3
    /// A drag's duration when the script gives none.
    public static let defaultDragDuration = 0.5
    /// A press's duration when the script gives none.
    public static let defaultPressDuration = 1.0
    /// A tap's duration (down to up) when the script gives none.
    public static let defaultTapDuration = 0.08

    /// How long the step takes, in seconds (raw events: the time of the last one).
    public var duration: Double {
        switch self {
        case .wait(let d), .move(_, let d, _, _), .hold(let d, _), .drag(_, _, let d, _, _, _),
             .press(_, let d, _, _), .tap(_, let d, _, _):
            d
        case .down, .up, .key:
            0
        case .events(let events):
            events.map(\.time).max() ?? 0
        case .pinch(let pinch):
            pinch.duration
        case .rotate(let rotation):
            rotation.duration
        case .fingers(let fingers):
            fingers.map(\.endTime).max() ?? 0
        }
    }

    /// The step's name in a script: "wait", "drag", …
    public var kind: String {
        switch self {
        case .wait: "wait"
        case .down: "down"
        case .move: "move"
        case .hold: "hold"
        case .up: "up"
        case .drag: "drag"
        case .press: "press"
        case .tap: "tap"
        case .key: "key"
        case .events: "events"
        case .pinch: "pinch"
        case .rotate: "rotate"
        case .fingers: "fingers"
        }
    }
}

/// A place on the canvas, fixed or read from a layer when its step starts.
public enum ScriptPoint: Hashable, Sendable {
    /// Canvas points.
    case canvas(Point)
    /// The point at unit coordinates `anchor` of the named layer's frame, moved by `offset`
    /// canvas points.
    case layer(String, anchor: Point = Point(0.5, 0.5), offset: Point = .zero)
}

/// Where a move goes: a point, or a displacement from where the pointer is.
public enum ScriptTarget: Hashable, Sendable {
    /// A fixed or layer-anchored point.
    case point(ScriptPoint)
    /// Relative to the pointer's location when the move starts.
    case by(Point)
}

/// A pressure that stays put or ramps linearly in time over its step.
public enum ScriptPressure: Hashable, Sendable {
    /// The same pressure throughout.
    case constant(Double)
    /// From one pressure to another.
    case ramp(from: Double, to: Double)

    /// The pressure a fraction `t` (0…1) through the step.
    public func value(at t: Double) -> Double {
        switch self {
        case .constant(let p): p
        case .ramp(let from, let to): from + (to - from) * min(max(t, 0), 1)
        }
    }
}

/// The timing curves a script can name.
public enum ScriptCurve: String, Hashable, Sendable, CaseIterable {
    /// The curves of the same names in `TimingFunction` ("easeInOut" is `easeInEaseOut`).
    case linear, easeIn, easeOut, easeInOut
    /// Core Animation's default curve.
    case `default`

    /// The curve as a `TimingFunction`.
    public var timingFunction: TimingFunction {
        switch self {
        case .linear: .linear
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .easeInOut: .easeInEaseOut
        case .default: .default
        }
    }
}

/// One recorded pointer event inside an `events` step.
public struct ScriptEvent: Hashable, Sendable {
    /// Seconds from the start of its step.
    public var time: Double
    /// The event's phase.
    public var phase: PointerPhase
    /// In canvas points.
    public var location: Point
    /// The device that made it.
    public var device: PointerDevice
    /// Normalized 0…1, if the device reported pressure.
    public var pressure: Double?
    /// The pointer id; `nil` means the device's usual one (`ScriptPlayer.pointerID(for:)`).
    public var id: Int?
    /// Held buttons; `nil` means 1 while in contact (began, moved) and 0 otherwise.
    public var buttons: Int?
    /// Where the pressure came from; `nil` means "script" when there is a pressure.
    public var pressureSource: String?

    /// An event at `time` seconds from its step's start.
    public init(time: Double, phase: PointerPhase, location: Point, device: PointerDevice = .mouse,
                pressure: Double? = nil, id: Int? = nil, buttons: Int? = nil,
                pressureSource: String? = nil) {
        self.time = time
        self.phase = phase
        self.location = location
        self.device = device
        self.pressure = pressure
        self.id = id
        self.buttons = buttons
        self.pressureSource = pressureSource
    }
}
