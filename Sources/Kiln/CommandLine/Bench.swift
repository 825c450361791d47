import ArgumentParser
import Foundation
import KilnCore
import KilnPlatform

/// `kiln bench …`: frame-time benchmarks, one subcommand per workload.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure frame times on fixed workloads.",
        subcommands: [ScenesBench.self, ParticlesBench.self, RenderBench.self, AssetsBench.self, ScrubBench.self])
}

/// `kiln bench particles`: the fixed particle workload through the emitter layer and compositor.
struct ParticlesBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "particles",
        abstract: "Time frames of one emitter: update + clear + draw + present.",
        discussion: """
            The emitter sits at the canvas centre: uniform area ±16 px, direction up, spread π, \
            speed 60–320 px/s, gravity 400 px/s², lifetime 0.9–1.1 s, a 4×4 red texture scaled \
            2 → 0.5 and faded out over life, fixed dt of 1/60 s. 1.65 s are simulated and 60 frames \
            drawn before timing starts.
            """)

    /// How quads reach SDL_RenderGeometry.
    enum Layout: String, ExpressibleByArgument, CaseIterable {
        case indexed, triangles
    }

    @Option(help: "Particles born per second; with a mean life of 1 s, about the live count.")
    var count: Int

    @Option(help: "Canvas and window size in pixels, WxH.")
    var size: String = "1280x800"

    @Option(help: "Frames to time.")
    var frames: Int = 600

    @Flag(help: "Draw into a real window (vsync off) instead of headless software rendering.")
    var window = false

    @Flag(help: "Print one JSON line instead of a sentence.")
    var json = false

    @Option(help: "Quads as 4 vertices and 6 indices (indexed) or 6 vertices (triangles).")
    var layout: Layout = .indexed

    func validate() throws {
        guard (1...2_000_000).contains(count) else { throw ValidationError("--count takes 1 to 2000000.") }
        guard (1...100_000).contains(frames) else { throw ValidationError("--frames takes 1 to 100000.") }
        _ = try parsedSize()
    }

    func run() throws {
        let bench = ParticleBench(count: count, size: try parsedSize(), frames: frames, isWindowed: window,
                                  layout: layout == .indexed ? .indexedQuads : .triangles)
        let result: ParticleBenchResult
        do { result = try bench.run() } catch {
            warn("\(error)")
            throw ExitCode(2)
        }
        print(json ? result.jsonLine : result.summary)
    }

    private func parsedSize() throws -> Size {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (16...8192).contains($0) }) else {
            throw ValidationError("--size takes WIDTHxHEIGHT in pixels, each 16 to 8192, like 1280x800; got '\(size)'.")
        }
        return Size(Double(parts[0]), Double(parts[1]))
    }
}

/// `kiln bench scenes`: every scene's shipped scripts, frame by frame at 2×, as the window
/// would draw them.
struct ScenesBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenes",
        abstract: "Time every scene through its shipped scripts: update, render and present per frame.",
        discussion: """
            Each scene plays the shipped scripts made for it (share/kiln/Scripts, or Resources/Scripts in a checkout), for their full length \
            plus a second, at 60 frames per second of scene time, drawn as fast as the machine \
            can. Headless, each frame draws only what changed since the last, as offline renders \
            do (KILN_DAMAGE=0 draws every frame whole). Reported per scene: p50 and p99 of each \
            part of a frame, layer contents rasterized per frame, the most memory the process \
            held, and the goal for a frame beside its figure: p99 within 4 ms of CPU at 2x \
            headless (measured with --cpu-time).
            """)

    @Argument(help: "Scenes to time (default: every scene with a shipped script).")
    var scenes: [String] = []

    @Flag(help: "Draw into a real window (vsync off) instead of headless software rendering.")
    var window = false

    @Flag(help: "Print one JSON line per scene instead of a summary.")
    var json = false

    @OptionGroup var pixels: ScaleOption

    @Flag(help: "Time frames by the drawing thread's CPU time, not the wall clock: steadier on a busy machine.")
    var cpuTime = false

    @Option(help: "The folder of input scripts (default: the shipped ones, found from where kiln is installed).")
    var scripts: String?

    func validate() throws {
        for scene in scenes { try CanvasOptions.validateScene(scene) }
    }

    func run() throws {
        let folder = try scriptFolder()
        let shipped = try ShippedScripts(folder: folder)
        let names = scenes.isEmpty ? shipped.scenes : scenes
        for argument in names {
            let name = try resolveScene(argument)
            // A prototype's own scripts, unless --scripts names a folder.
            let source = isPrototypeArgument(argument) && scripts == nil
                ? try ShippedScripts(folder: PrototypeFolder(path: argument).scriptsFolder) : shipped
            let plays = source.scripts(for: name)
            guard !plays.isEmpty else {
                warn("no script in \(folder.path) is for the scene '\(name)'")
                throw ExitCode(1)
            }
            let result = try bench(name, plays)
            print(json ? result.jsonLine : result.summary)
        }

    }

    /// Plays each script from a fresh scene and gathers their frames as one result.
    private func bench(_ name: String, _ plays: [(name: String, script: InputScript)]) throws -> SceneBenchResult {
        var result: SceneBenchResult?
        for play in plays {
            // The parser has checked the script's device name.
            let device = play.script.device.flatMap(DevicePreset.named) ?? .iPhone14
            let timer: SceneFrameTimer
            do { timer = try SceneFrameTimer(canvas: device.size, scale: pixels.scale, isWindowed: window,
                                            clock: cpuTime ? .thread : .wall) } catch {
                warn("\(error)")
                throw ExitCode(2)
            }
            let hosting = SceneHosting(scene: name, canvasSize: device.size, seed: play.script.seed ?? 1)
            guard let hosted = hosting.session(script: play.script) else { throw ExitCode(2) }
            if result == nil {
                result = SceneBenchResult(scene: name, scripts: [], renderer: timer.rendererName,
                                          pixelSize: (Int((device.size.width * pixels.scale).rounded()),
                                                      Int((device.size.height * pixels.scale).rounded())),
                                          clock: cpuTime ? .thread : .wall)
                result?.isHeadless = !window
                result?.scale = pixels.scale
            }
            result?.scripts.append(play.name)
            let frames = Int(((play.script.duration + 1) * Self.fps).rounded())
            for i in 0..<frames {
                let f = timer.frame(hosted, at: Double(i) / Self.fps)
                result?.record(f)
            }
            hosted.close()
            if let problem = hosted.scriptProblem {
                warn("\(play.name): the script stopped: \(problem)")
                throw ExitCode(1)
            }
        }
        return result!
    }

    /// Frames per second of scene time, as recordings use.
    static let fps = 60.0

    private func scriptFolder() throws -> URL {
        if let scripts { return URL(fileURLWithPath: scripts) }
        guard let found = ShippedScripts.locate() else {
            warn("cannot find the shipped scripts (share/kiln/Scripts beside bin/, or Resources/Scripts in a checkout): give --scripts DIR")
            throw ExitCode(1)
        }
        return found
    }
}
