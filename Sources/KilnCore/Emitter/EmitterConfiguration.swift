/// How an emitter's particles are ordered and blended, as in `CAEmitterLayer.renderMode`.
public enum EmitterRenderMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Any order (the cheapest), normal blending.
    case unordered
    /// The oldest particles are drawn first, so the newest are on top.
    case oldestFirst
    /// The oldest particles are drawn last, on top of the newer ones.
    case oldestLast
    /// Any order, colours added to what is underneath (sparks, glows).
    case additive
}

/// Everything an emitter layer tells its simulation: cells, shape and multipliers.
///
/// Mirrors `CAEmitterLayer`: the multipliers scale the matching value of every cell, so
/// animating `birthRate` between 0 and 1 turns the emitter off and on.
public struct EmitterConfiguration: Hashable, Sendable {
    /// The kinds of particles made; each is simulated and drawn as its own batch.
    public var cells: [EmitterCell]
    /// The centre of the emitter shape.
    public var emitterPosition: Point = .zero
    /// The size of the emitter shape (see `EmitterShape` for how each shape reads it).
    public var emitterSize: Size = .zero
    /// The shape particles are born on.
    public var emitterShape: EmitterShape = .point
    /// Where on the shape particles are born.
    public var emitterMode: EmitterMode = .points
    /// Drawing order and blending.
    public var renderMode: EmitterRenderMode = .unordered

    /// Multiplies every cell's birth rate; animate it to fire the emitter.
    public var birthRate: Double = 1
    /// Multiplies every particle's lifetime.
    public var lifetime: Double = 1
    /// Multiplies every particle's initial speed.
    public var velocity: Double = 1
    /// Multiplies every particle's scale and scale speed.
    public var scale: Double = 1
    /// Multiplies every particle's spin.
    public var spin: Double = 1
    /// Seeds the simulation's random generator: the same seed and steps give the same particles.
    public var seed: UInt64 = 0

    /// A configuration with Core Animation's defaults: a point emitter at the origin.
    public init(cells: [EmitterCell] = [], seed: UInt64 = 0) {
        self.cells = cells
        self.seed = seed
    }

    /// Whether particles are added to the colours underneath rather than blended over them.
    public var isAdditive: Bool { renderMode == .additive }
}
