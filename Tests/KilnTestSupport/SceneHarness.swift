import KilnCore

/// Drives one scene at 120 Hz on a manual timeline, with recording services.
///
/// The harness holds what every scene test needs: the clock, the recorders, the pointer and
/// the frames. Each scene's tests add their own gestures in an extension constrained to
/// their scene (`extension SceneHarness where S == LaserScene`).
///
/// ```swift
/// let h = SceneHarness(settlingFor: 0.2) { MailboxScene(context: $0) }
/// h.send(.began, at: Point(200, 120))
/// h.wait(0.05)
/// h.send(.ended)
/// #expect(h.names("message.tapped").count == 1)
/// ```
public final class SceneHarness<S: Scene> {
    /// The clock the haptics recorder reads; it follows the harness's time.
    public let clock = ManualClock()
    /// Every event the scene emitted.
    public let events = EventRecorder()
    /// Every sound the scene played.
    public let audio = RecordingAudio()
    /// Every pattern the scene played on a controller.
    public let haptics: RecordingHaptics
    /// The scene under test.
    public let scene: S
    /// Scene time, in seconds since the scene appeared.
    public private(set) var time = 0.0
    /// Where the next pointer event happens, on the canvas.
    public var pointer = Point.zero
    /// The device of the next pointer events.
    public var device = PointerDevice.mouse
    /// The pressure the next pointer events carry (`nil`: none, as from a mouse).
    public var pressure: Double?
    /// Where that pressure comes from, like "xinput2"; sent only with a pressure.
    public var source: String?
    /// A point a gesture keeps between its steps, such as the laser card's bottom edge under
    /// the pointer while it is dragged.
    public var anchor = Point.zero

    /// A harness on the scene `makeScene` builds from an iPhone 14 canvas and the recorders,
    /// run for `settle` seconds so the scene has appeared.
    public init(settlingFor settle: Double, makeScene: (SceneContext) -> S) {
        haptics = RecordingHaptics(clock: clock)
        scene = makeScene(SceneContext(canvasSize: DevicePreset.iPhone14.size, events: events,
                                       audio: audio, haptics: haptics))
        run(until: settle)
    }

    /// The events called `name`, in order.
    public func names(_ name: String) -> [SceneEvent] { events.events.filter { $0.name == name } }

    /// The scene's layer called `name`; a missing layer stops the test.
    public func layer(_ name: String) -> Layer { scene.root.layer(named: name)! }

    /// A named layer's frame on the canvas.
    public func canvasFrame(_ name: String) -> Rect {
        let layer = layer(name)
        return layer.transformToRoot.apply(to: layer.bounds)
    }

    /// Runs frames, 1/120 s apart, until scene time `t`.
    public func run(until t: Double) {
        while time < t - 1e-9 {
            time = min(t, time + 1.0 / 120)
            clock.set(to: time)
            scene.advance(to: time)
        }
    }

    /// Holds still for `seconds`, frames running.
    public func wait(_ seconds: Double) { run(until: time + seconds) }

    /// Sends one pointer event at the pointer, moved to `point` first when one is given.
    ///
    /// A pen is pointer 1 and a mouse pointer 0; buttons are down from `.began` until the
    /// pointer lifts.
    public func send(_ phase: PointerPhase, at point: Point? = nil) {
        if let point { pointer = point }
        scene.handle(PointerEvent(id: device == .mouse ? 0 : 1, phase: phase, location: pointer, timestamp: time,
                                  device: device, pressure: pressure, pressureSource: pressure == nil ? nil : source,
                                  buttons: phase == .began || phase == .moved ? 1 : 0))
    }

    /// Moves the pointer by `dx, dy` over `duration`, in 120 Hz steps.
    public func move(by dx: Double, _ dy: Double = 0, duration: Double = 0.4, phase: PointerPhase = .moved) {
        let start = pointer, begin = time
        let steps = max(1, Int((duration * 120).rounded()))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            run(until: begin + duration * f)
            pointer = Point(start.x + dx * f, start.y + dy * f)
            send(phase)
        }
    }

    /// Moves the pointer to `point` over `duration`, in 120 Hz steps.
    public func move(to point: Point, duration: Double = 0.2) {
        let start = pointer, begin = time
        let steps = max(1, Int((duration * 120).rounded()))
        for i in 1...steps {
            run(until: begin + duration * Double(i) / Double(steps))
            pointer = start + (point - start) * (Double(i) / Double(steps))
            send(.moved)
        }
    }

    /// A short press and release at `point`.
    public func tap(at point: Point) {
        send(.began, at: point)
        wait(0.05)
        send(.ended)
    }
}
