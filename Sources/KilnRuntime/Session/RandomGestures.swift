import KilnCore

/// Endless random input for a scene, as a restless user gives it: drags, flicks, taps, pen
/// presses with changing pressure, two fingers at once, Undo, and now and then a pointer
/// that leaves the canvas or lets go elsewhere. `kiln soak` drives scenes with it; the same
/// seed gives the same input.
package struct RandomGestures {
    /// Something the user does at a scene time.
    package enum Action {
        /// A pointer event to hand to the scene.
        case pointer(PointerEvent)
        /// A key press to hand to the scene.
        case key(KeyPress)
    }

    private var random: SplitMix64
    private let canvas: Size
    /// Where the scene's main control is, when it has one: half the gestures start there.
    private let target: Point?
    private var gestures: [Gesture] = []
    private var nextStart = 0.0
    private var nextID = 1

    /// Gestures drawn from `seed` on a canvas `canvasSize` large; half of them start at `target` when given.
    package init(seed: UInt64, canvasSize: Size, target: Point?) {
        random = SplitMix64(seed: seed)
        canvas = canvasSize
        self.target = target
    }

    /// What happens from the last call up to `time`, in order.
    package mutating func actions(upTo time: Double) -> [Action] {
        var actions: [Action] = []
        while nextStart <= time {
            actions += start(at: nextStart)
            nextStart += 0.05 + random.nextUnit() * (gestures.isEmpty ? 0.6 : 2.5)
        }
        for index in gestures.indices {
            actions += gestures[index].events(upTo: time).map(Action.pointer)
        }
        gestures.removeAll { $0.isOver }
        return actions
    }

    /// Begins one gesture, or presses a key.
    private mutating func start(at time: Double) -> [Action] {
        let roll = random.nextUnit()
        if roll < 0.04 { return [.key(KeyPress("z", modifiers: .ctrl))] }
        let kinds: [PointerDevice] = [.mouse, .mouse, .touch, .pen]
        let device = roll < 0.1 ? .touch : kinds[Int(random.nextUnit() * Double(kinds.count)) % kinds.count]
        let from = startPoint()
        let to = roll < 0.55 ? somewhere(near: from, reach: 420) : somewhere(near: from, reach: 12)
        let duration = roll < 0.25 ? 0.05 + random.nextUnit() * 0.2 : 0.2 + random.nextUnit() * 3
        let pressure: (Double, Double)? = device == .pen || random.nextUnit() < 0.3
            ? (random.nextUnit(), random.nextUnit() < 0.2 ? 1 : random.nextUnit()) : nil
        let ending: PointerPhase = random.nextUnit() < 0.08 ? .cancelled : .ended
        gestures.append(Gesture(id: nextID, device: device, from: from, to: to, start: time, duration: duration,
                                pressure: pressure, ending: ending))
        nextID += 1
        return []
    }

    /// On the main control half the time, elsewhere on the canvas or a little beyond it otherwise.
    private mutating func startPoint() -> Point {
        if let target, random.nextUnit() < 0.5 {
            return Point(target.x + random.spread(30), target.y + random.spread(30))
        }
        return Point(random.nextUnit() * canvas.width * 1.1 - canvas.width * 0.05,
                     random.nextUnit() * canvas.height * 1.1 - canvas.height * 0.05)
    }

    private mutating func somewhere(near p: Point, reach: Double) -> Point {
        Point(p.x + random.spread(reach), p.y + random.spread(reach))
    }
}

/// One pointer's press, path and lift.
private struct Gesture {
    let id: Int
    let device: PointerDevice
    let from: Point
    let to: Point
    let start: Double
    let duration: Double
    /// Pressure at the start and at the end, when the device gives any.
    let pressure: (Double, Double)?
    let ending: PointerPhase
    private var emitted = -1
    private(set) var isOver = false

    init(id: Int, device: PointerDevice, from: Point, to: Point, start: Double, duration: Double,
         pressure: (Double, Double)?, ending: PointerPhase) {
        self.id = id
        self.device = device
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.pressure = pressure
        self.ending = ending
    }

    /// The events due up to `time`: a press, moves at 120 Hz on an eased path, the lift.
    mutating func events(upTo time: Double) -> [PointerEvent] {
        let steps = max(1, Int(duration * 120))
        var events: [PointerEvent] = []
        while !isOver, start + Double(emitted + 1) / 120 <= time {
            emitted += 1
            let progress = min(1, Double(emitted) / Double(steps))
            let eased = progress * progress * (3 - 2 * progress)
            let phase: PointerPhase = emitted == 0 ? .began : emitted >= steps ? ending : .moved
            let location = Point(from.x + (to.x - from.x) * eased, from.y + (to.y - from.y) * eased)
            let force = pressure.map { $0.0 + ($0.1 - $0.0) * progress }
            events.append(PointerEvent(id: id, phase: phase, location: location,
                                       timestamp: start + Double(emitted) / 120, device: device, pressure: force))
            if emitted >= steps { isOver = true }
        }
        return events
    }
}
