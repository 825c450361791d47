import ArgumentParser
import Foundation
import KilnCore
import KilnPlatform
import KilnScenes

/// Options for recording in the window with R.
struct RecordingOptions: ParsableArguments {
    @Option(help: "Where R saves recordings (default: $XDG_VIDEOS_DIR/Kiln, ~/Videos/Kiln, or the current folder).")
    var recordDir: String?

    @Option(help: "What R saves: mp4, webm or gif.")
    var recordFormat: String = "mp4"

    @Option(help: "Device pixels per point of what R saves.")
    var recordScale: Double = 2

    @Flag(help: "Draw a soft circle at each pointer, growing with pressure; recordings show them too.")
    var touches = false

    @Flag(help: "Draw the HUD over what R saves, as kiln render --hud does (the window's own HUD is left out otherwise).")
    var recordHud = false

    func validate() throws {
        guard let format = VideoFormat(rawValue: recordFormat.lowercased()) else {
            throw ValidationError("--record-format takes mp4, webm or gif; got '\(recordFormat)'.")
        }
        _ = format
        guard recordScale >= 0.25, recordScale <= 8 else { throw ValidationError("--record-scale takes 0.25 to 8.") }
    }

    var format: VideoFormat { VideoFormat(rawValue: recordFormat.lowercased()) ?? .mp4 }

    /// The folder recordings go to, made if missing.
    func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let recordDir { return recordDir }
        let home = environment["HOME"] ?? NSHomeDirectory()
        var videos = environment["XDG_VIDEOS_DIR"]
        // xdg-user-dirs writes the folder to ~/.config/user-dirs.dirs as XDG_VIDEOS_DIR="$HOME/Videos".
        if videos == nil, let text = try? String(contentsOfFile: home + "/.config/user-dirs.dirs", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("XDG_VIDEOS_DIR=") {
                videos = line.dropFirst("XDG_VIDEOS_DIR=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    .replacingOccurrences(of: "$HOME", with: home)
            }
        }
        var isFolder: ObjCBool = false
        let candidate = videos ?? home + "/Videos"
        if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), isFolder.boolValue, candidate != home {
            return candidate + "/Kiln"
        }
        return FileManager.default.currentDirectoryPath
    }
}

/// Saves what R recorded in the window: the session's logged input, replayed offline from
/// the scene's start, frame-exact, with the frames of the recorded stretch sent to ffmpeg.
final class LiveClipSaver: ClipSaver {
    private let options: RecordingOptions
    private let device: DevicePreset
    private let fps = 60.0

    init(options: RecordingOptions, device: DevicePreset) {
        self.options = options
        self.device = device
    }

    func save(_ scene: HostedScene, from start: Double, to end: Double, status: RecordingStatus) {
        guard let hosted = scene as? HostedSession, let log = hosted.session.inputLog else { return }
        let script = log.script, name = hosted.name, device = device, fps = fps
        let tuningSources = hosted.tuningSources
        // A retuned scene started afresh: its log counts from then.
        let start = max(0, start - hosted.timeOrigin), end = max(0, end - hosted.timeOrigin)
        let showsTouches = options.touches, showsHUD = options.recordHud, scale = options.scale, format = options.format
        let folder = options.folder()
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
        let timing = ClipTiming(fps: fps, firstFrame: Int((start * fps).rounded(.up)),
                                frameCount: max(1, Int(((end - start) * fps).rounded())))
        status.current = .saving(path: path, fraction: 0)
        warn(String(format: "recorded %.1f s of %@; saving %@", end - start, name, path))
        Thread.detachNewThread {
            let progress = RenderProgress(label: (path as NSString).lastPathComponent)
            do {
                let summary = try ClipRenderer.render(
                    to: path, format: format, timing: timing, canvas: device.size, scale: scale, ffmpeg: ffmpeg,
                    makeScene: {
                        var context = SceneContext(canvasSize: device.size, seed: script.seed ?? 1)
                        context.tuningSources = tuningSources
                        let made = SceneCatalog.make(name, context: context) ?? LauncherScene(context: context)
                        let session = SceneSession(scene: made, script: script, showsTouches: showsTouches)
                        let hud = showsHUD ? RenderHUD(canvas: device.size, session: session) : nil
                        return HostedSession(session: session, capturePath: nil, reportsProblems: false, hud: hud)
                    },
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

    /// "20250314-093015", local time.
    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}

extension RecordingOptions {
    var scale: Double { recordScale }
}
