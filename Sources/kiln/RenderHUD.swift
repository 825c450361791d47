import KilnCore
import KilnPlatform
import KilnScenes

/// The HUD over offline frames (`kiln render --hud`). Its frame graph shows how long the
/// frames before took here to step (update) and to draw (render), measured with the
/// system clock; offline there is no present.
final class RenderHUD {
    let hud: HUD
    private let clock = SystemClock()

    init(canvas: Size) {
        hud = HUD(canvasSize: canvas, isVisible: true)
    }

    /// Seconds of frames the graph shows: a still renders that much before its frame.
    var span: Double { hud.frames.window }

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
        if overlay != nil { hud.update(now: time, scene: session.scene.root, guides: session.scene.guides) }
        let frame = host.render(root: session.scene.root, overlays: session.overlays,
                                background: session.scene.backgroundColor, overlay: overlay)
        hud.record(FrameSample(time: time, update: (updated - start) * 1000, render: (clock.now - updated) * 1000))
        return frame
    }
}
