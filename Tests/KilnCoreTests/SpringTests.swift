import Foundation
import Testing
import KilnCore

private let epsilon = 1e-3

/// One spring per damping regime, each released with a different velocity.
private let regimes: [Spring] = [
    Spring(dampingRatio: 0.4, response: 0.5, initialVelocity: 3),
    Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: -2),
    Spring(mass: 2, stiffness: 50, damping: 60, initialVelocity: 8),
]

private func isSettled(_ spring: Spring, at t: Double) -> Bool {
    abs(1 - spring.value(at: t)) < epsilon && abs(spring.velocity(at: t)) < epsilon
}

@Test("The test springs cover all three damping regimes")
func regimesAreCovered() {
    let ratios = regimes.map(\.dampingRatio)

    #expect(ratios[0] < 1)
    #expect(ratios[1] == 1)
    #expect(ratios[2] > 1)
}

@Test("A spring starts at 0 moving at its initial velocity", arguments: regimes)
func startsAtZero(spring: Spring) {
    let value = spring.value(at: 0), velocity = spring.velocity(at: 0)

    #expect(abs(value) < 1e-12)
    #expect(abs(velocity - spring.initialVelocity) < 1e-9)
}

@Test("A spring's velocity is the derivative of its value", arguments: regimes)
func velocityIsDerivative(spring: Spring) {
    let h = 1e-6
    let times = stride(from: 0.01, through: 1.5, by: 0.07).map { $0 }

    let errors = times.map { t in
        (spring.value(at: t + h) - spring.value(at: t - h)) / (2 * h) - spring.velocity(at: t)
    }

    #expect(errors.allSatisfy { abs($0) < 1e-4 })
}

@Test("A spring obeys m·x″ + c·x′ + k·(x − 1) = 0", arguments: regimes)
func obeysEquationOfMotion(spring: Spring) {
    let h = 1e-6
    let times = stride(from: 0.02, through: 1.5, by: 0.11).map { $0 }

    let residuals = times.map { t in
        let acceleration = (spring.velocity(at: t + h) - spring.velocity(at: t - h)) / (2 * h)
        return spring.mass * acceleration + spring.damping * spring.velocity(at: t)
            + spring.stiffness * (spring.value(at: t) - 1)
    }

    #expect(residuals.allSatisfy { abs($0) < 1e-3 * spring.stiffness })
}

@Test("A spring stays settled from its settling duration on", arguments: regimes)
func staysSettledAfterSettlingDuration(spring: Spring) {
    let duration = spring.settlingDuration

    let times = stride(from: duration, through: duration * 4, by: duration / 500)

    #expect(duration.isFinite && duration > 0)
    #expect(times.allSatisfy { isSettled(spring, at: $0) })
}

@Test("The settling duration is the last unsettled moment, not a loose bound",
      arguments: regimes)
func settlingDurationIsTight(spring: Spring) {
    let duration = spring.settlingDuration

    let justBefore = isSettled(spring, at: duration - 1e-4)

    #expect(!justBefore)
}

@Test("An underdamped spring overshoots its target; the others never pass it")
func onlyUnderdampedOvershoots() {
    let times = stride(from: 0.0, through: 3.0, by: 0.001)
    let stillSprings = regimes.map {
        Spring(mass: $0.mass, stiffness: $0.stiffness, damping: $0.damping)
    }

    let peaks = stillSprings.map { spring in times.map { spring.value(at: $0) }.max()! }

    #expect(peaks[0] > 1.2)
    #expect(peaks[1] <= 1)
    #expect(peaks[2] <= 1)
}

@Test("Response is the period of the undamped oscillation")
func responseIsUndampedPeriod() {
    let spring = Spring(dampingRatio: 0, response: 0.4)

    let halfWay = spring.value(at: 0.2), fullPeriod = spring.value(at: 0.4)

    #expect(abs(halfWay - 2) < 1e-9)
    #expect(abs(fullPeriod) < 1e-9)
}

@Test("A spring without damping never settles")
func undampedNeverSettles() {
    let spring = Spring(mass: 1, stiffness: 100, damping: 0)

    let duration = spring.settlingDuration

    #expect(duration == .infinity)
}

@Test("Core Animation's default spring settles after 1.748 seconds")
func defaultSpringSettles() {
    // ζ = 0.5, ω₀ = 10. Reference from sampling every 10 µs for the last unsettled moment;
    // the envelope bound alone would say 1.87.
    let spring = Spring()

    let duration = spring.settlingDuration

    #expect(abs(duration - 1.74784) < 1e-4)
}

@Test("A release velocity becomes a fraction of the distance per second")
func normalizesReleaseVelocity() {
    let forward = Spring.normalizedVelocity(500, from: 100, to: 350)
    let backward = Spring.normalizedVelocity(500, from: 350, to: 100)
    let nowhere = Spring.normalizedVelocity(500, from: 100, to: 100)

    #expect(forward == 2)
    #expect(backward == -2)
    #expect(nowhere == 0)
}

@Test("A release velocity adds v₀·t·e^(−ω₀t) to a critically damped spring")
func releaseVelocityHelps() {
    let still = Spring(dampingRatio: 1, response: 0.5)
    var thrown = still
    thrown.initialVelocity = Spring.normalizedVelocity(1200, from: 0, to: 300)

    let gain = thrown.value(at: 0.1) - still.value(at: 0.1)

    let expected = 4 * 0.1 * exp(-still.naturalFrequency * 0.1)
    #expect(abs(gain - expected) < 1e-12)
}
