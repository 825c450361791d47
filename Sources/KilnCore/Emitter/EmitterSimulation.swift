/// A particle system over time: births, motion and deaths of an emitter's particles.
///
/// Each cell's particles live in their own struct-of-arrays store, sized from birth rate ×
/// lifetime when the configuration changes and never during a step, so stepping allocates
/// nothing. Stepping is exactly deterministic: the same configuration (with its seed) and
/// the same sequence of time steps give bit-identical particles.
package struct EmitterSimulation: Sendable {
    /// The cells, shape and multipliers; a change takes effect on the next step.
    ///
    /// Storage grows here if the new configuration needs more room (never shrinks), and the
    /// random generator restarts if the seed changed. Particles stay with their cell index.
    package var configuration: EmitterConfiguration {
        didSet { configurationDidChange(from: oldValue) }
    }

    var stores: [ParticleStore] = []
    private var birthAccumulators: [Double] = []
    private var random: SplitMix64

    /// A simulation with no live particles.
    package init(configuration: EmitterConfiguration) {
        self.configuration = configuration
        self.random = SplitMix64(seed: configuration.seed)
        reserveStorage()
    }

    /// The number of live particles over all cells.
    package var aliveCount: Int {
        stores.reduce(0) { $0 + $1.count }
    }

    /// The number of live particles of one cell.
    package func aliveCount(inCell cellIndex: Int) -> Int {
        stores[cellIndex].count
    }

    /// How many particles fit without reallocating, over all cells.
    package var capacity: Int {
        stores.reduce(0) { $0 + $1.capacity }
    }

    /// Removes every particle and restarts the random generator from the seed.
    package mutating func reset() {
        for index in stores.indices { stores[index].count = 0 }
        birthAccumulators = birthAccumulators.map { _ in 0 }
        random = SplitMix64(seed: configuration.seed)
    }

    /// Advances by `dt` seconds: ages particles, removes the dead, moves the rest, then
    /// makes this step's births.
    package mutating func step(dt: Double) {
        guard dt > 0 else { return }
        for cellIndex in stores.indices {
            let cell = configuration.cells[cellIndex]
            stores[cellIndex].advanceAll(
                by: Float(dt), ax: Float(cell.xAcceleration), ay: Float(cell.yAcceleration),
                damping: Float(cell.damping))
            emitBirths(of: cell, at: cellIndex, dt: dt)
        }
    }

    // MARK: Births

    /// Births at a steady rate: a fractional accumulator carries the remainder between
    /// steps, and each particle is advanced by the part of the step after its birth time,
    /// so that a high rate makes an even stream rather than one puff per frame.
    private mutating func emitBirths(of cell: EmitterCell, at cellIndex: Int, dt: Double) {
        let rate = cell.birthRate * configuration.birthRate
        guard rate > 0 else { return }
        let start = birthAccumulators[cellIndex]
        let total = start + rate * dt
        let births = total.rounded(.down)
        birthAccumulators[cellIndex] = total - births
        guard births >= 1 else { return }
        for birth in 1...Int(births) {
            guard !stores[cellIndex].isFull else { break }
            let lead = max(0, dt - (Double(birth) - start) / rate)
            let newborn = Newborn(cell: cell, configuration: configuration, using: &random)
            guard newborn.lifetime > lead else { continue }
            stores[cellIndex].append(
                newborn, advancedBy: Float(lead), ax: Float(cell.xAcceleration),
                ay: Float(cell.yAcceleration), damping: Float(cell.damping))
        }
    }

    // MARK: Storage

    private mutating func configurationDidChange(from old: EmitterConfiguration) {
        if configuration.seed != old.seed { random = SplitMix64(seed: configuration.seed) }
        reserveStorage()
    }

    /// Matches the stores to the cells and grows any that could overflow.
    private mutating func reserveStorage() {
        let cells = configuration.cells
        if stores.count > cells.count {
            stores.removeLast(stores.count - cells.count)
            birthAccumulators.removeLast(birthAccumulators.count - cells.count)
        }
        while stores.count < cells.count {
            stores.append(ParticleStore(capacity: 0))
            birthAccumulators.append(0)
        }
        for (index, cell) in cells.enumerated() {
            let needed = Self.requiredCapacity(for: cell, in: configuration)
            let current = stores[index].capacity
            // Grow by half again at least, so a birth rate ramped up frame by frame
            // reallocates a few times, not on every frame of the ramp.
            if needed > current { stores[index].resize(to: max(needed, current + current / 2)) }
        }
    }

    /// Room for the most particles a cell can have alive at once, with headroom.
    ///
    /// The layer multiplier counts as at least 1: scenes fire emitters by animating it
    /// between 0 and 1, and that must not reallocate mid-animation.
    static func requiredCapacity(for cell: EmitterCell, in configuration: EmitterConfiguration) -> Int {
        let rate = cell.birthRate * max(configuration.birthRate, 1)
        let longestLife = (cell.lifetime + abs(cell.lifetimeRange)) * configuration.lifetime
        guard rate > 0, longestLife > 0, rate.isFinite, longestLife.isFinite else { return 0 }
        // One step can add a whole step's births before the oldest die: 25 % and a few spare.
        return Int((rate * longestLife * 1.25).rounded(.up)) + 16
    }
}
