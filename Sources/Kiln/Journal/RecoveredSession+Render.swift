import Foundation
import KilnCore
import KilnPlatform

extension RecoveredSession {
    /// Whether Kiln has the journal's scene (a prototype's scene is found only where it is loaded).
    package var hasKnownScene: Bool { SceneCatalog.names.contains(scene.scene) }

    /// A new offline session that replays the log from the scene's start, as R does;
    /// silent when `isMuted` or when the window was.
    package func replay(isMuted: Bool = false) -> HostedSession {
        var settings = header.settings
        settings.isMuted = settings.isMuted || isMuted
        var tuning = TuningHistory(start: scene.tuningSources)
        tuning.changes = scene.tuningChanges ?? []
        return LiveClipSaver.replay(script, of: scene.scene, tuning: tuning,
                                    options: settings.replayOptions(device: header.devicePreset))
    }

    /// Renders the clip R would have saved into a video at `path` in `format`, at the
    /// format's usual frame rate and the scale R had; with sound unless muted.
    package func renderVideo(to path: String, format: VideoFormat, ffmpeg: URL, isMuted: Bool = false,
                            progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws -> ClipSummary {
        try ClipRenderer.render(to: path, format: format, timing: timing(fps: format.defaultFrameRate),
                                canvas: header.devicePreset.size, scale: header.scale, ffmpeg: ffmpeg,
                                makeScene: { replay(isMuted: isMuted).offlineScene }, progress: progress)
    }

    /// The rate of PNG frames rendered from a journal.
    package static let framesRate = 60.0

    /// Renders the clip as numbered PNG frames at 60 fps into `folder`, which exists
    /// (`madeFolder` when the caller made it, so that a failure removes it); the frame count.
    package func renderFrames(into folder: String, madeFolder: Bool,
                             progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws -> Int {
        let host = try OffscreenHost(canvas: header.devicePreset.size, scale: header.scale)
        let size = host.pixelSize
        let sink = PNGFramesSink(folder: folder, width: size.width, height: size.height, madeFolder: madeFolder)
        let timing = timing(fps: Self.framesRate)
        try ClipRenderer.render(into: sink, timing: timing, host: host, makeScene: { replay(isMuted: true).offlineScene },
                                progress: progress)
        return timing.frameCount
    }
}
