/// The frames of the last couple of seconds and what they say: percentiles and frame rate.
import KilnCore

package struct FrameTimeHistory: Sendable {
    /// How many seconds of frames are kept.
    package var window: Double
    /// The kept frames, oldest first.
    package private(set) var samples: [FrameSample] = []

    /// A history keeping the last `window` seconds of frames.
    package init(window: Double = 2) {
        self.window = window
    }

    /// Adds a frame and forgets the ones older than the window. A frame earlier than the
    /// last one (a clock that started over) starts the history afresh.
    package mutating func append(_ sample: FrameSample) {
        if let last = samples.last, sample.time < last.time { samples.removeAll(keepingCapacity: true) }
        samples.append(sample)
        let cutoff = sample.time - window
        if let kept = samples.firstIndex(where: { $0.time >= cutoff }), kept > 0 {
            samples.removeFirst(kept)
        }
    }

    /// Forgets every frame.
    package mutating func removeAll() {
        samples.removeAll(keepingCapacity: true)
    }

    /// The `fraction` percentile (0.5 for p50, 0.99 for p99) of the frames' total time in
    /// milliseconds; `nil` without frames.
    package func percentile(_ fraction: Double) -> Double? {
        Self.percentile(fraction, of: samples.map(\.total))
    }

    /// Frames per second between the first and the last kept frame; `nil` under two frames.
    package var framesPerSecond: Double? {
        guard samples.count >= 2, let first = samples.first, let last = samples.last,
              last.time > first.time else { return nil }
        return Double(samples.count - 1) / (last.time - first.time)
    }

    /// The nearest-rank percentile: the smallest value that at least `fraction` of the
    /// values are less than or equal to. `nil` for no values.
    package static func percentile(_ fraction: Double, of values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        // The small allowance keeps 0.99 × 100 from rounding up to the 100th value.
        let rank = Int((min(max(fraction, 0), 1) * Double(sorted.count) - 1e-9).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
