import KilnCore
import KilnRuntime

/// R: records the scene from one press to the next, with a badge over the canvas while it
/// runs and while the clip is saved. A recording ends with its scene.
final class RecordingControl: WindowComponent {
    private let context: HostContext
    private let saver: ClipSaver
    private let canvasSize: Size
    private let status = RecordingStatus()
    private let badge = RecordingBadge()
    /// The scene time the recording started at, and the wall-clock time, while one runs.
    private var start: (scene: Double, wall: Double)?

    init(context: HostContext, saver: ClipSaver, canvasSize: Size) {
        self.context = context
        self.saver = saver
        self.canvasSize = canvasSize
    }

    func handle(_ key: KeyPress, at time: Double) -> Bool {
        guard key.key == "r" && key.modifiers.isEmpty else { return false }
        toggle(at: time)
        return true
    }

    func sceneWillChange() {
        if start != nil { toggle(at: context.sceneTime) }
    }

    func frameWillDraw() {
        badge.update(recordingSince: start?.wall, save: status.current, now: context.clock.now, canvas: canvasSize)
    }

    var overlays: [Layer] { [badge.layer] }

    /// Starts a recording at scene time `time`, or ends it and hands it to be saved.
    private func toggle(at time: Double) {
        if let start {
            self.start = nil
            saver.save(context.scene, from: start.scene, to: time, status: status)
        } else {
            start = (time, context.clock.now)
            saver.recordingStarted(context.scene, at: time)
        }
    }
}
