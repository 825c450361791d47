import KilnCore

/// What a fuzz script is played into: a scene session, a gesture dispatcher, ….
public protocol PointerFuzzTarget: AnyObject {
    /// One frame at time `time`, in seconds.
    func advance(to time: Double)
    /// One pointer event.
    func handle(_ event: PointerEvent)
    /// One key at time `time`.
    func handle(_ key: KeyPress, at time: Double)
}

/// Plays `PointerFuzzScript`s into a target on a manual timeline, with frames at a fixed rate
/// between the events, as a window would.
///
/// It remembers which pointers are down (began, and neither ended nor cancelled since) so
/// that `liftAll()` can let go of every one of them before the invariants are checked.
public final class PointerFuzzDriver {
    public let target: any PointerFuzzTarget
    /// The clock the target's services read; it follows the frames and the events.
    public let clock: ManualClock
    /// The canvas the script's places are on.
    public let canvas: Size
    /// The points that `Place.anchor` refers to, by index modulo their count.
    public var anchors: [Point]
    /// Frames per second between events.
    public var frameRate = 60.0
    /// The scene time of the latest frame or event, in seconds.
    public private(set) var time: Double
    /// The pointers down now, with the device and place of their latest event.
    public private(set) var pointersDown: [Int: (device: PointerDevice, location: Point)] = [:]
    private var lastLocations: [Int: Point] = [:]

    /// A driver at time `start` (after whatever frames the caller has run already).
    public init(target: any PointerFuzzTarget, clock: ManualClock = ManualClock(), canvas: Size,
                anchors: [Point] = [], start: Double = 0) {
        self.target = target
        self.clock = clock
        self.canvas = canvas
        self.anchors = anchors
        time = start
        if clock.now < start { clock.set(to: start) }
    }

    /// Runs frames up to time `end`, the last one exactly at `end`.
    public func run(until end: Double) {
        while time < end - 1e-9 {
            time = min(end, time + 1 / frameRate)
            clock.set(to: time)
            target.advance(to: time)
        }
    }

    /// Plays every step, calling `check` after each with the event sent, if any.
    public func play(_ script: PointerFuzzScript, check: (PointerEvent?) -> Void = { _ in }) {
        for step in script.steps {
            check(play(step))
        }
    }

    /// Waits for the step's pause, frames running, then sends its event or key; returns the event.
    @discardableResult
    public func play(_ step: PointerFuzzStep) -> PointerEvent? {
        run(until: time + step.delay)
        switch step.action {
        case .key(let key):
            target.handle(key, at: time)
            return nil
        case .pointer(let id, let phase, let device, let place, let pressure):
            let event = PointerEvent(id: id, phase: phase, location: resolve(place, for: id), timestamp: time,
                                     device: device, pressure: pressure,
                                     pressureSource: pressure == nil ? nil : "evdev",
                                     buttons: phase == .began || phase == .moved ? 1 : 0)
            send(event)
            return event
        }
    }

    /// Sends one event, keeping track of the pointers down.
    public func send(_ event: PointerEvent) {
        lastLocations[event.id] = event.location
        switch event.phase {
        case .began, .moved:
            if event.phase == .began || pointersDown[event.id] != nil {
                pointersDown[event.id] = (event.device, event.location)
            }
        case .ended, .cancelled:
            pointersDown[event.id] = nil
        case .hover:
            break
        }
        target.handle(event)
    }

    /// Lifts every pointer still down, where it is, in id order.
    public func liftAll() {
        for id in pointersDown.keys.sorted() {
            guard let pointer = pointersDown[id] else { continue }
            send(PointerEvent(id: id, phase: .ended, location: pointer.location, timestamp: time,
                              device: pointer.device, buttons: 0))
        }
    }

    /// Lifts every pointer, then lets `seconds` of frames run so that animations finish.
    public func settle(for seconds: Double = 5) {
        liftAll()
        run(until: time + seconds)
    }

    private func resolve(_ place: PointerFuzzStep.Place, for id: Int) -> Point {
        switch place {
        case .near(let dx, let dy):
            // A pointer last seen at NaN or infinity starts again from the centre.
            let last = lastLocations[id].flatMap { $0.isFinite ? $0 : nil }
            let from = last ?? Point(canvas.width / 2, canvas.height / 2)
            return Point(from.x + dx, from.y + dy)
        case .anchor(let index, let dx, let dy):
            guard !anchors.isEmpty else { return Point(canvas.width / 2 + dx, canvas.height / 2 + dy) }
            let anchor = anchors[index % anchors.count]
            return Point(anchor.x + dx, anchor.y + dy)
        case .at(let point):
            return point
        }
    }
}
