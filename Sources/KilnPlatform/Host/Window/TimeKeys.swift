import KilnCore
import KilnRuntime

/// The window's keys for scene time: S cycles the speed, Space pauses, and while paused →
/// steps a frame forward and ← a frame back (the scene re-simulated from its input log); G
/// plays the last gesture again. A badge over the canvas shows a speed other than 1×.
final class TimeKeys: WindowComponent {
    private let context: HostContext
    private let badge: SpeedBadge

    init(context: HostContext, canvasSize: Size) {
        self.context = context
        badge = SpeedBadge(canvasSize: canvasSize)
    }

    func handle(_ key: KeyPress, at time: Double) -> Bool {
        guard key.modifiers.isEmpty else { return false }
        let now = context.clock.now
        let scene = context.scene!
        switch key.key {
        case "g":
            replayLastGesture()
        case "s":
            context.dial.cycleSpeed(atWall: now)
            context.report("time.speed")
        case "space":
            context.dial.togglePause(atWall: now)
            context.report(context.dial.isPaused ? "time.paused" : "time.resumed")
            if context.dial.isPaused { scene.history?.prepareToScrub(near: context.dial.time(atWall: now)) }
        case "right":
            guard let time = context.dial.stepped(by: 1) else { return false }
            context.dial.jump(to: time, atWall: now)
            context.report("time.stepped")
        case "left":
            guard let time = context.dial.stepped(by: -1) else { return false }
            guard scene.history?.rewind(to: time) == true else {
                context.warn("\(scene.name) keeps no log of its input, so it cannot step back")
                return true
            }
            context.dial.jump(to: time, atWall: now)
            context.report("time.stepped")
        default:
            return false
        }
        return true
    }

    func frameWillDraw() {
        badge.update(context.dial.label)
    }

    var overlays: [Layer] { [badge.layer] }

    /// G: the last gesture again, on the code and tuning running now: back to a moment before
    /// its first touch, then on as it was done, at the speed chosen.
    private func replayLastGesture() {
        guard let history = context.scene.history, let timeline = history.timeline,
              let down = timeline.marks.last(where: { $0.kind == .touchDown }) else {
            context.warn("nothing to replay yet: make a gesture first")
            return
        }
        let start = timeline.marks.last { mark in
            mark.kind == .touchUp && mark.time < down.time
        }.map { max($0.time, down.time - 0.3) } ?? max(0, down.time - 0.3)
        guard history.rewind(to: start) else { return }
        context.dial.jump(to: start, atWall: context.clock.now)
        if context.dial.isPaused { context.dial.resume(atWall: context.clock.now) }
        context.report("time.replayed")
    }
}
