import ArgumentParser
import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime

/// `kiln render SCENE --out FILE`: offline, exact, headless.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene, or an asset file alone, offline with no display: one PNG, PNG frames into a folder, or a video.")

    @Argument(help: "The scene to render: \(SceneCatalog.names.joined(separator: ", ")); or a prototype folder, or an asset file (.svg, .png, .jpg, .webp, .gif, Lottie .json) to render alone, at its own size.")
    var scene: String

    @Option(help: "Output: FILE.png for one frame, DIR/ for numbered PNG frames, or a video: FILE.mp4, FILE.webm, FILE.gif.")
    var out: String

    @Option(help: "Scene time of a single frame, in seconds.")
    var at: Double = 0

    @Option(help: "Frames per second of scene time (default: 60; 30 for a GIF).")
    var fps: Double?

    @Option(help: "Length in seconds, for frames and videos (default: the script's length plus 1 s, or 1 s).")
    var duration: Double?

    @Option(help: "Number of frames, for frames and videos (overrides --duration).")
    var frames: Int?

    @Option(help: "Scene seconds per second of the clip: 0.25 renders slow motion, four times the frames for the same scene time (--duration and --at stay scene time).")
    var speed: Double = 1

    @OptionGroup var pixels: ScaleOption

    @Option(help: "An input script to play while rendering (JSON).")
    var script: String?

    @Option(help: "Also write the input the scene was given (the --script's or the --evemu replay's) as an input script.")
    var capture: String?

    @Flag(help: "Draw the HUD over the frames: the measured render times, threshold guides, pressure.")
    var hud = false

    @Flag(help: "Draw a soft circle at each pointer, growing with pressure, as demo videos show fingers.")
    var touches = false

    @Flag(help: "Tint what each frame draws again, where the layers changed since the frame before, as a browser's paint flashing does.")
    var showDamage = false

    @Option(help: "A tuning file over the scene's defaults and your ~/.config/kiln/SCENE.toml, read once before rendering.")
    var tuning: String?

    @Flag(help: "Leave the video's sound track out.")
    var mute = false

    @Option(help: "Also write the sound track alone, as a 48 kHz 16-bit stereo WAV (for PNG frames too).")
    var audioOut: String?

    @Option(help: "Fail when the scene's code runs longer than this many seconds on one frame (a prototype that hangs).")
    var frameTimeout: Double = 10

    @OptionGroup var canvas: CanvasOptions

    @OptionGroup(title: "Pen replay") var pen: PenReplayOptions

    /// The most frames one render makes, however its length is given: 27 minutes at 60 fps.
    static let maximumFrames = 100_000

    func validate() throws {
        if !AssetPreview.isAssetArgument(scene) { try CanvasOptions.validateScene(scene) }
        guard at >= 0, at.isFinite, at <= 3600 else { throw ValidationError("--at takes seconds from 0 to 3600.") }
        if let fps, !(fps >= 1 && fps <= 240) { throw ValidationError("--fps takes 1 to 240.") }
        try RecordingOptions.validateSpeed(speed)
        if let fps, let format = VideoFormat(path: out), fps > format.maximumFrameRate {
            throw ValidationError("a GIF's frame delays are whole hundredths of a second: --fps takes 1 to 50 for a GIF (30 is usual).")
        }
        try canvas.validatePixels(scale: pixels.scale)
        if let frames, frames < 1 || frames > Self.maximumFrames { throw ValidationError("--frames takes 1 to 100000.") }
        if let duration, !(duration > 0 && duration <= 3600) { throw ValidationError("--duration takes seconds up to 3600.") }
        guard frameTimeout > 0, frameTimeout <= 3600 else { throw ValidationError("--frame-timeout takes seconds above 0, up to 3600.") }
        if let audioOut, !audioOut.lowercased().hasSuffix(".wav") { throw ValidationError("--audio-out takes a FILE.wav.") }
        if mute && audioOut != nil { throw ValidationError("--mute leaves no sound track for --audio-out to write.") }
        if let duration, frames == nil, duration * frameRate / speed > Double(Self.maximumFrames) {
            let slowed = speed == 1 ? "" : String(format: " and speed %g", speed)
            throw ValidationError(String(format: "--duration %g at %g fps%@ is more than the %d frames a render takes.",
                                         duration, frameRate, slowed, Self.maximumFrames))
        }
    }

    func run() throws {
        // Ctrl+C leaves nothing half-made beside the output.
        TemporaryFiles.removeOnInterrupt()
        // An asset file is its own scene: on a transparent canvas its size, or on white in a video.
        let preview = try AssetPreview.argument(self.scene, background: VideoFormat(path: out) == nil ? .clear : .white)
        let scene = try preview?.name ?? resolveScene(self.scene)
        let stepped = RenderedFrames()
        let watchdog = startFrameWatchdog(scene: scene, frames: stepped)
        defer { watchdog.stop() }
        let input = try script.map { try loadScript($0, for: scene) }
        let replay = try pen.loadEvemu()
        if input != nil && replay != nil {
            warn("give either --script or --evemu, not both")
            throw ExitCode(1)
        }
        try checkCapturePath(capture)
        let device = try preview?.asset.device(for: canvas) ?? canvas.resolveDevice(script: input)
        let natural = preview?.asset.duration
        let printer = canvas.events ? JSONLinePrinter() : nil
        let seed = canvas.resolveSeed(script: input)
        let tuningSources = try offlineTuningSources(for: scene)
        // A cut replay loses its pen: the HUD names it from then on.
        let losses = replay?.loss().map { [$0] } ?? []
        /// A new session from the start; `quiet` ones print no events (a GIF's palette pass).
        // Sound is mixed where it is kept: in an MP4 or WebM, or in --audio-out's WAV.
        let isHeard = !mute && (VideoFormat(path: out)?.carriesSound == true || audioOut != nil)
        func makeSession(quiet: Bool) throws -> HostedSession {
            let hosting = SceneHosting(scene: scene, canvasSize: device.size, seed: seed, events: quiet ? nil : printer,
                                       tuning: tuningSources)
            guard let session = hosting.offline(
                isMuted: !isHeard || quiet, script: { input ?? replay?.script(for: $0, canvasSize: device.size) },
                showsTouches: touches, hud: { hud ? RenderHUD(canvas: device.size, session: $0, losses: losses) : nil })
            else { throw ExitCode(2) }
            if capture != nil { session.session.startInputLog(device: device.name, seed: seed) }
            return session
        }
        if let audioOut, let problem = OutputPath.problem(writingFileAt: audioOut) {
            warn("cannot write \(audioOut): \(problem)")
            throw ExitCode(1)
        }
        if let format = VideoFormat(path: out) {
            try checkFileOutput()
            return try renderVideo(format: format, device: device, frames: stepped, natural: natural, makeSession: makeSession)
        }
        // An existing folder takes frames, unless its name asks for one picture.
        let isFrames = out.hasSuffix("/") || (OutputPath.isFolder(out) && !out.lowercased().hasSuffix(".png"))
        if !isFrames { try checkFileOutput() }
        let session = try makeSession(quiet: false)
        let host: OffscreenHost
        // Kiln's own pixel loops draw over opaque pixels only: a transparent canvas goes to pixman.
        let isOpaque = session.offlineScene.scene.backgroundColor.alpha >= 1
        do { host = try OffscreenHost(canvas: device.size, scale: pixels.scale, fastPaths: isOpaque && OffscreenHost.fastPathsByDefault) } catch {
            warn("\(error)")
            throw ExitCode(1)
        }
        host.showsDamage = showDamage
        let size = host.pixelSize
        let started = Date()
        if isFrames {
            let timing = try clipTiming(session.session, natural: natural)
            let existed = OutputPath.isFolder(out)
            if let problem = OutputPath.problem(makingFolder: out) {
                warn("cannot write frames to \(out): \(problem)")
                throw ExitCode(1)
            }
            let sink = PNGFramesSink(folder: out, width: size.width, height: size.height, madeFolder: !existed)
            stepped.removeWritten = { sink.cancel() }
            try render(session, into: sink, timing: timing, host: host, frames: stepped)
            warn("wrote \(timing.frameCount) frames to \(out)")
        } else {
            // With the HUD, the frames its graph shows are drawn too, to measure them.
            // With the damage shown, the frame before is drawn too, for what changed since.
            let measured = hud ? Int((FrameTimeHistory().window * frameRate).rounded(.up)) : showDamage ? 1 : 0
            let timing = ClipTiming.still(at: at, fps: frameRate, drawnBefore: measured)
            try render(session, into: PNGStillSink(path: out, width: size.width, height: size.height),
                       timing: timing, host: host, frames: stepped)
            let ms = Date().timeIntervalSince(started) * 1000
            warn(String(format: "wrote %@ (%d×%d, %.0f ms)", out, size.width, size.height, ms))
        }
    }

    /// Stops before any work when `--out` cannot take a file (a PNG or a video).
    private func checkFileOutput() throws {
        guard VideoFormat(path: out) != nil || out.lowercased().hasSuffix(".png") else {
            warn("cannot write '\(out)': give a .png file, or a folder ending in / for frames")
            throw ExitCode(2)
        }
        guard let problem = OutputPath.problem(writingFileAt: out) else { return }
        let hint = OutputPath.isFolder(out) && VideoFormat(path: out) == nil ? "; for frames in it, end it with /" : ""
        warn("cannot write \(out): \(problem)\(hint)")
        throw ExitCode(1)
    }

    /// Stops when the script stopped (a layer it names is missing): frames up to the failed
    /// step would pass for the render asked for.
    private static func checkScript(_ scene: HostedScene) throws {
        if let problem = scene.scriptProblem { throw ScriptStopped(problem: problem) }
    }

    /// Renders PNG output through the clip renderer's loop; a stopped script or a file that
    /// cannot be written is one line and exit status 1, with nothing left behind.
    private func render(_ session: HostedSession, into sink: FrameSink, timing: ClipTiming, host: OffscreenHost,
                        frames: RenderedFrames) throws {
        do {
            let track = try ClipRenderer.render(into: sink, timing: timing, host: host, makeScene: { session.offlineScene },
                                                check: { frames.stepped(); try Self.checkScript($0) })
            try writeAudioOut(track)
            try writeCapture(session)
        } catch let stopped as ScriptStopped {
            warn("the script stopped: \(stopped.problem); nothing was written")
            throw ExitCode(1)
        } catch {
            warn("\(error)")
            throw ExitCode(1)
        }
    }

    /// Frames per second: the option's, else the output format's usual rate.
    var frameRate: Double { fps ?? VideoFormat(path: out)?.defaultFrameRate ?? 60 }

    /// The number of frames to render: `--frames`, else `--duration`, else the script's
    /// length plus a second to let the scene settle, else the `natural` length of what is shown
    /// (a Lottie's), else one second. A script too long for
    /// one render (a wait of years) is refused rather than rendered for days.
    private func frameCount(_ session: SceneSession, natural: Double? = nil) throws -> Int {
        if let frames { return frames }
        let length = duration ?? session.scriptDuration.map { $0 + 1 } ?? natural ?? 1
        let count = max(1, (length * frameRate / speed).rounded())
        guard count <= Double(Self.maximumFrames) else {
            let input = script ?? pen.evemu ?? "the input"
            warn(Self.tooLongLine(input, seconds: length, frames: count, fps: frameRate,
                                  advice: "render part of it with --duration or --frames"))
            throw ExitCode(1)
        }
        return Int(count)
    }

    /// The frames of a clip or of PNG frames: `frameCount` of them at the frame rate, `--speed`
    /// scene seconds a second.
    private func clipTiming(_ session: SceneSession, natural: Double?) throws -> ClipTiming {
        var timing = ClipTiming(fps: frameRate, frameCount: try frameCount(session, natural: natural))
        timing.speed = speed
        return timing
    }

    /// The line for `input`, which runs longer than one render takes; `advice` says what to do.
    static func tooLongLine(_ input: String, seconds: Double, frames: Double, fps: Double, advice: String) -> String {
        String(format: "%@ runs %.0f s: %.0f frames at %g fps, more than the %d a render takes; %@",
               input, seconds, frames, fps, maximumFrames, advice)
    }

    /// Renders the clip through ffmpeg, with a progress bar on a terminal.
    private func renderVideo(format: VideoFormat, device: DevicePreset, frames: RenderedFrames, natural: Double?,
                             makeSession: (_ quiet: Bool) throws -> HostedSession) throws {
        let ffmpeg: URL
        do { ffmpeg = try FFmpegLocator.locate() } catch {
            warn("\(error)")
            throw ExitCode(1)
        }
        let fps = frameRate
        var passes = 0
        // The first session is made already; a GIF's second pass prints the events.
        var session = try makeSession(format == .gif)
        let timing = try clipTiming(session.session, natural: natural)
        let progress = RenderProgress(label: (out as NSString).lastPathComponent)
        let summary: ClipSummary
        do {
            summary = try ClipRenderer.render(
                to: out, format: format, timing: timing, canvas: device.size, scale: pixels.scale, ffmpeg: ffmpeg,
                makeScene: {
                    frames.restart()
                    passes += 1
                    if passes > 1 { session = try makeSession(false) }
                    return session.offlineScene
                },
                check: { frames.stepped(); try Self.checkScript($0) },
                progress: { progress.update(done: $0, total: $1) }, showsDamage: showDamage)
        } catch let stopped as ScriptStopped {
            progress.end()
            warn("the script stopped: \(stopped.problem); nothing was written")
            throw ExitCode(1)
        } catch let error as ExitCode {
            throw error
        } catch {
            progress.end()
            warn("\(error)")
            throw ExitCode(1)
        }
        progress.end()
        do {
            try writeAudioOut(summary.soundTrack)
            try writeCapture(session)
        } catch {
            warn("\(error)")
            throw ExitCode(1)
        }
        let sound = summary.soundTrack != nil && format.carriesSound ? ", with sound" : ""
        warn(String(format: "wrote %@ (%d frames, %d×%d, %g fps, %.2f s%@; rendered in %.1f s)", out,
                    summary.frameCount, summary.width, summary.height, fps, timing.duration, sound, summary.elapsed))
    }

    /// Writes what `session` fed its scene to `--capture`, when asked for.
    private func writeCapture(_ session: HostedSession) throws {
        guard let capture, let log = session.session.inputLog else { return }
        try OutputFile.write(Data(log.jsonText.utf8), to: capture)
        warn("wrote \(capture) (\(log.script.steps.count) steps, \(String(format: "%.2f", log.script.duration)) s)")
    }

    /// Writes the clip's sound track to `--audio-out`, when asked for.
    private func writeAudioOut(_ track: SoundTrack?) throws {
        guard let audioOut, let track else { return }
        try OutputFile.write(track.wavData(), to: audioOut)
        warn(String(format: "wrote %@ (%.2f s of 48 kHz stereo)", audioOut, track.duration))
    }
}

/// A script that stopped part way through (a layer it names is missing).
private struct ScriptStopped: Error {
    let problem: any Error
}
