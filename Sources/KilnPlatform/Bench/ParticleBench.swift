// `kiln bench particles`: times kiln's own pipeline (emitter layer, render list, compositor,
// SDL present) on a fixed particle workload. Limits: headless means SDL's software
// renderer on a memory surface at scale 1; --window needs a display and uses whatever SDL
// picks there with vsync off (OpenGL under X, Mesa's llvmpipe under Xvfb), so the numbers
// compare only with other programs run on the same machine in the same session.
import CSDL2
@_spi(Fuzzing) import KilnCore

/// The particle benchmark: what to draw, where, and for how many frames.
public struct ParticleBench: Sendable {
    /// Particles born per second; with a mean life of 1 s also about the live count.
    public var count: Int
    /// The canvas, in pixels (scale 1).
    public var size: Size
    /// Frames timed after settling and warming up.
    public var frames: Int
    /// Draw into a real window rather than a memory surface.
    public var isWindowed: Bool
    /// How quads are spelled out for SDL.
    package var layout: ParticleGeometry.Layout

    /// A benchmark of `count` particles per second.
    package init(count: Int, size: Size = Size(1280, 800), frames: Int = 600, isWindowed: Bool = false,
                layout: ParticleGeometry.Layout = .indexedQuads) {
        self.count = count
        self.size = size
        self.frames = frames
        self.isWindowed = isWindowed
        self.layout = layout
    }

    /// Runs the benchmark; throws `PlatformError.noDisplay` when `isWindowed` and there is no display.
    public func run() throws -> ParticleBenchResult {
        let width = Int(size.width.rounded()), height = Int(size.height.rounded())
        guard isWindowed else {
            let renderer = try SDLRenderer(offscreenWidth: width, height: height)
            let compositor = Compositor.offscreen(renderer, fastPaths: OffscreenHost.fastPathsByDefault)
            return measure(on: renderer, with: compositor, rendererName: renderer.name, betweenFrames: {})
        }
        let window = try SDLWindow(title: "kiln bench particles", width: width, height: height)
        return try withExtendedLifetime(window) {
            // An environment setting must not turn vsync back on: frames would time the display.
            SDL_SetHint(SDL_HINT_RENDER_VSYNC, "0")
            let renderer = try SDLRenderer(window: window.handle, vsync: false)
            return measure(on: renderer, with: Compositor(renderer: renderer), rendererName: Self.describe(renderer),
                           betweenFrames: window.drainEvents)
        }
    }

    /// Settles the workload, warms up, then times each frame as update + clear + draw + present.
    private func measure(on renderer: SDLRenderer, with compositor: Compositor, rendererName: String,
                         betweenFrames: () -> Void) -> ParticleBenchResult {
        let workload = ParticleBenchmarkWorkload(count: count, canvasSize: size)
        let root = Layer()
        root.frame = Rect(origin: .zero, size: size)
        let emitter = EmitterLayer(configuration: workload.configuration)
        emitter.frame = root.bounds
        root.addSublayer(emitter)
        compositor.particles.layout = layout

        let dt = ParticleBenchmarkWorkload.timeStep
        for _ in 0..<Int((ParticleBenchmarkWorkload.settleDuration / dt).rounded()) { emitter.step(dt: dt) }
        func frame() {
            emitter.step(dt: dt)
            compositor.draw(RenderList(root: root), viewport: Viewport(scale: 1), canvas: size, background: .black)
            SDL_RenderPresent(renderer.handle)
        }
        for _ in 0..<ParticleBenchmarkWorkload.warmUpFrames {
            betweenFrames()
            frame()
        }
        var times: [Double] = []
        times.reserveCapacity(frames)
        let ticksPerMillisecond = Double(SDL_GetPerformanceFrequency()) / 1000
        for _ in 0..<frames {
            betweenFrames()
            let start = SDL_GetPerformanceCounter()
            frame()
            times.append(Double(SDL_GetPerformanceCounter() - start) / ticksPerMillisecond)
        }
        return ParticleBenchResult(count: count, alive: emitter.aliveCount, frameTimes: times, renderer: rendererName)
    }

    /// SDL's renderer name, and for OpenGL the driver's own name (llvmpipe, a GPU).
    private static func describe(_ renderer: SDLRenderer) -> String {
        let name = renderer.name
        guard name.hasPrefix("opengl"), let address = SDL_GL_GetProcAddress("glGetString") else { return name }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glRenderer: UInt32 = 0x1F01
        guard let text = unsafeBitCast(address, to: GetString.self)(glRenderer) else { return name }
        return "\(name), \(String(cString: text))"
    }
}
