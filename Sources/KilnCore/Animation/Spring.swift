import Foundation

/// A damped spring, solved in closed form, giving the progress of a change from 0 to 1.
///
/// The model is `CASpringAnimation`'s: a mass on a spring with viscous damping, released
/// at progress 0 with `initialVelocity` and settling at 1. Velocities are normalized, in
/// units of the whole change per second (see `normalizedVelocity(_:from:to:)`).
public struct Spring: Hashable, Sendable {
    /// The mass on the spring; must be positive.
    public var mass: Double
    /// The spring's stiffness; must be positive.
    public var stiffness: Double
    /// The viscous damping coefficient; zero oscillates forever.
    public var damping: Double
    /// The velocity at time 0, in units of the whole change per second.
    public var initialVelocity: Double

    /// A spring with `CASpringAnimation`'s defaults unless told otherwise.
    public init(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
        initialVelocity: Double = 0
    ) {
        precondition(mass > 0 && stiffness > 0 && damping >= 0, "Spring needs m, k > 0, c ≥ 0")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// A spring described as in SwiftUI and UIKit: `dampingRatio` 1 does not overshoot,
    /// less bounces; `response` is the period in seconds of the undamped oscillation.
    public init(dampingRatio: Double, response: Double, initialVelocity: Double = 0) {
        precondition(response > 0 && dampingRatio >= 0, "Spring needs response > 0, ratio ≥ 0")
        let omega = 2 * Double.pi / response
        self.init(
            mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega,
            initialVelocity: initialVelocity)
    }

    /// A velocity in points (or any unit) per second as a fraction of the change from
    /// `from` to `to` per second: how a pan's release velocity becomes `initialVelocity`.
    ///
    /// Returns 0 when the change is empty.
    public static func normalizedVelocity(_ velocity: Double, from: Double, to: Double) -> Double {
        let distance = to - from
        return distance == 0 ? 0 : velocity / distance
    }

    /// The damping ratio ζ: below 1 overshoots, 1 is critical, above 1 creeps.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The undamped angular frequency ω₀ in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The progress at `t` seconds: 0 at the start, 1 at rest on the target.
    public func value(at t: Double) -> Double { 1 + state(at: t).offset }

    /// The velocity at `t` seconds, in units of the whole change per second.
    public func velocity(at t: Double) -> Double { state(at: t).velocity }

    /// Seconds after which the spring stays within 0.001 of the target and moves slower
    /// than 0.001 of the change per second; infinite without damping.
    public var settlingDuration: Double { settlingDuration(epsilon: 1e-3) }
}

// MARK: - Solution

extension Spring {
    /// The three damping regimes of m·x″ + c·x′ + k·x = 0.
    private enum Regime {
        case underdamped, critical, overdamped
    }

    /// Damping ratios this close to 1 use the critical solution, which is also the limit
    /// of the other two; it avoids dividing by a vanishing frequency difference.
    private static let criticalTolerance = 1e-6

    private var regime: Regime {
        let zeta = dampingRatio
        if abs(zeta - 1) < Self.criticalTolerance { return .critical }
        return zeta < 1 ? .underdamped : .overdamped
    }

    /// Offset from the target (progress − 1) and velocity at `t`; starts at (−1, v₀).
    func state(at t: Double) -> (offset: Double, velocity: Double) {
        switch regime {
        case .underdamped: return underdampedState(at: t)
        case .critical: return criticalState(at: t)
        case .overdamped: return overdampedState(at: t)
        }
    }

    /// x = e^(−ζω₀t)·(A·cos ω_d·t + B·sin ω_d·t).
    private func underdampedState(at t: Double) -> (offset: Double, velocity: Double) {
        let w0 = naturalFrequency, zeta = dampingRatio
        let decay = zeta * w0
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let a = -1.0, b = (initialVelocity + decay * a) / wd
        let envelope = exp(-decay * t), cs = cos(wd * t), sn = sin(wd * t)
        let offset = envelope * (a * cs + b * sn)
        let velocity = envelope * ((b * wd - decay * a) * cs - (a * wd + decay * b) * sn)
        return (offset, velocity)
    }

    /// x = (A + B·t)·e^(−ω₀t).
    private func criticalState(at t: Double) -> (offset: Double, velocity: Double) {
        let w0 = naturalFrequency
        let a = -1.0, b = initialVelocity + w0 * a
        let envelope = exp(-w0 * t)
        return ((a + b * t) * envelope, (b - w0 * (a + b * t)) * envelope)
    }

    /// x = C₁·e^(r₁t) + C₂·e^(r₂t), with r₁ the slower (less negative) rate.
    private func overdampedState(at t: Double) -> (offset: Double, velocity: Double) {
        let (r1, r2, c1, c2) = overdampedTerms
        let e1 = c1 * exp(r1 * t), e2 = c2 * exp(r2 * t)
        return (e1 + e2, r1 * e1 + r2 * e2)
    }

    private var overdampedTerms: (r1: Double, r2: Double, c1: Double, c2: Double) {
        let w0 = naturalFrequency, zeta = dampingRatio
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let c2 = (initialVelocity + r1) / (r2 - r1)
        return (r1, r2, -1 - c2, c2)
    }
}

// MARK: - Settling

extension Spring {
    /// Seconds after which |1 − progress| and |velocity| both stay below `epsilon`;
    /// infinite without damping.
    ///
    /// An envelope of the solution gives a time after which the spring is certainly
    /// settled; stepping back from there finds the last moment it was not.
    public func settlingDuration(epsilon: Double) -> Double {
        precondition(epsilon > 0, "settlingDuration needs a positive epsilon")
        let bound = settledBound(epsilon: epsilon)
        guard bound.isFinite else { return .infinity }
        guard bound > 0 else { return 0 }
        let step = samplingStep(before: bound)
        var t = bound
        while t > 0 {
            let earlier = max(t - step, 0)
            if !isSettled(at: earlier, epsilon: epsilon) {
                return lastUnsettledMoment(between: earlier, and: t, epsilon: epsilon)
            }
            t = earlier
        }
        return 0
    }

    private func isSettled(at t: Double, epsilon: Double) -> Bool {
        let s = state(at: t)
        return abs(s.offset) < epsilon && abs(s.velocity) < epsilon
    }

    /// A time after which offset and velocity are provably below `epsilon`: each is
    /// bounded by K·e^(−λt), so the bound is ln(K/ε)/λ.
    private func settledBound(epsilon: Double) -> Double {
        let (k, rate) = envelope
        guard rate > 0 else { return .infinity }
        return max(log(k / epsilon) / rate, 0)
    }

    /// K and λ with |offset| ≤ K·e^(−λt) and |velocity| ≤ K·e^(−λt) for all t ≥ 0.
    private var envelope: (k: Double, rate: Double) {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        switch regime {
        case .underdamped:
            // Velocity's coefficients are (A, B) turned and scaled by exactly ω₀.
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * w0) / wd
            let amplitude = (1 + b * b).squareRoot()
            return (amplitude * max(1, w0), zeta * w0)
        case .critical:
            // (p + q·t)·e^(−ω₀t) ≤ (p + 2q/(e·ω₀))·e^(−ω₀t/2), as t·e^(−ω₀t/2) ≤ 2/(e·ω₀).
            let b = abs(v0 - w0)
            let p = max(1, b + w0), q = b * max(1, w0)
            return (p + 2 * q / (M_E * w0), w0 / 2)
        case .overdamped:
            let (r1, r2, c1, c2) = overdampedTerms
            let k = max(abs(c1) + abs(c2), abs(r1 * c1) + abs(r2 * c2))
            return (k, -r1)
        }
    }

    /// 256 samples per swing of an underdamped spring, so a sample lands within 0.01 % of
    /// every peak; 4096 samples up to the bound otherwise.
    private func samplingStep(before bound: Double) -> Double {
        let zeta = dampingRatio
        guard regime == .underdamped else { return bound / 4096 }
        let period = 2 * Double.pi / (naturalFrequency * (1 - zeta * zeta).squareRoot())
        return min(bound / 4096, period / 256)
    }

    /// Bisects from an unsettled moment `low` to a settled one `high`, to the nanosecond.
    ///
    /// Stopping there, rather than at the last representable time, leaves the answer
    /// clearly on the settled side instead of on a rounding knife-edge.
    private func lastUnsettledMoment(
        between low: Double, and high: Double, epsilon: Double
    ) -> Double {
        var low = low, high = high
        while high - low > 1e-9 {
            let mid = (low + high) / 2
            if isSettled(at: mid, epsilon: epsilon) { high = mid } else { low = mid }
        }
        return high
    }
}
