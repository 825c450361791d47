import Kiln

extension SceneHarness {
    /// The rate at which moves send pointer events, as a display's input arrives.
    public static var pointerRate: Double { 120 }

    /// Sends one pointer event at the pointer, moved to `point` first when one is given.
    ///
    /// A pen is pointer 1 and a mouse pointer 0; buttons are down from `.began` until the
    /// pointer lifts.
    public func send(_ phase: PointerPhase, at point: Point? = nil) {
        if let point { pointer = point }
        scene.deliver(PointerEvent(id: device == .mouse ? 0 : 1, phase: phase, location: pointer, timestamp: time,
                                  device: device, pressure: pressure, pressureSource: pressure == nil ? nil : source,
                                  buttons: phase == .began || phase == .moved ? 1 : 0))
    }

    /// Puts the pointer down at `point`.
    public func down(at point: Point) { send(.began, at: point) }

    /// Lifts the pointer where it is.
    public func up() { send(.ended) }

    /// Runs frames up to each 120 Hz step of `duration`, then moves the pointer by that
    /// step's share of `dx, dy` and sends a `phase` event.
    public func move(by dx: Double, _ dy: Double = 0, duration: Double = 0.4, phase: PointerPhase = .moved) {
        let start = pointer, begin = time
        let steps = max(1, Int((duration * Self.pointerRate).rounded()))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            run(until: begin + duration * f)
            pointer = Point(start.x + dx * f, start.y + dy * f)
            send(phase)
        }
    }

    /// Runs frames up to each 120 Hz step of `duration`, then moves the pointer by that
    /// step's share of the way to `point` and sends a `.moved` event.
    public func move(to point: Point, duration: Double = 0.2) {
        let start = pointer, begin = time
        let steps = max(1, Int((duration * Self.pointerRate).rounded()))
        for i in 1...steps {
            run(until: begin + duration * Double(i) / Double(steps))
            pointer = start + (point - start) * (Double(i) / Double(steps))
            send(.moved)
        }
    }

    /// Moves the held pointer by `dx, dy` at a steady speed over `duration`, as a window
    /// delivers it: a `.moved` event every 1/120 s, and a frame after the events whenever
    /// one is due at `framesPerSecond`, then a last frame at the end.
    public func drag(by dx: Double, _ dy: Double, over duration: Double) {
        let start = pointer
        let samples = max(1, Int((duration * Self.pointerRate).rounded()))
        let eventsPerFrame = max(1, Int((Self.pointerRate / framesPerSecond).rounded()))
        for k in 1...samples {
            time += duration / Double(samples)
            pointer = Point(start.x + dx * Double(k) / Double(samples), start.y + dy * Double(k) / Double(samples))
            send(.moved)
            if k % eventsPerFrame == 0 { frame() }
        }
        frame()
    }

    /// Puts the pointer down at `point`, drags it by `dx, dy` over `duration`, holds it
    /// still for `hold` seconds (frames running; a last `.moved` where it rests tells the
    /// scene it stopped) and lifts it.
    public func drag(from point: Point, by dx: Double, _ dy: Double, over duration: Double, hold: Double = 0) {
        down(at: point)
        drag(by: dx, dy, over: duration)
        if hold > 0 {
            wait(hold)
            send(.moved)
        }
        up()
    }

    /// A short press and release at `point`.
    public func tap(at point: Point) {
        send(.began, at: point)
        wait(0.05)
        send(.ended)
    }
}
