/// A layer that emits particles, on Core Animation's `CAEmitterLayer` model.
///
/// The particles live in the layer's own coordinates (so `emitterPosition` is a point of
/// the bounds) and move with the layer's position, transform and opacity. They are not
/// rasterized: the render list gives the layer a particle item and the compositor draws
/// each cell's particles as one batch. The layer's own background, border and contents,
/// if any, are drawn behind them like any layer's.
///
/// Time is explicit: the owner calls `step(dt:)` from its update, with its own time step.
public final class EmitterLayer: Layer {
    /// The simulation: its configuration mirrors the properties below.
    package private(set) var simulation: EmitterSimulation

    /// A layer with `configuration`'s cells, shape and multipliers, and no live particles.
    public init(configuration: EmitterConfiguration = EmitterConfiguration()) {
        simulation = EmitterSimulation(configuration: configuration)
        super.init()
    }

    /// Everything at once: cells, shape, multipliers and seed.
    public var configuration: EmitterConfiguration {
        get { simulation.configuration }
        set { simulation.configuration = newValue }
    }

    /// The kinds of particles the layer makes, each drawn as its own batch.
    public var emitterCells: [EmitterCell] {
        get { simulation.configuration.cells }
        set { simulation.configuration.cells = newValue }
    }

    /// The centre of the emitter shape, in the layer's coordinates.
    public var emitterPosition: Point {
        get { simulation.configuration.emitterPosition }
        set { simulation.configuration.emitterPosition = newValue }
    }

    /// The size of the emitter shape.
    public var emitterSize: Size {
        get { simulation.configuration.emitterSize }
        set { simulation.configuration.emitterSize = newValue }
    }

    /// The shape particles are born on.
    public var emitterShape: EmitterShape {
        get { simulation.configuration.emitterShape }
        set { simulation.configuration.emitterShape = newValue }
    }

    /// Where on the shape particles are born.
    public var emitterMode: EmitterMode {
        get { simulation.configuration.emitterMode }
        set { simulation.configuration.emitterMode = newValue }
    }

    /// Drawing order and blending.
    public var renderMode: EmitterRenderMode {
        get { simulation.configuration.renderMode }
        set { simulation.configuration.renderMode = newValue }
    }

    /// Multiplies every cell's birth rate; animate it between 0 and 1 to fire the emitter.
    public var birthRate: Double {
        get { simulation.configuration.birthRate }
        set { simulation.configuration.birthRate = newValue }
    }

    /// Multiplies every particle's lifetime.
    public var lifetime: Double {
        get { simulation.configuration.lifetime }
        set { simulation.configuration.lifetime = newValue }
    }

    /// Multiplies every particle's initial speed.
    public var velocity: Double {
        get { simulation.configuration.velocity }
        set { simulation.configuration.velocity = newValue }
    }

    /// Multiplies every particle's scale and scale speed.
    public var scale: Double {
        get { simulation.configuration.scale }
        set { simulation.configuration.scale = newValue }
    }

    /// Multiplies every particle's spin.
    public var spin: Double {
        get { simulation.configuration.spin }
        set { simulation.configuration.spin = newValue }
    }

    /// Seeds the random generator: the same seed and steps give the same particles.
    public var seed: UInt64 {
        get { simulation.configuration.seed }
        set { simulation.configuration.seed = newValue }
    }

    /// The number of live particles over all cells.
    public var aliveCount: Int { simulation.aliveCount }

    /// Advances the particles by `dt` seconds (nothing happens for `dt` ≤ 0).
    public func step(dt: Double) {
        simulation.step(dt: dt)
    }

    /// Advances by `duration` seconds in steps of at most `timeStep`: for pre-warming an
    /// emitter so it starts full, or catching up after a long frame.
    public func advance(by duration: Double, timeStep: Double = 1.0 / 60) {
        guard duration > 0, timeStep > 0 else { return }
        // A hair under a whole number of steps is that number, not one more.
        let steps = max(1, Int((duration / timeStep - 1e-9).rounded(.up)))
        let dt = duration / Double(steps)
        for _ in 0..<steps { simulation.step(dt: dt) }
    }

    /// The longest step of time the scene's clock moves the particles by in one frame: a
    /// frame that took longer (a breakpoint, a stall) does not burst them forward.
    public static let longestClockStep = 0.25

    /// The scene's clock moves the particles on by the time since the last frame, in steps
    /// of at most a sixtieth of a second, as `advance(by:)` does.
    override package func advanceContent(to time: Double) {
        defer { contentTime = time }
        guard let last = contentTime, time > last else { return }
        advance(by: min(time - last, Self.longestClockStep))
    }

    /// Removes every particle and restarts the random generator from the seed.
    public func reset() {
        simulation.reset()
    }

    /// Fills `geometry` with the particles as quads mapped by `transform` (the layer's
    /// coordinates to the target's); see `EmitterSimulation.writeQuads`.
    package func writeQuads(
        into geometry: inout ParticleGeometry, transform: Transform, opacity: Double,
        visibleRect: Rect? = nil
    ) {
        simulation.writeQuads(into: &geometry, transform: transform, opacity: opacity, visibleRect: visibleRect)
    }
}
