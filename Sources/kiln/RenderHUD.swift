import KilnCore
import KilnPlatform
import KilnScenes

/// The HUD over offline frames (`kiln render --hud`, and R's recordings with `--record-hud`).
/// Its frame graph shows how long the frames before took here to step (update) and to draw
/// (render), measured with the system clock; offline there is no present. Its pressure readout follows the session's
/// pointer events, and a pen lost at a known time (a cut `--evemu` replay) shows from then.
final class RenderHUD {
    let hud: HUD
    private let clock = SystemClock()
    /// Losses still to report, in time order.
    private var losses: [PenLoss]
    /// For videos, whose frames are drawn by the clip renderer: the last frame's time and
    /// update, and when its stepping ended (its drawing went on until the next step).
    private var pending: (time: Double, update: Double, end: Double)?

    /// A HUD over `session`'s frames that reports `losses` at their times.
    init(canvas: Size, session: SceneSession, losses: [PenLoss] = []) {
        hud = HUD(canvasSize: canvas, isVisible: true)
        self.losses = losses.sorted { $0.time < $1.time }
        session.pointerObserver = { [weak self] event in
            // The event first: the one that says the pen is gone comes at the loss's time.
            self?.hud.record(event)
            self?.reportLosses(upTo: event.timestamp)
        }
    }

    /// Seconds of frames the graph shows: a still renders that much before its frame.
    var span: Double { hud.frames.window }

    /// Steps the session to `time` without drawing: the HUD only keeps up with it.
    func step(_ session: SceneSession, to time: Double) {
        session.advance(to: time)
        reportLosses(upTo: time)
        hud.updateLossNotice(now: time)
    }

    /// Steps the session to `time` and draws the frame without writing it, to measure it.
    func measureFrame(of session: SceneSession, host: OffscreenHost, at time: Double) {
        _ = measure(session, host: host, at: time, overlay: nil)
    }

    /// Steps the session to `time` and draws the frame with the HUD over it.
    func renderFrame(of session: SceneSession, host: OffscreenHost, at time: Double) -> Bitmap {
        measure(session, host: host, at: time, overlay: hud.root)
    }

    private func measure(_ session: SceneSession, host: OffscreenHost, at time: Double, overlay: Layer?) -> Bitmap {
        let start = clock.now
        session.advance(to: time)
        let updated = clock.now
        reportLosses(upTo: time)
        if overlay != nil { hud.update(now: time, scene: session.scene.root, guides: session.scene.guides) }
        let frame = host.render(root: session.scene.root, overlays: session.overlays,
                                background: session.scene.backgroundColor, overlay: overlay)
        hud.record(FrameSample(time: time, update: (updated - start) * 1000, render: (clock.now - updated) * 1000))
        return frame
    }

    /// Steps the session to `time` and brings the HUD up to date for a frame that someone
    /// else draws (a video's): the previous frame's render time is the time from the end of
    /// its step to this one, so it counts handing its pixels to the encoder too.
    func advance(_ session: SceneSession, to time: Double) {
        let start = clock.now
        if let pending {
            hud.record(FrameSample(time: pending.time, update: pending.update, render: (start - pending.end) * 1000))
        }
        session.advance(to: time)
        let updated = clock.now
        reportLosses(upTo: time)
        hud.update(now: time, scene: session.scene.root, guides: session.scene.guides)
        pending = (time, (updated - start) * 1000, clock.now)
    }

    /// Hands the HUD the losses due by `time`.
    private func reportLosses(upTo time: Double) {
        while let first = losses.first, first.time <= time {
            hud.record(losses.removeFirst())
        }
    }
}
