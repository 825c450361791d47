import Foundation

/// An interaction prototype: a layer tree that reacts to pointer input and time.
///
/// Scenes read no clock and no global random generator: time comes in through `update`,
/// and everything else through the `SceneContext` they are made with.
public protocol Scene: AnyObject {
    /// The name used on the command line: "laser", "gallery".
    var name: String { get }
    /// The root of the scene's layers, sized to the canvas.
    var root: Layer { get }
    /// The colour behind every layer.
    var backgroundColor: Color { get }
    /// Advances to scene time `time` (seconds since the scene appeared).
    func update(time: Double)
    /// Reacts to one pointer event.
    func handle(_ event: PointerEvent)
    /// Reacts to a key; `false` when the scene does not use it.
    func handle(_ key: KeyPress) -> Bool
    /// The scene is being left: stop sounds and anything else that outlives a frame.
    func leave()
    /// The canvas point of the control a replayed recording presses first (`nil`: none).
    var primaryControl: Point? { get }
    /// Lines where the scene's behaviour changes, for the HUD to draw (X3); none by default.
    var guides: [ThresholdGuide] { get }
    /// Every sound the scene plays, for the host to prepare before it shows the scene;
    /// none by default.
    static var sounds: [Sound] { get }
}

extension Scene {
    /// Nothing: a scene whose layers' recognizers and animations do its work needs no update.
    public func update(time: Double) {}
    /// Nothing: touches reach the recognizers attached to the scene's layers without it.
    public func handle(_ event: PointerEvent) {}
    public func handle(_ key: KeyPress) -> Bool { false }
    public func leave() {}
    public var primaryControl: Point? { nil }
    public var guides: [ThresholdGuide] { [] }
    public static var sounds: [Sound] { [] }
}

/// What a scene is given: its canvas, where its events go, its randomness, and the way back.
public struct SceneContext {
    /// The canvas the scene fills, in points (390×844 for an iPhone 14).
    public var canvasSize: Size
    /// Where `emit` sends the scene's events; `nil` drops them.
    public var events: EventSink?
    /// Seeds every random choice the scene makes, so that the same seed gives the same run.
    public var seed: UInt64
    /// Asks the host to show another scene (`nil`: the launcher).
    public var openScene: (String?) -> Void
    /// Sound; silent unless the host has an audio device.
    public var audio: AudioService
    /// Felt feedback; nothing unless a game controller is connected.
    public var haptics: HapticsService
    /// Tuning files over the scene's defaults, later ones winning (X4); checked by the host.
    public var tuningSources: [TuningSource] = []
    /// The folder of the prototype the scene comes from, `nil` for Kiln's own scenes: where
    /// a prototype finds the files it keeps beside its code, such as its images.
    ///
    /// ```swift
    /// let photo = context.folder?.appendingPathComponent("Images/photo.png")
    /// ```
    public var folder: URL?

    /// A context for a canvas `canvasSize` large; hosts fill in the rest, tests may leave it.
    public init(canvasSize: Size, events: EventSink? = nil, seed: UInt64 = 1,
                audio: AudioService = SilentAudio(), haptics: HapticsService = NoHaptics(),
                openScene: @escaping (String?) -> Void = { _ in }) {
        self.canvasSize = canvasSize
        self.events = events
        self.seed = seed
        self.audio = audio
        self.haptics = haptics
        self.openScene = openScene
    }

    /// The scene's tuning: its defaults with the tuning sources applied. Sources that do not
    /// resolve (the host checks them first and keeps the last good ones) give the defaults.
    public func tuning<Tuning: SceneTuning>(_ type: Tuning.Type = Tuning.self) -> Tuning {
        (try? Tuning.resolve(tuningSources).value) ?? Tuning()
    }

    /// Sends a scene event at scene time `time`.
    public func emit(_ name: String, at time: Double, _ fields: [String: EventValue] = [:]) {
        events?.record(SceneEvent(time: time, name: name, fields: fields))
    }
}

extension Scene {
    /// One frame of scene time: its recognizers' clocks, the scene's own update, then its
    /// layers' animations and emitters.
    public func advance(to time: Double) {
        root.router.tick(at: time)
        update(time: time)
        root.advanceAnimations(to: time)
    }

    /// Hands a pointer event to the scene's own `handle(_:)`, which sees it first (to note
    /// its time, or a shake), then to the recognizers attached to the layers under it.
    public func deliver(_ event: PointerEvent) {
        handle(event)
        root.router.handle(event)
    }
}
