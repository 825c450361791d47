/// A spring that moves one value to a target, carrying a velocity in the value's own units.
///
/// A ``Spring`` gives the progress of a change from 0 to 1 with a velocity measured in
/// whole changes per second, which is undefined when there is no distance to go. A value
/// spring takes the velocity in points per second (or whatever the value counts), so a
/// release velocity carries over exactly, even onto the spot where the value already is.
/// Use it for a card or sheet let go with the finger's velocity and settling on a resting
/// place.
///
/// ```swift
/// var settle = ValueSpring(from: height, to: detent, initialVelocity: pan.velocity(in: nil).y,
///                          spring: Spring(dampingRatio: 0.86, response: 0.42), start: now)
/// // each frame:
/// sheet.position.y = settle.value(at: now)
/// if settle.isSettled(at: now) { … }
/// ```
public struct ValueSpring: Hashable, Sendable {
    /// The value at `start`.
    public var from: Double
    /// The value the spring comes to rest on.
    public var to: Double
    /// Units per second at `start`.
    public var initialVelocity: Double
    /// The spring's stiffness and damping; its own initial velocity is ignored.
    public var spring: Spring
    /// When it started, in scene time.
    public var start: Double

    /// A spring from `from` to `to`, moving at `initialVelocity` at scene time `start`.
    public init(from: Double, to: Double, initialVelocity: Double = 0, spring: Spring, start: Double = 0) {
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        self.spring = spring
        self.start = start
    }

    /// The value at scene time `time`; `from` before `start`.
    public func value(at time: Double) -> Double {
        let (still, pushed) = responses
        let t = max(0, time - start)
        return from + (to - from) * still.value(at: t) + initialVelocity * (pushed.value(at: t) - still.value(at: t))
    }

    /// The velocity in units per second at scene time `time`.
    public func velocity(at time: Double) -> Double {
        let (still, pushed) = responses
        let t = max(0, time - start)
        return (to - from) * still.velocity(at: t) + initialVelocity * (pushed.velocity(at: t) - still.velocity(at: t))
    }

    /// Whether at scene time `time` the value is within `tolerance` of `to` and moves
    /// slower than ten times `tolerance` per second (a tenth of a point unless told).
    public func isSettled(at time: Double, tolerance: Double = 0.1) -> Bool {
        abs(value(at: time) - to) < tolerance && abs(velocity(at: time)) < tolerance * 10
    }

    /// Moves the spring on by `dt` seconds: it restarts from the value and velocity it has
    /// then, so a frame loop can step it, retarget it (`to`) or stop it at any frame.
    ///
    /// The spring is solved in closed form, so stepping follows `value(at:)` to rounding.
    public mutating func step(by dt: Double) {
        let time = start + dt
        (from, initialVelocity, start) = (value(at: time), velocity(at: time), time)
    }

    /// The spring from rest, and the spring pushed with unit velocity: the motion is
    /// linear in its start, so any velocity is a multiple of their difference.
    private var responses: (still: Spring, pushed: Spring) {
        var still = spring, pushed = spring
        still.initialVelocity = 0
        pushed.initialVelocity = 1
        return (still, pushed)
    }
}
