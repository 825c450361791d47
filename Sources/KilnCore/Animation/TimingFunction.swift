import Foundation

/// A pacing curve for animations: a cubic Bézier from (0, 0) to (1, 1), like
/// `CAMediaTimingFunction`.
///
/// The x axis is the fraction of the duration elapsed, the y axis the fraction of the
/// change applied. Control-point x values are clamped to 0…1 so that the curve is a
/// function of time; y values may leave 0…1 to overshoot or anticipate.
public struct TimingFunction: Hashable, Sendable {
    /// The first control point.
    public let controlPoint1: Point
    /// The second control point.
    public let controlPoint2: Point

    /// The curve through (0, 0), (`c1x`, `c1y`), (`c2x`, `c2y`), (1, 1).
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        controlPoint1 = Point(x: min(max(c1x, 0), 1), y: c1y)
        controlPoint2 = Point(x: min(max(c2x, 0), 1), y: c2y)
    }

    /// Constant pace.
    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    /// Starts slowly, then speeds up.
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// Starts quickly, then slows down.
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// Starts and ends slowly.
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// Core Animation's default curve for implicit animations.
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    /// The named curve: "linear", "easeIn", "easeOut", "easeInOut" (or Core Animation's
    /// "easeInEaseOut") and "default"; `nil` for any other name.
    public init?(name: String) {
        switch name {
        case "linear": self = .linear
        case "easeIn": self = .easeIn
        case "easeOut": self = .easeOut
        case "easeInOut", "easeInEaseOut": self = .easeInEaseOut
        case "default": self = .default
        default: return nil
        }
    }

    /// How closely `value(at:)` solves x(s) = t; tighter than the 1e-6 promised for the
    /// result because y can change faster than x on steep curves.
    static let precision = 1e-7

    /// The fraction of the change at the fraction `t` of the duration; `t` is clamped to
    /// 0…1 and the endpoints are exact.
    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        // Control points on the diagonal make x(s) == y(s): the identity, returned exactly.
        if controlPoint1.x == controlPoint1.y && controlPoint2.x == controlPoint2.y { return t }
        let x = Polynomial(controlPoint1.x, controlPoint2.x)
        let y = Polynomial(controlPoint1.y, controlPoint2.y)
        return y.value(at: x.parameter(for: t))
    }
}

/// One coordinate of the Bézier, B(s) = ((a·s + b)·s + c)·s, with endpoints 0 and 1.
private struct Polynomial {
    let a: Double, b: Double, c: Double

    init(_ p1: Double, _ p2: Double) {
        c = 3 * p1
        b = 3 * (p2 - p1) - c
        a = 1 - c - b
    }

    func value(at s: Double) -> Double { ((a * s + b) * s + c) * s }

    func slope(at s: Double) -> Double { (3 * a * s + 2 * b) * s + c }

    /// The parameter `s` in 0…1 with B(s) = `target`; B is non-decreasing there because
    /// its control points lie in 0…1.
    func parameter(for target: Double) -> Double {
        // Newton converges in a few steps where the slope is healthy.
        var s = target
        for _ in 0..<8 {
            let error = value(at: s) - target
            if abs(error) < TimingFunction.precision { return s }
            let d = slope(at: s)
            if abs(d) < 1e-6 { break }
            s -= error / d
            if s < 0 || s > 1 { break }
        }
        // Flat spots or a step outside 0…1: bisection always converges.
        var low = 0.0, high = 1.0
        s = target
        while high - low > 1e-12 {
            let v = value(at: s)
            if abs(v - target) < TimingFunction.precision { return s }
            if v < target { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}
