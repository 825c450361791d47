import KilnCore
import KilnRuntime

/// What the parts of a window share: the scene shown, its time on the wall clock, and where
/// one-line messages go. Each part keeps the rest of its state to itself.
final class HostContext {
    /// The scene shown.
    var scene: HostedScene!
    let clock = SystemClock()
    /// The scene's time: the wall clock slowed, paused or stepped.
    var dial: SceneTimeDial
    /// Where one-line messages go.
    let warn: (String) -> Void
    private let timeEvents: ((SceneEvent) -> Void)?

    /// Scene time at `speed` from the start; `timeEvents` hears each change the keys make.
    init(speed: Double, warn: @escaping (String) -> Void, timeEvents: ((SceneEvent) -> Void)?) {
        dial = SceneTimeDial(speed: speed, wall: 0)
        self.warn = warn
        self.timeEvents = timeEvents
    }

    /// Scene time now.
    var sceneTime: Double { dial.time(atWall: clock.now) }

    /// Tells whoever listens where scene time is now, and at what speed.
    func report(_ name: String) {
        timeEvents?(SceneEvent(time: sceneTime, name: name, fields: ["speed": .number(dial.speed)]))
    }

    /// Touching the scene while it stands still lets it run again from there.
    func resumeOnTouch(_ pointer: PointerEvent) {
        guard dial.isPaused && pointer.phase == .began else { return }
        dial.resume(atWall: clock.now)
        report("time.resumed")
    }
}

/// A part of the window with a state of its own (the time keys, the timeline strip, R, the
/// tweak panel): it sees keys and pointers before the scene, and brings its layers up to
/// date before each frame is drawn.
protocol WindowComponent: AnyObject {
    /// `key`, pressed at scene time `time`: `true` when it was this part's.
    func handle(_ key: KeyPress, at time: Double) -> Bool
    /// A pointer in canvas points, before the scene gets it: `true` when it was this part's.
    func handle(_ pointer: PointerEvent) -> Bool
    /// The scene shown is about to be left.
    func sceneWillChange()
    /// A new scene shows; `previous` names the one before.
    func sceneDidChange(from previous: String?)
    /// Before the scene steps to the frame's time; `now` on the wall clock.
    func frameWillAdvance(now: Double)
    /// After the scene stepped, before the frame is drawn.
    func frameWillDraw()
    /// Layers drawn over the scene, in canvas points, each its own tree.
    var overlays: [Layer] { get }
}

extension WindowComponent {
    func handle(_ key: KeyPress, at time: Double) -> Bool { false }
    func handle(_ pointer: PointerEvent) -> Bool { false }
    func sceneWillChange() {}
    func sceneDidChange(from previous: String?) {}
    func frameWillAdvance(now: Double) {}
    func frameWillDraw() {}
    var overlays: [Layer] { [] }
}
