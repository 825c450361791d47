// `kiln bench scenes` and `kiln soak`: a scene stepped frame by frame at a fixed rate and timed
// as the window times it (update, render, present). Limits: headless means SDL's software
// renderer on a memory surface, where "present" hands over nothing and costs next to nothing,
// and each frame draws only what changed since the last (damage tracking, as offline renders
// do; `KILN_DAMAGE=0` draws every frame whole);
// --window draws into a real window with vsync off, sized to the canvas at the scale (larger
// than the screen is allowed under X), as the app's window draws (`WindowCanvas`), so present
// there includes the window system's copy.
import CSDL2
import Foundation
@_spi(Fuzzing) import KilnCore
import KilnRuntime

/// What one timed frame cost and did.
public struct SceneFrame: Hashable, Sendable {
    package var sample: FrameSample
    /// Layer contents rasterized this frame (the texture cache's misses).
    public var rasterizations: Int

    package init(sample: FrameSample, rasterizations: Int) {
        self.sample = sample
        self.rasterizations = rasterizations
    }
}

/// Steps and draws a hosted scene frame by frame, timing each part.
public final class SceneFrameTimer {
    public let canvas: Size
    public let scale: Double
    private let window: SDLWindow?
    private let renderer: SDLRenderer
    private let compositor: Compositor
    /// A window's kept frame, drawn only where it changed, as the app's window draws.
    private let windowCanvas: WindowCanvas?
    private let clock: FrameClock

    /// What frames are timed by.
    public enum FrameClock: Sendable {
        /// Elapsed time, as a user waits for a frame.
        case wall
        /// The CPU time of the drawing thread: time other programs take from it is left out,
        /// so that a busy machine measures steadier.
        case thread

        /// Now, in milliseconds.
        var milliseconds: Double {
            var now = timespec()
            clock_gettime(self == .wall ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &now)
            return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
        }
    }

    /// A timer drawing `canvas` at `scale`, headless or into a window (vsync off); throws
    /// `PlatformError.noDisplay` for a window without a display.
    public init(canvas: Size, scale: Double, isWindowed: Bool, clock: FrameClock = .wall) throws {
        self.clock = clock
        guard scale >= 0.25, scale <= 8 else { throw PlatformError.io("choose a scale from 0.25 to 8") }
        self.canvas = canvas
        self.scale = scale
        let width = Int((canvas.width * scale).rounded()), height = Int((canvas.height * scale).rounded())
        if isWindowed {
            let window = try SDLWindow(title: "kiln bench", width: width, height: height)
            SDL_SetHint(SDL_HINT_RENDER_VSYNC, "0")
            renderer = try SDLRenderer(window: window.handle, vsync: false)
            self.window = window
        } else {
            renderer = try SDLRenderer(offscreenWidth: width, height: height)
            window = nil
        }
        compositor = isWindowed ? WindowCompositor(renderer: renderer)
            : .offscreen(renderer, fastPaths: OffscreenHost.fastPathsByDefault)
        windowCanvas = isWindowed ? WindowCanvas(renderer: renderer, compositor: compositor) : nil
        if !isWindowed && OffscreenHost.damageTrackingByDefault { compositor.damage = DamageTracker() }
        tracksDamage = compositor.damage != nil
    }

    /// Whether frames draw only what changed since the frame before.
    public let tracksDamage: Bool

    /// The renderer's name, for reports.
    public var rendererName: String { renderer.name }

    /// Advances `scene` to `time`, draws it and presents it; returns what that cost.
    package func frame(_ scene: HostedScene, at time: Double) -> SceneFrame {
        window?.drainEvents()
        let start = clock.milliseconds
        scene.advance(to: time)
        let updated = clock.milliseconds
        let output = renderer.outputSize
        let viewport = Viewport.fitting(canvas: canvas, into: Size(Double(output.width), Double(output.height)))
        let draw = { [compositor, canvas] in
            compositor.draw(RenderList(roots: [scene.root] + scene.overlays), viewport: viewport, canvas: canvas,
                            background: scene.backgroundColor)
        }
        if let windowCanvas { windowCanvas.drawFrame(draw) } else { draw() }
        let rendered = clock.milliseconds
        SDL_RenderPresent(renderer.handle)
        let presented = clock.milliseconds
        let sample = FrameSample(time: time, update: updated - start, render: rendered - updated,
                                 present: presented - rendered)
        return SceneFrame(sample: sample, rasterizations: compositor.rasterizationsLastFrame)
    }
}

/// The frames of one scene's benchmark, and what they add up to.
public struct SceneBenchResult: Sendable {
    public var scene: String
    /// The scripts played, in order.
    public var scripts: [String]
    public var frames: [SceneFrame] = []
    /// The most memory the process held while the scene ran, in bytes.
    public var peakResidentBytes = 0
    public var renderer: String
    public var pixelSize: (width: Int, height: Int)
    /// What the frames were timed by.
    public var clock: SceneFrameTimer.FrameClock
    /// Whether the frames were drawn headless: the goal is set for headless frames.
    public var isHeadless = true
    /// Device pixels per point the frames were drawn at: the goal is set for 2×.
    public var scale = 2.0

    public init(scene: String, scripts: [String], renderer: String, pixelSize: (width: Int, height: Int),
                clock: SceneFrameTimer.FrameClock = .wall) {
        self.scene = scene
        self.scripts = scripts
        self.renderer = renderer
        self.pixelSize = pixelSize
        self.clock = clock
    }

    /// The goal for a window's frame: its p99 within 4 ms of the drawing thread's CPU at 2×,
    /// headless, half the budget of a 120 Hz display's frame.
    public static let frameGoalMilliseconds = 4.0

    /// Whether these frames were measured the way the goal is: CPU time, headless, at 2×.
    public var measuresGoal: Bool { clock == .thread && isHeadless && scale == 2 }

    /// The goal beside the figure, or how to measure it.
    public var goalLine: String {
        let figure = percentile(0.99, of: \.total)
        guard measuresGoal else {
            return String(format: "  goal: frame p99 ≤ %.0f ms of CPU at 2× headless (measure with --cpu-time --scale 2)",
                          Self.frameGoalMilliseconds)
        }
        return String(format: "  goal: frame p99 ≤ %.0f ms of CPU at 2× headless: %.2f ms (%@)",
                      Self.frameGoalMilliseconds, figure, figure <= Self.frameGoalMilliseconds ? "met" : "not met")
    }

    /// Adds a frame, sampling the memory held.
    public mutating func record(_ frame: SceneFrame) {
        frames.append(frame)
        peakResidentBytes = max(peakResidentBytes, ProcessMemory.residentBytes)
    }

    /// The `fraction` percentile of one part of the frames, in milliseconds.
    package func percentile(_ fraction: Double, of part: KeyPath<FrameSample, Double>) -> Double {
        FrameTimeHistory.percentile(fraction, of: frames.map { $0.sample[keyPath: part] }) ?? 0
    }

    /// Layer contents rasterized per frame, on average.
    public var rasterizationsPerFrame: Double {
        frames.isEmpty ? 0 : Double(frames.reduce(0) { $0 + $1.rasterizations }) / Double(frames.count)
    }

    /// How many frames rasterized anything: content changes, not every frame, should.
    public var framesRasterizing: Int { frames.filter { $0.rasterizations > 0 }.count }

    /// The one JSON line `kiln bench scenes --json` prints for the scene.
    public var jsonLine: String {
        var fields: [(String, BenchJSON.Value)] = [
            ("bench", .string("scenes")), ("scene", .string(scene)), ("scripts", .strings(scripts)),
            ("frames", .int(frames.count)), ("pixels", .string("\(pixelSize.width)x\(pixelSize.height)")),
        ]
        for (name, part) in Self.parts {
            fields.append(("\(name)_p50_ms", .milliseconds(percentile(0.5, of: part))))
            fields.append(("\(name)_p99_ms", .milliseconds(percentile(0.99, of: part))))
        }
        fields += [
            ("rasterizations_per_frame", .number(rasterizationsPerFrame, decimals: 3)),
            ("frames_rasterizing", .int(framesRasterizing)),
            ("rasterizations_max", .int(frames.map(\.rasterizations).max() ?? 0)),
            ("peak_rss_mb", .number(Double(peakResidentBytes) / 1_048_576, decimals: 1)),
            ("renderer", .string(renderer)), ("clock", .string(clock == .wall ? "wall" : "thread")),
        ]
        if measuresGoal {
            fields += [("frame_p99_goal_ms", .milliseconds(Self.frameGoalMilliseconds)),
                       ("frame_p99_goal_met", .bool(percentile(0.99, of: \.total) <= Self.frameGoalMilliseconds))]
        }
        return BenchJSON.line(fields)
    }

    /// A few lines for people.
    public var summary: String {
        let parts = Self.parts.map { name, part in
            String(format: "%@ %.2f/%.2f", name, percentile(0.5, of: part), percentile(0.99, of: part))
        }
        return String(format: "%@ (%@): %d frames at %dx%d on %@\n  p50/p99 ms%@: %@\n"
                        + "  rasterizations: %.2f per frame, in %d frames, at most %d; peak memory %.1f MB",
                      scene, scripts.joined(separator: ", "), frames.count, pixelSize.width, pixelSize.height,
                      renderer, clock == .wall ? "" : " of CPU", parts.joined(separator: ", "), rasterizationsPerFrame, framesRasterizing,
                      frames.map(\.rasterizations).max() ?? 0, Double(peakResidentBytes) / 1_048_576)
            + "\n" + goalLine
    }

    /// The parts of a frame reported, by their names in the report.
    static var parts: [(String, KeyPath<FrameSample, Double>)] { [
        ("update", \.update), ("render", \.render), ("present", \.present), ("frame", \.total),
    ] }
}
