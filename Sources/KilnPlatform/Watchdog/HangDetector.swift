import KilnCore

/// Tells a hang from a busy frame, from samples of where the main thread is: one stay in
/// scene code (the same part, no new entry) seen for longer than the limit is a hang,
/// reported once.
package struct HangDetector {
    /// How long one stay in scene code may last.
    package let limit: Double
    private var stay: (sample: SceneCode.Sample, since: Double)?
    private var hasReported = false

    /// A detector for stays longer than `limit` seconds.
    package init(limit: Double) {
        self.limit = limit
    }

    /// Takes the sample made at `now` (seconds on any steady clock); the hang, the first
    /// time the stay it belongs to has lasted past the limit.
    package mutating func observe(_ sample: SceneCode.Sample, at now: Double) -> Watchdog.Hang? {
        guard sample.part != .none else {
            stay = nil
            return nil
        }
        guard let stay, stay.sample == sample else {
            self.stay = (sample, now)
            hasReported = false
            return nil
        }
        guard !hasReported, now - stay.since > limit else { return nil }
        hasReported = true
        return Watchdog.Hang(part: sample.part, seconds: now - stay.since)
    }
}
