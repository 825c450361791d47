import ArgumentParser
import KilnCore
import KilnPlatform

/// `kiln bench …`: frame-time benchmarks, one subcommand per workload.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure frame times on fixed workloads.",
        subcommands: [ParticlesBench.self])
}

/// `kiln bench particles`: issue 4's particle workload through the emitter layer and compositor.
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
