import KilnCore
import KilnPlatform
import KilnRuntime

/// The HUD over offline frames (`kiln render --hud`, and R's recordings with `--record-hud`).
///
/// Its frame graph shows how long the frames before took here to step (update) and to
/// draw (render), measured with the system clock; offline there is no present. Its
/// pressure readout follows the session's pointer events, and a pen lost at a known time
/// (a cut `--evemu` replay) shows from then.
package final class RenderHUD {
    /// The HUD itself; its `root` is drawn over the frames.
    package let hud: HUD
    private let clock = SystemClock()
    /// Losses still to report, in time order.
    private var losses: [PenLoss]
    /// The last frame's time and update, and when its stepping ended (its drawing went on
    /// until the next step).
    private var pending: (time: Double, update: Double, end: Double)?

    /// A HUD over `session`'s frames that reports `losses` at their times.
    package init(canvas: Size, session: SceneSession, losses: [PenLoss] = []) {
        hud = HUD(canvasSize: canvas, isVisible: true)
        self.losses = losses.sorted { $0.time < $1.time }
        follow(session)
    }

    /// Shows the touches of `session` from now on: the scene made anew in its place.
    package func follow(_ session: SceneSession) {
        session.pointerObserver = { [weak self] event in
            // The event first: the one that says the pen is gone comes at the loss's time.
            self?.hud.record(event)
            self?.reportLosses(upTo: event.timestamp)
        }
    }

    /// Steps the session to `time` and brings the HUD up to date for the frame drawn next.
    /// The previous frame's render time is the time from the end of its step to this one,
    /// so it counts handing its pixels on too.
    package func advance(_ session: SceneSession, to time: Double) {
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
