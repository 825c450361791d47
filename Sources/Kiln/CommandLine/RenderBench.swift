import ArgumentParser
import Foundation
import KilnCore
import KilnPlatform

/// `kiln bench render`: a shipped script rendered to an MP4 as `kiln render` does, timed
/// stage by stage.
struct RenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Time an offline render to MP4: wall time against the clip's length, and each stage.",
        discussion: """
            The script plays from a fresh scene and its frames go through ffmpeg into an MP4 \
            in a temporary folder, removed afterwards. Reported: the wall time, the clip's \
            length and their ratio (× real time), and the seconds and milliseconds per frame \
            in each stage: scene update, compositing, pixel hand-off (packing the frame for \
            the encoder, as 4:2:0 YUV), audio mix (the track's mix, handed to ffmpeg after each frame), encoder wait \
            (blocked on a free frame buffer, and on ffmpeg finishing), and the rest (setting up). \
            Then the goals beside their figures: the wall time against ffmpeg encoding the very \
            same frames alone (drawn again into a raw file, untimed, and encoded from it with the \
            same settings), Kiln's own CPU time a frame (the process's user and system time \
            over the render, every thread; ffmpeg's is given beside it), and the same frames \
            rendered as a PNG sequence against the video's wall time.
            """)

    @Option(help: "A shipped script's name, or the path of a script file.")
    var script: String = "laser-delete"

    @OptionGroup var pixels: ScaleOption

    @Option(help: "Frames per second of scene time.")
    var fps: Double = 60

    @Option(help: "Length of the clip in seconds.")
    var duration: Double = 10

    @Flag(help: "Leave the sound track out, to compare.")
    var mute = false

    @Flag(help: "Print one JSON line instead of a table.")
    var json = false

    @Flag(help: "Leave out timing ffmpeg alone on the same frames (which draws them again into a raw file first).")
    var noEncoderAlone = false

    @Flag(help: "Leave out timing the same frames rendered as a PNG sequence.")
    var noPng = false

    func validate() throws {
        guard fps >= 1 && fps <= 240 else { throw ValidationError("--fps takes 1 to 240.") }
        guard duration > 0 && duration <= 600 else { throw ValidationError("--duration takes seconds up to 600.") }
    }

    func run() throws {
        let (name, input) = try loadInput()
        guard let sceneName = input.scene else {
            warn("\(script): the script names no scene")
            throw ExitCode(1)
        }
        let ffmpeg: URL
        do { ffmpeg = try FFmpegLocator.locate() } catch {
            warn("\(error)")
            throw ExitCode(1)
        }
        // The parser has checked the script's device name.
        let device = input.device.flatMap(DevicePreset.named) ?? .iPhone14
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiln-bench-render-\(getpid())-\(UUID().uuidString)")
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            warn("cannot make a temporary folder: \(error.localizedDescription)")
            throw ExitCode(1)
        }
        defer { try? FileManager.default.removeItem(at: folder) }

        let timing = ClipTiming(fps: fps, frameCount: max(1, Int((duration * fps).rounded())))
        let timings = ClipRenderer.Timings()
        let summary: ClipSummary
        let makeScene = {
            let hosting = SceneHosting(scene: sceneName, canvasSize: device.size, seed: input.seed ?? 1)
            guard let session = hosting.offline(isMuted: mute, script: { _ in input }) else { throw ExitCode(2) }
            return session.offlineScene
        }
        let cpuBefore = (own: EncoderAlone.cpuSeconds(children: false), ffmpeg: EncoderAlone.cpuSeconds(children: true))
        do {
            summary = try ClipRenderer.render(
                to: folder.appendingPathComponent("clip.mp4").path, format: .mp4, timing: timing,
                canvas: device.size, scale: pixels.scale, ffmpeg: ffmpeg,
                makeScene: makeScene,
                check: { scene in
                    if let problem = scene.scriptProblem { throw problem }
                },
                timings: timings)
        } catch let error as ExitCode {
            throw error
        } catch {
            warn("\(error)")
            throw ExitCode(1)
        }
        let cpuAfter = (own: EncoderAlone.cpuSeconds(children: false), ffmpeg: EncoderAlone.cpuSeconds(children: true))
        var result = RenderBenchResult(script: name, scene: sceneName, pixelSize: (summary.width, summary.height),
                                       fps: fps, hasSound: summary.soundTrack != nil, clipSeconds: timing.duration,
                                       timings: timings)
        result.kilnCPUSeconds = cpuAfter.own - cpuBefore.own
        result.encoderCPUSeconds = cpuAfter.ffmpeg - cpuBefore.ffmpeg
        if !noEncoderAlone {
            do {
                result.encoderAloneSeconds = try EncoderAlone.encode(timing: timing, canvas: device.size, scale: pixels.scale,
                                                                     ffmpeg: ffmpeg, folder: folder, makeScene: makeScene).wall
            } catch {
                warn("the encoder alone: \(error)")
            }
        }
        if !noPng {
            do {
                result.pngSequenceSeconds = try pngSequence(timing: timing, canvas: device.size, folder: folder,
                                                            makeScene: makeScene)
            } catch {
                warn("the PNG sequence: \(error)")
            }
        }
        print(json ? result.jsonLine : result.summary)
    }

    /// Wall seconds of the same frames rendered into numbered PNGs, as `kiln render --out FOLDER/`
    /// does; the files are removed again.
    private func pngSequence(timing: ClipTiming, canvas: Size, folder: URL,
                             makeScene: () throws -> OfflineScene) throws -> Double {
        let frames = folder.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: frames) }
        let started = Date()
        let host = try OffscreenHost(canvas: canvas, scale: pixels.scale)
        let sink = PNGFramesSink(folder: frames.path, width: host.pixelSize.width, height: host.pixelSize.height,
                                 madeFolder: false)
        try ClipRenderer.render(into: sink, timing: timing, host: host, makeScene: makeScene)
        return Date().timeIntervalSince(started)
    }

    /// The script `--script` names: a shipped one by its name, else a file.
    private func loadInput() throws -> (name: String, script: InputScript) {
        let isPath = script.contains("/") || script.hasSuffix(".json")
        if !isPath {
            guard let folder = ShippedScripts.locate() else {
                warn("cannot find the shipped scripts (share/kiln/Scripts beside bin/, or Resources/Scripts in a checkout): give a script's path")
                throw ExitCode(1)
            }
            let file = folder.appendingPathComponent("\(script).json").path
            guard FileManager.default.fileExists(atPath: file) else {
                let names = try ShippedScripts(folder: folder).all.map(\.name)
                warn("no shipped script is called '\(script)': \(names.joined(separator: ", ")), or give a path")
                throw ExitCode(1)
            }
            return (script, try loadScript(file, for: nil))
        }
        let name = ((script as NSString).lastPathComponent as NSString).deletingPathExtension
        return (name, try loadScript(script, for: nil))
    }
}
