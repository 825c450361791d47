import ArgumentParser
import Foundation
import KilnCore
import KilnPlatform
import KilnScenes

/// `kiln render SCENE --out FILE`: offline, exact, headless.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene offline, with no display: one PNG, or PNG frames into a folder.")

    @Argument(help: "The scene to render.")
    var scene: String

    @Option(help: "Output: FILE.png for one frame, or DIR/ for numbered PNG frames.")
    var out: String

    @Option(help: "Scene time of a single frame, in seconds.")
    var at: Double = 0

    @Option(help: "Frames per second of scene time.")
    var fps: Double = 60

    @Option(help: "Length in seconds, for frame folders (default: the script's length plus 1 s, or 1 s).")
    var duration: Double?

    @Option(help: "Number of frames, for frame folders (overrides --duration).")
    var frames: Int?

    @Option(help: "Device pixels per point.")
    var scale: Double = 2

    @Option(help: "An input script to play while rendering (JSON).")
    var script: String?

    @Flag(help: "Draw the HUD over the frames: the measured render times, threshold guides, pressure.")
    var hud = false

    @OptionGroup var canvas: CanvasOptions

    func validate() throws {
        try CanvasOptions.validateScene(scene)
        guard at >= 0, at.isFinite, at <= 3600 else { throw ValidationError("--at takes seconds from 0 to 3600.") }
        guard fps >= 1, fps <= 240 else { throw ValidationError("--fps takes 1 to 240.") }
        guard scale >= 0.25, scale <= 8 else { throw ValidationError("--scale takes 0.25 to 8.") }
        if let frames, frames < 1 || frames > 100_000 { throw ValidationError("--frames takes 1 to 100000.") }
        if let duration, !(duration > 0 && duration <= 3600) { throw ValidationError("--duration takes seconds up to 3600.") }
    }

    func run() throws {
        let input = try script.map { try loadScript($0, for: scene) }
        let replay = try canvas.loadEvemu()
        if input != nil && replay != nil {
            warn("give either --script or --evemu, not both")
            throw ExitCode(1)
        }
        let device = try canvas.resolveDevice(script: input)
        let printer = canvas.events ? JSONLinePrinter() : nil
        var context = SceneContext(canvasSize: device.size, events: printer, seed: canvas.resolveSeed(script: input))
        context.tuningSources = try canvas.offlineTuningSources(for: scene)
        guard let made = SceneCatalog.make(scene, context: context) else { throw ExitCode(2) }
        let session = SceneSession(scene: made, script: input ?? replay?.script(for: made, canvasSize: device.size))
        let host: OffscreenHost
        do { host = try OffscreenHost(canvas: device.size, scale: scale) } catch {
            warn("\(error)")
            throw ExitCode(1)
        }
        if out.hasSuffix("/") || isDirectory(out) {
            try renderFrames(session, host: host, folder: out)
        } else {
            try renderStill(session, host: host)
        }
        if let problem = session.scriptProblem {
            warn("the script stopped: \(problem)")
            throw ExitCode(1)
        }
    }

    /// Steps the scene at `fps` up to `--at` and writes that frame.
    private func renderStill(_ session: SceneSession, host: OffscreenHost) throws {
        guard out.lowercased().hasSuffix(".png") else {
            warn("cannot write '\(out)': give a .png file, or a folder ending in / for frames")
            throw ExitCode(2)
        }
        let steps = Int((at * fps).rounded(.down))
        let overlay = hud ? RenderHUD(canvas: host.canvas) : nil
        for i in 0...steps {
            let time = Double(i) / fps
            // The frames the HUD's graph shows are drawn too, to measure them.
            if let overlay, time > at - overlay.span {
                overlay.measureFrame(of: session, host: host, at: time)
            } else {
                session.advance(to: time)
            }
        }
        let started = Date()
        let frame: Bitmap
        if let overlay {
            frame = overlay.renderFrame(of: session, host: host, at: at)
        } else {
            session.advance(to: at)
            frame = host.render(root: session.scene.root, background: session.scene.backgroundColor)
        }
        try write(frame, to: out)
        let ms = Date().timeIntervalSince(started) * 1000
        warn(String(format: "wrote %@ (%d×%d, %.0f ms)", out, frame.width, frame.height, ms))
    }

    private func renderFrames(_ session: SceneSession, host: OffscreenHost, folder: String) throws {
        let length = duration ?? session.scriptDuration.map { $0 + 1 } ?? 1
        let count = frames ?? Int((length * fps).rounded())
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            warn("cannot create the folder \(folder): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        let overlay = hud ? RenderHUD(canvas: host.canvas) : nil
        for i in 0..<count {
            let time = Double(i) / fps
            let path = (folder as NSString).appendingPathComponent(String(format: "frame-%05d.png", i))
            if let overlay {
                try write(overlay.renderFrame(of: session, host: host, at: time), to: path)
                continue
            }
            session.advance(to: time)
            try write(host.render(root: session.scene.root, background: session.scene.backgroundColor), to: path)
        }
        warn("wrote \(count) frames to \(folder)")
    }

    private func write(_ frame: Bitmap, to path: String) throws {
        do { try frame.writePNG(to: path) } catch {
            warn("\(error)")
            throw ExitCode(1)
        }
    }

    private func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}
