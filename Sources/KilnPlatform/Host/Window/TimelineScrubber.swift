import KilnCore
import KilnRuntime

/// The last minute of the scene along the canvas's bottom (T, and while paused). A press on
/// it, and its drag, scrub: scene time stops and the scene shows as it was at the moment under
/// the pointer.
final class TimelineScrubber: WindowComponent {
    private let context: HostContext
    let strip: TimelineStrip
    /// Whether T asked for the strip.
    private(set) var showsStrip = false
    /// When sessions were last parked along the log while time ran with the strip shown.
    private var lastParking = -Double.infinity
    /// Whether a press on the strip is being dragged.
    private var isScrubbing = false

    init(context: HostContext, canvasSize: Size) {
        self.context = context
        strip = TimelineStrip(canvasSize: canvasSize)
    }

    func handle(_ key: KeyPress, at time: Double) -> Bool {
        guard key.key == "t" && key.modifiers.isEmpty else { return false }
        showsStrip.toggle()
        lastParking = -.infinity
        return true
    }

    func handle(_ pointer: PointerEvent) -> Bool {
        guard pointer.phase != .hover, isScrubbing || strip.contains(pointer.location),
              let history = context.scene.history, let timeline = history.timeline else { return false }
        switch pointer.phase {
        case .began:
            isScrubbing = true
            if !context.dial.isPaused {
                context.dial.pause(atWall: context.clock.now)
                context.report("time.paused")
            }
            history.prepareToScrub(near: context.sceneTime)
        case .ended, .cancelled:
            isScrubbing = false
        case .moved, .hover:
            break
        }
        let time = strip.time(atX: pointer.location.x, of: timeline)
        guard abs(time - context.sceneTime) >= 1.0 / 240 else { return true }
        if history.rewind(to: time) {
            context.dial.jump(to: time, atWall: context.clock.now)
            context.report("time.scrubbed")
        }
        return true
    }

    /// While the strip shows and time runs, sessions are parked along the log about once a
    /// second, on their own thread, so that a scrub finds them ready rather than starting the
    /// scene over.
    func frameWillAdvance(now: Double) {
        guard showsStrip, !context.dial.isPaused, now - lastParking >= 1 else { return }
        lastParking = now
        context.scene.history?.prepareToScrub(near: context.dial.time(atWall: now))
    }

    /// Shows the strip when asked for or while paused, for a scene with a timeline.
    func frameWillDraw() {
        let timeline = (showsStrip || context.dial.isPaused) ? context.scene.history?.timeline : nil
        strip.isVisible = timeline != nil
        if let timeline { strip.update(timeline, at: context.sceneTime) }
    }

    var overlays: [Layer] { [strip.layer] }
}
