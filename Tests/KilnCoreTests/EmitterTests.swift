import Foundation
import KilnCore
import Testing

/// A point emitter with one cell that has contents, for tests to adjust.
private func makeConfiguration(seed: UInt64 = 1, _ adjust: (inout EmitterCell) -> Void = { _ in }) -> EmitterConfiguration {
    var cell = EmitterCell(name: "test", contents: Bitmap(width: 4, height: 4, fill: .white))
    cell.birthRate = 200
    cell.lifetime = 1
    cell.velocity = 100
    adjust(&cell)
    var configuration = EmitterConfiguration(cells: [cell], seed: seed)
    configuration.emitterPosition = Point(100, 100)
    return configuration
}

private func run(_ simulation: inout EmitterSimulation, seconds: Double, dt: Double = 1.0 / 60) {
    for _ in 0..<Int((seconds / dt).rounded()) { simulation.step(dt: dt) }
}

/// A simulation after one long step in which many particles were born, nothing pulling on them.
private func burstSimulation(_ adjust: (inout EmitterCell) -> Void) -> EmitterSimulation {
    var simulation = EmitterSimulation(configuration: makeConfiguration { cell in
        cell.birthRate = 20_000
        cell.lifetime = 10
        adjust(&cell)
    })
    simulation.step(dt: 0.1)
    return simulation
}

/// The particles of `burstSimulation`.
private func burst(_ adjust: (inout EmitterCell) -> Void) -> [Particle] {
    burstSimulation(adjust).particles
}

@Test("the same seed and steps give identical particles")
func sameSeedIsDeterministic() {
    let configuration = makeConfiguration(seed: 42) { cell in
        cell.velocityRange = 50
        cell.emissionRange = .pi
        cell.spinRange = 3
        cell.yAcceleration = 300
        cell.damping = 0.5
    }
    var first = EmitterSimulation(configuration: configuration)
    var second = EmitterSimulation(configuration: configuration)

    run(&first, seconds: 2)
    run(&second, seconds: 2)

    #expect(first.aliveCount > 100)
    #expect(first.particles == second.particles)
}

@Test("different seeds give different particles")
func differentSeedsDiffer() {
    var first = EmitterSimulation(configuration: makeConfiguration(seed: 1) { $0.emissionRange = .pi })
    var second = EmitterSimulation(configuration: makeConfiguration(seed: 2) { $0.emissionRange = .pi })

    run(&first, seconds: 1)
    run(&second, seconds: 1)

    #expect(first.aliveCount == second.aliveCount)
    #expect(first.particles != second.particles)
}

@Test("reset replays the run from the seed")
func resetReplays() {
    var simulation = EmitterSimulation(configuration: makeConfiguration(seed: 9) { $0.velocityRange = 40 })
    run(&simulation, seconds: 0.5)
    let firstRun = simulation.particles

    simulation.reset()
    #expect(simulation.aliveCount == 0)
    run(&simulation, seconds: 0.5)

    #expect(simulation.particles == firstRun)
}

@Test("initial speeds stay within velocity ± velocityRange and fill it")
func velocityRange() {
    let speeds = burst { cell in
        cell.velocity = 100
        cell.velocityRange = 40
        cell.emissionRange = 2 * .pi
    }.map(\.velocity.length)

    #expect(speeds.count > 1500)
    #expect(speeds.allSatisfy { $0 >= 60 - 1e-3 && $0 <= 140 + 1e-3 })
    #expect(speeds.min()! < 62 && speeds.max()! > 138)
    #expect(abs(speeds.reduce(0, +) / Double(speeds.count) - 100) < 3)
}

@Test("lifetimes stay within lifetime ± lifetimeRange and fill it")
func lifetimeRange() {
    let lifetimes = burst { cell in
        cell.lifetime = 2
        cell.lifetimeRange = 0.5
    }.map(\.lifetime)

    #expect(lifetimes.allSatisfy { $0 >= 1.5 - 1e-6 && $0 <= 2.5 + 1e-6 })
    #expect(lifetimes.min()! < 1.52 && lifetimes.max()! > 2.48)
    let total: Double = lifetimes.reduce(0.0) { $0 + $1 }
    let mean = total / Double(lifetimes.count)
    #expect(abs(mean - 2) < 0.02)
}

@Test("emission angles spread over longitude ± range / 2")
func emissionCone() {
    let up = -Double.pi / 2, halfRange = Double.pi / 4
    let deviations = burst { cell in
        cell.emissionLongitude = up
        cell.emissionRange = 2 * halfRange
    }.map { atan2($0.velocity.y, $0.velocity.x) - up }

    let mean = deviations.reduce(0, +) / Double(deviations.count)
    #expect(deviations.allSatisfy { abs($0) <= halfRange + 1e-4 })
    #expect(deviations.min()! < -halfRange + 0.02 && deviations.max()! > halfRange - 0.02)
    #expect(abs(mean) < 0.02)
}

@Test("the live count settles at birth rate × lifetime")
func liveCountConverges() {
    var simulation = EmitterSimulation(configuration: makeConfiguration { cell in
        cell.birthRate = 500
        cell.lifetime = 2
        cell.lifetimeRange = 0.5
    })

    run(&simulation, seconds: 4)

    #expect(abs(Double(simulation.aliveCount) - 1000) <= 100)
}

@Test("storage never grows and is never exceeded over thousands of uneven steps")
func capacityHolds() {
    var simulation = EmitterSimulation(configuration: makeConfiguration { cell in
        cell.birthRate = 3000
        cell.lifetime = 1
        cell.lifetimeRange = 0.2
    })
    let capacity = simulation.capacity
    let steps = [1.0 / 60, 1.0 / 144, 1.0 / 30, 0.1, 1.0 / 240]
    var withinCapacity = true

    for index in 0..<5000 {
        simulation.configuration.birthRate = Double(index % 100) / 100
        simulation.step(dt: index == 2500 ? 1.5 : steps[index % steps.count])
        withinCapacity = withinCapacity && simulation.aliveCount <= capacity
    }

    #expect(capacity >= 3600)
    #expect(withinCapacity)
    #expect(simulation.capacity == capacity)
}

@Test("a birth rate change takes effect on the next step")
func birthRateMultiplierAppliesNextStep() {
    var simulation = EmitterSimulation(configuration: makeConfiguration { $0.birthRate = 600 })
    simulation.step(dt: 0.1)
    let before = simulation.aliveCount

    simulation.configuration.birthRate = 2
    simulation.step(dt: 0.1)

    #expect(before == 60)
    #expect(simulation.aliveCount - before == 120)
}

@Test("birth rate 0 stops births and the emitter empties")
func zeroBirthRateStops() {
    var simulation = EmitterSimulation(configuration: makeConfiguration())
    run(&simulation, seconds: 1)
    let alive = simulation.aliveCount

    simulation.configuration.birthRate = 0
    simulation.step(dt: 1.0 / 60)
    let afterOneStep = simulation.aliveCount
    run(&simulation, seconds: 1.1)

    #expect(alive > 150)
    #expect(afterOneStep < alive)
    #expect(simulation.aliveCount == 0)
}

@Test("alphaSpeed fades particles as they age")
func alphaSpeedFades() {
    var simulation = EmitterSimulation(configuration: makeConfiguration { cell in
        cell.lifetime = 3
        cell.alphaSpeed = -0.5
    })

    run(&simulation, seconds: 1.5)

    let particles = simulation.particles
    #expect(!particles.isEmpty)
    #expect(particles.allSatisfy { abs($0.color.alpha - (1 - 0.5 * $0.age)) < 1e-3 })
    #expect(particles.contains { $0.color.alpha < 0.3 })
}

@Test("damping slows particles by 1 / (1 + damping · dt) each step")
func dampingSlows() {
    let dt = 1.0 / 60
    var damped = EmitterSimulation(configuration: makeConfiguration { $0.damping = 2 })
    var free = EmitterSimulation(configuration: makeConfiguration())

    damped.step(dt: dt)
    free.step(dt: dt)
    let bornSpeed = damped.particles[0].velocity.length
    run(&damped, seconds: 0.5, dt: dt)
    run(&free, seconds: 0.5, dt: dt)

    let oldest = damped.particles.max { $0.age < $1.age }!
    let expected = bornSpeed * pow(1 / (1 + 2 * dt), 30)
    #expect(abs(oldest.velocity.length - expected) < 0.01)
    #expect(free.particles.allSatisfy { abs($0.velocity.length - 100) < 1e-3 })
}

@Test("acceleration bends paths: gravity turns an upward throw downward")
func gravityBends() {
    // Thrown up at 100 pt/s against 400 pt/s², a particle is back at its start after 0.5 s.
    var simulation = EmitterSimulation(configuration: makeConfiguration { cell in
        cell.lifetime = 0.45
        cell.emissionLongitude = -.pi / 2
        cell.yAcceleration = 400
    })

    run(&simulation, seconds: 0.5)

    let particles = simulation.particles
    let oldest = particles.max { $0.age < $1.age }!
    #expect(abs(oldest.velocity.y - (-100 + 400 * oldest.age)) < 0.5)
    #expect(particles.filter { $0.age > 0 }.allSatisfy { $0.position.y < 100 })
}

/// Values drawn from `centre ± range` must stay inside it and reach near both ends.
private func expectSpread(_ values: [Double], centre: Double, range: Double,
                          sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(values.count > 1500, sourceLocation: sourceLocation)
    #expect(values.allSatisfy { abs($0 - centre) <= range + 1e-6 }, sourceLocation: sourceLocation)
    #expect(values.min()! < centre - range * 0.95 && values.max()! > centre + range * 0.95,
            sourceLocation: sourceLocation)
    let mean = values.reduce(0, +) / Double(values.count)
    #expect(abs(mean - centre) < range * 0.05, sourceLocation: sourceLocation)
}

@Test("initial scales stay within scale ± scaleRange and fill it")
func scaleRange() {
    let scales = burst { cell in
        cell.scale = 1.5
        cell.scaleRange = 0.5
    }.map(\.scale)
    expectSpread(scales, centre: 1.5, range: 0.5)
}

@Test("spins stay within spin ± spinRange and fill it")
func spinRange() {
    let simulation = burstSimulation { cell in
        cell.spin = 2
        cell.spinRange = 1
    }
    let before = simulation.particles
    var next = simulation
    next.configuration.cells[0].birthRate = 0
    next.step(dt: 0.05)
    let spins = zip(before, next.particles).map { ($1.rotation - $0.rotation) / 0.05 }
    expectSpread(spins, centre: 2, range: 1)
}

@Test("colour components stay within colour ± their ranges and fill them",
      arguments: ["red", "green", "blue", "alpha"])
func colorRanges(component: String) {
    let (range, value): (WritableKeyPath<EmitterCell, Double>, KeyPath<Color, Double>) = switch component {
    case "red": (\.redRange, \.red)
    case "green": (\.greenRange, \.green)
    case "blue": (\.blueRange, \.blue)
    default: (\.alphaRange, \.alpha)
    }
    let values = burst { cell in
        cell.color = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)
        cell[keyPath: range] = 0.2
    }.map { $0.color[keyPath: value] }
    expectSpread(values, centre: 0.5, range: 0.2)
}

@Test("scaleSpeed and the colour speeds change each particle by their rate times its age")
func speedsChangeWithAge() {
    var simulation = EmitterSimulation(configuration: makeConfiguration { cell in
        cell.lifetime = 3
        cell.scale = 1
        cell.scaleSpeed = 0.5
        cell.color = Color(red: 0.2, green: 0.9, blue: 0.4, alpha: 1)
        cell.redSpeed = 0.3
        cell.greenSpeed = -0.3
        cell.blueSpeed = 0.1
    })

    run(&simulation, seconds: 1.2)

    let particles = simulation.particles
    #expect(particles.contains { $0.age > 1 })
    for p in particles {
        #expect(abs(p.scale - (1 + 0.5 * p.age)) < 1e-3)
        #expect(abs(p.color.red - (0.2 + 0.3 * p.age)) < 1e-3)
        #expect(abs(p.color.green - (0.9 - 0.3 * p.age)) < 1e-3)
        #expect(abs(p.color.blue - (0.4 + 0.1 * p.age)) < 1e-3)
    }
}

@Test("xAcceleration changes horizontal speed by its rate times age")
func sidewaysAcceleration() {
    var simulation = EmitterSimulation(configuration: makeConfiguration { cell in
        cell.emissionLongitude = -.pi / 2
        cell.xAcceleration = 120
    })

    run(&simulation, seconds: 0.8)

    let particles = simulation.particles
    #expect(particles.contains { $0.age > 0.5 })
    #expect(particles.allSatisfy { abs($0.velocity.x - 120 * $0.age) < 0.5 })
    #expect(particles.filter { $0.age > 0.2 }.allSatisfy { $0.position.x > 100 })
}
