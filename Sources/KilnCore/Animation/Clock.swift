import Foundation

/// A source of monotonic time in seconds; the only way `KilnCore` learns what time it is.
///
/// Animations, gesture recognizers and emitters read a clock that is passed in, so tests
/// and offline rendering drive time by hand while the live window uses `SystemClock`.
/// This `Clock` shadows the standard library's protocol of the same name inside Kiln.
public protocol Clock: AnyObject {
    /// The current time in seconds; never decreases.
    var now: Double { get }
}

/// A clock that moves only when told to: for tests and frame-exact offline rendering.
///
/// Not `Sendable`: it is mutable state meant to be owned and advanced by one driver.
public final class ManualClock: Clock {
    /// The current time in seconds.
    public private(set) var now: Double

    /// A clock that reads `now` (0 unless given) until advanced.
    public init(now: Double = 0) {
        self.now = now
    }

    /// Moves time forward by `seconds`, which must not be negative.
    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "ManualClock cannot go backwards (advance by \(seconds))")
        now += seconds
    }

    /// Sets the time to `seconds`, which must not be earlier than `now`.
    ///
    /// Setting an absolute time (e.g. `frame / fps`) avoids the drift of summing steps.
    public func set(to seconds: Double) {
        precondition(seconds >= now, "ManualClock cannot go backwards (\(now) to \(seconds))")
        now = seconds
    }
}

/// The real monotonic clock, reading 0 near the moment it was created.
///
/// `Sendable` without `@unchecked`: its only state is the immutable start instant.
package final class SystemClock: Clock, Sendable {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    /// A clock whose `now` starts near 0.
    package init() {
        start = clock.now
    }

    /// Seconds elapsed since this clock was created.
    package var now: Double {
        let elapsed = start.duration(to: clock.now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}
