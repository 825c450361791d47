import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime

/// Saves what R recorded in the window: the session's logged input, replayed offline from
/// the scene's start, frame-exact, with the frames of the recorded stretch sent to ffmpeg
/// and, unless the window is muted, the sound of that stretch beside them.
package final class LiveClipSaver: ClipSaver {
    private let settings: RecordingSettings
    private let device: DevicePreset
    private let fps = 60.0
    /// The files being saved, each on a thread of its own.
    private let saving = Locked<Set<String>>([])
    private let saves = DispatchGroup()

    /// Saves recordings made with `settings` of scenes on `device`'s canvas.
    package init(settings: RecordingSettings, device: DevicePreset) {
        self.settings = settings
        self.device = device
    }

    package func recordingStarted(_ scene: HostedScene, at time: Double) {
        scene.recording?.recordingStarted(at: time)
    }

    package func save(_ scene: HostedScene, from start: Double, to end: Double, status: RecordingStatus) {
        guard let source = scene.recording else {
            warn("cannot save the recording: \(scene.name) keeps no log of its input")
            status.current = .failed("no input log")
            return
        }
        source.recordingStopped()
        let name = source.name, device = device, fps = fps
        let makeReplay = source.replay(settings.replayOptions(device: device))
        // A retuned scene started afresh: its log counts from then.
        let start = max(0, start - source.logOrigin), end = max(0, end - source.logOrigin)
        let scale = settings.scale, format = settings.format
        let folder = settings.resolvedFolder()
        let stamp = Self.timestamp()
        let path = (folder as NSString).appendingPathComponent("kiln-\(name)-\(stamp).\(format.rawValue)")
        let ffmpeg: URL
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            ffmpeg = try FFmpegLocator.locate()
        } catch {
            warn("cannot save the recording: \(error)")
            status.current = .failed("\(error)")
            return
        }
        let timing = Self.timing(from: start, to: end, fps: fps, speed: settings.speed)
        status.current = .saving(path: path, fraction: 0)
        warn(String(format: "recorded %.1f s of %@; saving %@", end - start, name, path))
        saving.withLock { _ = $0.insert(path) }
        saves.enter()
        Thread.detachNewThread { [saving, saves] in
            defer {
                saving.withLock { _ = $0.remove(path) }
                saves.leave()
            }
            let progress = RenderProgress(label: (path as NSString).lastPathComponent)
            do {
                let summary = try ClipRenderer.render(
                    to: path, format: format, timing: timing, canvas: device.size, scale: scale, ffmpeg: ffmpeg,
                    makeScene: makeReplay,
                    progress: { done, total in
                        progress.update(done: done, total: total)
                        status.current = .saving(path: path, fraction: Double(done) / Double(total))
                    })
                progress.end()
                status.current = .saved(path: path)
                warn(String(format: "saved %@ (%d frames, %d×%d, %.1f s)", path, summary.frameCount,
                            summary.width, summary.height, timing.duration))
            } catch {
                progress.end()
                status.current = .failed("\(error)")
                warn("cannot save the recording: \(error)")
            }
        }
    }

    /// The window has closed: a recording still being saved is finished first, so that closing
    /// the window right after R loses nothing. `interrupted` (a termination signal closed
    /// it, or one comes while waiting) drops the saves instead: their hidden files are
    /// removed, and a line names each.
    package func finishSaves(interrupted: Bool) {
        let paths = saving.withLock { $0 }.sorted()
        guard !paths.isEmpty else { return }
        if !interrupted {
            warn(paths.count == 1 ? "finishing \(paths[0]) before quitting" : "finishing \(paths.count) recordings before quitting")
            // Ctrl+C while it finishes drops it after all.
            while saves.wait(timeout: .now() + 0.1) == .timedOut {
                if TerminationSignals.pending != nil { break }
            }
        }
        let unsaved = saving.withLock { $0 }.sorted()
        guard !unsaved.isEmpty else { return }
        TemporaryFiles.removeAll()
        for path in unsaved { warn("stopped before \(path) was saved") }
    }

    /// The frames of log time `start ..< end` at `fps`, each `speed` / `fps` of scene time
    /// apart: from the first whole frame at or after `start`, at least one.
    package static func timing(from start: Double, to end: Double, fps: Double, speed: Double = 1) -> ClipTiming {
        var timing = ClipTiming(fps: fps, firstFrame: Int((start * fps / speed).rounded(.up)),
                                frameCount: max(1, Int(((end - start) * fps / speed).rounded())))
        timing.speed = speed
        return timing
    }

    /// A new offline session of scene `name` replaying an input log from the scene's
    /// start, as R renders it: on `options`' device, with the tuning `tuning` started with
    /// and each of its changes from its moment on, heard unless `options` mutes it, with the
    /// touches and the HUD it asks for.
    package static func replay(_ script: InputScript, of name: String, tuning: TuningHistory,
                              options: ReplayOptions) -> HostedSession {
        let device = options.device
        let known = SceneCatalog.names.contains(name) ? name : SceneCatalog.homeName
        let hosting = SceneHosting(scene: known, canvasSize: device.size, seed: script.seed ?? 1, tuning: tuning.start)
        // The catalogue always has its home scene.
        let session = hosting.offline(isMuted: options.isMuted, script: { _ in script }, showsTouches: options.showsTouches,
                                      hud: { options.showsHUD ? RenderHUD(canvas: device.size, session: $0) : nil })!
        if !tuning.changes.isEmpty {
            let resimulate = hosting.resimulation(of: known, audio: session.mixer ?? SilentAudio(),
                                                  showsTouches: options.showsTouches)
            session.scheduledRetuning = ScheduledRetuning(changes: tuning.changes, script: script, resimulate: resimulate)
        }
        return session
    }

    /// "20250314-093015", local time.
    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}
