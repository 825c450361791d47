import KilnCore

/// The recent history of a press for the HUD's live graph (P7): pressure and intention
/// over the last few seconds.
struct PressureGraph {
    /// One frame's values.
    struct Sample: Equatable {
        var time: Double
        /// 0…1 of the device's range, `nil` without pressure.
        var pressure: Double?
        var intention: Double
    }

    /// Seconds shown, newest at the right.
    var duration = 3.0
    private(set) var samples: [Sample] = []

    /// Adds a frame's values and forgets those older than the graph shows.
    mutating func append(_ sample: Sample) {
        if let last = samples.last, sample.time < last.time { samples.removeAll() }
        samples.append(sample)
        let oldest = sample.time - duration - 0.5
        if let keep = samples.firstIndex(where: { $0.time >= oldest }), keep > 0 {
            samples.removeFirst(keep - 1)
        }
    }

    /// Whether every sample is at rest (no pressure, no intention): the graph is a flat line.
    var isFlat: Bool { samples.allSatisfy { ($0.pressure ?? 0) == 0 && $0.intention == 0 } }

    /// A polyline of one value across `size`, 0 at the bottom and 1 at the top, as of `now`.
    /// Samples without the value break the line.
    func path(of value: (Sample) -> Double?, in size: Size, now: Double) -> Path {
        var path = Path()
        var isDrawing = false
        for sample in samples {
            let x = size.width * (1 - (now - sample.time) / duration)
            guard x >= -size.width * 0.2, let v = value(sample) else {
                isDrawing = false
                continue
            }
            let point = Point(min(x, size.width), size.height * (1 - min(max(v, 0), 1)))
            if isDrawing { path.addLine(to: point) } else { path.move(to: point) }
            isDrawing = true
        }
        return path
    }
}
