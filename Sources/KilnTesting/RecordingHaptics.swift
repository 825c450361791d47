import Kiln

/// A haptics service for tests: records every impact, stamped with a clock's time so that
/// tests can check the cadence of repeated impacts.
public final class RecordingHaptics: HapticsService {
    /// One recorded impact.
    public struct Impact: Equatable, Sendable {
        /// The clock's time when the impact was asked for, in seconds.
        public var time: Double
        /// How hard, 0…1.
        public var intensity: Double
        /// How long, in seconds.
        public var duration: Double

        /// Makes a record of an impact.
        public init(time: Double, intensity: Double, duration: Double) {
            self.time = time
            self.intensity = intensity
            self.duration = duration
        }
    }

    /// Every impact so far, oldest first.
    public private(set) var impacts: [Impact] = []
    private let clock: (any Clock)?

    /// Makes a recorder that stamps impacts with `clock`'s time (0 without a clock).
    public init(clock: (any Clock)? = nil) {
        self.clock = clock
    }

    /// The times between consecutive impacts, in seconds.
    public var intervals: [Double] {
        zip(impacts.dropFirst(), impacts).map { $0.time - $1.time }
    }

    /// Forgets the impacts recorded so far.
    public func removeAll() {
        impacts.removeAll()
    }

    public func impact(intensity: Double, duration: Double) {
        impacts.append(Impact(time: clock?.now ?? 0, intensity: intensity, duration: duration))
    }
}
