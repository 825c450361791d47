import KilnCore

/// The particle workload of `kiln bench particles`, as an emitter configuration.
///
/// Emitter at the canvas centre, uniform area ±16 pt, direction up, spread π, speed
/// 60–320 pt/s, gravity 400 pt/s² down, lifetime 0.9–1.1 s, birth rate `count` per second,
/// a 4×4 red texture scaled from 2 to 0.5 and faded from alpha 1 to 0 over a (mean) life.
public struct ParticleBenchmarkWorkload: Hashable, Sendable {
    /// The fixed time step.
    public static let timeStep = 1.0 / 60
    /// Seconds simulated before any frame is timed, so the live count has settled.
    public static let settleDuration = 1.65
    /// Frames drawn untimed after settling.
    public static let warmUpFrames = 60

    /// Particles born per second; with a mean life of 1 s also about the live count.
    public var count: Int
    /// The canvas the emitter is centred on.
    public var canvasSize: Size
    /// The seed; fixed so that every run draws the same particles.
    public var seed: UInt64

    /// The workload for `count` particles per second on a canvas of `canvasSize`.
    public init(count: Int, canvasSize: Size = Size(1280, 800), seed: UInt64 = 0x4B49_4C4E) {
        self.count = count
        self.canvasSize = canvasSize
        self.seed = seed
    }

    /// The single cell: speeds and ranges per second, as Core Animation reads them.
    public var cell: EmitterCell {
        var cell = EmitterCell(name: "bench", contents: Bitmap(width: 4, height: 4, fill: .red))
        cell.birthRate = Double(count)
        cell.lifetime = 1.0
        cell.lifetimeRange = 0.1
        cell.velocity = 190
        cell.velocityRange = 130
        cell.emissionLongitude = -.pi / 2
        cell.emissionRange = .pi
        cell.yAcceleration = 400
        // Core Animation's model has rates, not end values: 2 → 0.5 and 1 → 0 over the
        // mean lifetime of 1 s (a particle living 1.1 s ends slightly smaller and clear).
        cell.scale = 2
        cell.scaleSpeed = -1.5
        cell.alphaSpeed = -1
        return cell
    }

    /// The emitter: a 32 × 32 pt surface at the canvas centre with the one cell.
    public var configuration: EmitterConfiguration {
        var configuration = EmitterConfiguration(cells: [cell], seed: seed)
        configuration.emitterPosition = Point(canvasSize.width / 2, canvasSize.height / 2)
        configuration.emitterSize = Size(32, 32)
        configuration.emitterShape = .rectangle
        configuration.emitterMode = .surface
        return configuration
    }

    /// A simulation already stepped through `settleDuration` at `timeStep`.
    package func makeSettledSimulation() -> EmitterSimulation {
        var simulation = EmitterSimulation(configuration: configuration)
        let steps = Int((Self.settleDuration / Self.timeStep).rounded())
        for _ in 0..<steps { simulation.step(dt: Self.timeStep) }
        return simulation
    }
}
