/// Estimates a pointer's velocity from its recent positions, in points per second.
///
/// The estimate is a least-squares line through the samples taken within `window` seconds
/// of the newest one, so it is exact for constant velocity, smooths the jitter of single
/// samples, and falls to zero when the pointer has rested for longer than the window.
public struct VelocityTracker: Sendable {
    /// How far back, from the newest sample, samples count (seconds).
    public var window: Double

    private var samples: [(time: Double, position: Point)] = []

    /// A tracker averaging over `window` seconds (100 ms unless told).
    public init(window: Double = 0.1) {
        self.window = window
    }

    /// Records where the pointer was at `time`; times must not decrease.
    public mutating func add(_ position: Point, at time: Double) {
        samples.append((time, position))
        let oldest = time - window
        if let firstKept = samples.firstIndex(where: { $0.time >= oldest }), firstKept > 0 {
            samples.removeFirst(firstKept)
        }
    }

    /// Forgets every sample.
    public mutating func reset() {
        samples.removeAll()
    }

    /// The slope of the best-fitting line through the samples; zero with fewer than two instants.
    public var velocity: Point {
        guard let newest = samples.last, let oldest = samples.first, samples.count > 1,
              // Samples bunched into a few milliseconds (a burst delivered at once) say
              // nothing reliable about speed.
              newest.time - oldest.time >= 0.004 else { return .zero }
        // Times relative to the newest keep the sums small and well conditioned.
        let count = Double(samples.count)
        let meanTime = samples.reduce(0) { $0 + ($1.time - newest.time) } / count
        let meanPosition = samples.reduce(Point.zero) { $0 + $1.position } / count
        var covariance = Point.zero
        var variance = 0.0
        for sample in samples {
            let dt = sample.time - newest.time - meanTime
            covariance += (sample.position - meanPosition) * dt
            variance += dt * dt
        }
        guard variance > 0 else { return .zero }
        return covariance / variance
    }
}
