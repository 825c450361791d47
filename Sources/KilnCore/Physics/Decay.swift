import Foundation

/// How quickly a fling slows: the fraction of its velocity kept each millisecond, as
/// `UIScrollView.DecelerationRate` has it.
public enum DecelerationRate {
    /// A scroll view's usual deceleration: 0.998 of the velocity kept each millisecond.
    public static let normal = 0.998
    /// A paging scroll view's quicker stop: 0.99 kept each millisecond.
    public static let fast = 0.99
}

/// A fling that slows as a scroll view's does, from a value and a velocity in its own units.
///
/// The velocity shrinks continuously by `rate` each millisecond, so after `t` seconds
/// it is `initialVelocity × rate^(1000 t)` and the value approaches `restingValue`.
/// Use it to keep a list or a card moving after the finger lifts; use
/// ``project(_:velocity:rate:)`` to choose where something released should settle.
///
/// ```swift
/// var fling = Decay(from: offset, initialVelocity: pan.velocity(in: nil).y, start: now)
/// // each frame:
/// list.position.y = fling.value(at: now)
/// ```
public struct Decay: Hashable, Sendable {
    /// The value at `start`.
    public var from: Double
    /// Units per second at `start`.
    public var initialVelocity: Double
    /// The fraction of the velocity kept each millisecond, between 0 and 1.
    public var rate: Double
    /// When the fling started, in scene time.
    public var start: Double

    /// A fling from `from` at `initialVelocity`, slowing at `rate` from scene time `start`.
    public init(from: Double, initialVelocity: Double, rate: Double = DecelerationRate.normal, start: Double = 0) {
        self.from = from
        self.initialVelocity = initialVelocity
        self.rate = rate
        self.start = start
    }

    /// The velocity's exponent per second: the logarithm of what is kept each second.
    private var perSecond: Double { 1000 * log(rate) }

    /// The value at scene time `time`; `from` before `start`.
    public func value(at time: Double) -> Double {
        let t = max(0, time - start)
        return from + initialVelocity * (exp(perSecond * t) - 1) / perSecond
    }

    /// The velocity in units per second at scene time `time`.
    public func velocity(at time: Double) -> Double {
        initialVelocity * exp(perSecond * max(0, time - start))
    }

    /// Where the fling comes to rest: the limit of `value(at:)`.
    public var restingValue: Double { from - initialVelocity / perSecond }

    /// Where a motion released at `position` with `velocity` (units per second) comes to
    /// rest if each millisecond it keeps `rate` of its velocity and then moves by it.
    ///
    /// This is the projection iOS's own sheets and pagers choose a resting place with:
    /// release a card at the detent nearest its projection, not nearest where it was let
    /// go. Stepping by whole milliseconds carries a little less far than the continuous
    /// ``restingValue`` (499 points instead of 499.5 for 1000 points per second at the
    /// normal rate).
    public static func project(_ position: Double, velocity: Double,
                               rate: Double = DecelerationRate.normal) -> Double {
        position + velocity / 1000 * rate / (1 - rate)
    }
}
