import Kiln
internal import KilnPlatform

/// Drives one scene on a manual timeline, with recording sound and haptics: the base of a
/// prototype's tests.
///
/// The harness holds what every scene test needs: the clock, the recorders, the pointer and
/// the frames. Frames run at `framesPerSecond` (120 unless given); pointer moves send events
/// at 120 Hz. Tests add their own gestures in an extension constrained to their scene
/// (`extension SceneHarness where S == CardScene`).
///
/// ```swift
/// import KilnTesting
/// import Testing
/// @testable import Card
///
/// @Test func draggingTheCardAwayLetsItSpringHome() throws {
///     let h = SceneHarness(settlingFor: 0.2) { CardScene(context: $0, tuning: CardTuning()) }
///
///     h.drag(from: try h.layer("card").position, by: 0, 150, over: 0.3)
///     h.wait(1.5)
///
///     #expect(h.names("card.released").count == 1)
/// }
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
    /// The canvas the scene was made for.
    public let canvasSize: Size
    /// How many frames run in a second of scene time.
    public let framesPerSecond: Double
    /// Scene time, in seconds since the scene appeared.
    public internal(set) var time = 0.0
    /// Where the next pointer event happens, on the canvas.
    public var pointer = Point.zero
    /// The device of the next pointer events.
    public var device = PointerDevice.mouse
    /// The pressure the next pointer events carry (`nil`: none, as from a mouse).
    public var pressure: Double?
    /// Where that pressure comes from, like "xinput2"; sent only with a pressure.
    public var source: String?
    /// A point a gesture keeps between its steps, such as a card's edge under the pointer
    /// while it is dragged.
    public var anchor = Point.zero

    /// A harness on the scene `makeScene` builds from a `canvas` (an iPhone 14 unless given)
    /// and the recorders, run at `framesPerSecond` for `settle` seconds so the scene has
    /// appeared.
    public init(canvas: Size = DevicePreset.iPhone14.size, framesPerSecond: Double = 120,
                settlingFor settle: Double, makeScene: (SceneContext) -> S) {
        PlatformAssetReader.install()
        haptics = RecordingHaptics(clock: clock)
        canvasSize = canvas
        self.framesPerSecond = framesPerSecond
        scene = makeScene(SceneContext(canvasSize: canvas, events: events, audio: audio, haptics: haptics))
        run(until: settle)
    }

    /// The events called `name`, in order.
    public func names(_ name: String) -> [SceneEvent] { events.events.filter { $0.name == name } }

    /// The scene's layer called `name`.
    ///
    /// Throws ``MissingLayer`` when the scene has none, naming the scene's nearest names, so a
    /// mistyped name fails its own test in one line.
    public func layer(_ name: String) throws -> Layer {
        guard let layer = scene.root.layer(named: name) else { throw MissingLayer(name: name, in: scene.root) }
        return layer
    }

    /// A named layer's frame on the canvas; throws ``MissingLayer`` as `layer(_:)` does.
    public func canvasFrame(_ name: String) throws -> Rect {
        let layer = try layer(name)
        return layer.transformToRoot.apply(to: layer.bounds)
    }

    /// Runs frames, `1 / framesPerSecond` apart, until scene time `t`; the last one falls
    /// on `t`.
    public func run(until t: Double) {
        while time < t - 1e-9 {
            time = min(t, time + 1.0 / framesPerSecond)
            frame()
        }
    }

    /// Holds still for `seconds`, frames running.
    public func wait(_ seconds: Double) { run(until: time + seconds) }

    /// Runs one frame at the current time.
    func frame() {
        clock.set(to: time)
        scene.advance(to: time)
    }
}
