/// One sample of a pressure graph.

public struct PressureSample: Hashable, Sendable {
    /// When it was taken, in seconds on the clock of the events or frames it came from.
    public var time: Double
    /// Normalized 0…1, or `nil` when the pointer reports no pressure.
    public var pressure: Double?
    /// Where the value came from: the event's source, or "timed" / "none" without pressure.
    public var source: String
    /// What the scene makes of the pressure, 0…1 (how far a press has got), drawn as a
    /// second line; `nil` when there is none.
    public var response: Double?

    /// A sample at `time`: the pressure (`nil` without a pen), where it came from, and the scene's response to it.
    public init(time: Double, pressure: Double?, source: String, response: Double? = nil) {
        self.time = time
        self.pressure = pressure
        self.source = source
        self.response = response
    }
}

/// A live graph of pointer pressure (P7): the latest samples as lines, newest at the right
/// edge, 0 at the bottom and 1 at the top.
///
/// The HUD keeps one for every pointer contact (`record`), spanning a number of samples; a
/// scene can keep one of its own, a sample a frame (`append`), spanning a number of seconds
/// and drawing what it makes of the pressure beside it:
///
/// ```swift
/// var graph = PressureGraph(span: .seconds(3))
/// graph.append(PressureSample(time: now, pressure: pressure, source: "xinput2", response: progress))
/// pressureLine.path = graph.path(of: \.pressure, in: pressureLine.bounds.size)
/// ```
public struct PressureGraph: Sendable {
    /// How much the graph shows across its width.
    public enum Span: Hashable, Sendable {
        /// The last `n` samples, evenly spaced, whenever they came.
        case samples(Int)
        /// The last `seconds`, each sample placed at its time.
        case seconds(Double)
    }

    /// How much the graph shows.
    public let span: Span
    /// The kept samples, oldest first.
    public private(set) var samples: [PressureSample] = []
    /// Counts added samples, so a drawing can tell whether anything changed.
    public private(set) var revision = 0

    /// An empty graph across `span` (at least two samples).
    public init(span: Span = .samples(120)) {
        if case .samples(let count) = span {
            self.span = .samples(max(2, count))
        } else {
            self.span = span
        }
    }

    /// Keeps the event's pressure unless the pointer is only hovering.
    ///
    /// Hovering is left out: the graph keeps showing the last press after the pen or mouse
    /// lifts, which is when a designer reads it.
    public mutating func record(_ event: PointerEvent) {
        guard event.phase != .hover else { return }
        append(PressureSample(time: event.timestamp, pressure: event.pressure.map { min(max($0, 0), 1) },
                              source: Self.sourceName(of: event)))
    }

    /// Adds a sample and forgets those the graph no longer shows. Across seconds, a sample
    /// earlier than the last (a clock that started over) starts the graph afresh.
    public mutating func append(_ sample: PressureSample) {
        switch span {
        case .samples(let capacity):
            samples.append(sample)
            if samples.count > capacity { samples.removeFirst(samples.count - capacity) }
        case .seconds(let duration):
            if let last = samples.last, sample.time < last.time { samples.removeAll() }
            samples.append(sample)
            // One sample older than the left edge is kept, so the line reaches the edge.
            let oldest = sample.time - duration - 0.5
            if let keep = samples.firstIndex(where: { $0.time >= oldest }), keep > 0 {
                samples.removeFirst(keep - 1)
            }
        }
        revision += 1
    }

    /// The latest sample, if any.
    public var latest: PressureSample? { samples.last }

    /// Whether every sample is at rest (no pressure, no response): the graph is flat.
    public var isFlat: Bool {
        samples.allSatisfy { ($0.pressure ?? 0) == 0 && ($0.response ?? 0) == 0 }
    }

    /// The name shown for an event's pressure: its source; without pressure "timed" while
    /// the pointer is down (scenes then fall back to timing the press, P2) and "none" after.
    public static func sourceName(of event: PointerEvent) -> String {
        if event.pressure != nil { return event.pressureSource ?? "device" }
        let isDown = event.phase == .began || event.phase == .moved
        return isDown ? "timed" : "none"
    }

    /// One value of the samples as a line in a box of `size`, values clamped to 0…1. A
    /// sample without the value breaks the line. Across samples, the step is
    /// `size.width / (n - 1)`; across seconds, the right edge is the latest sample's time
    /// and samples well past the left edge are left out.
    public func path(of value: (PressureSample) -> Double? = \.pressure, in size: Size) -> Path {
        var path = Path()
        var isDrawing = false
        for (i, sample) in samples.enumerated() {
            let x = self.x(ofSampleAt: i, width: size.width)
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

    /// Where the sample at `index` falls, in points from the left of a box `width` wide.
    private func x(ofSampleAt index: Int, width: Double) -> Double {
        switch span {
        case .samples(let capacity):
            let step = width / Double(capacity - 1)
            return width - Double(samples.count - 1 - index) * step
        case .seconds(let duration):
            return width * (1 - (samples[samples.count - 1].time - samples[index].time) / duration)
        }
    }
}
