/// One contact sample as the HUD's pressure graph keeps it.
public struct PressureSample: Hashable, Sendable {
    /// Normalized 0…1, or `nil` when the pointer reports no pressure.
    public var pressure: Double?
    /// Where the value came from: the event's source, or "timed" / "none" without pressure.
    public var source: String

    public init(pressure: Double?, source: String) {
        self.pressure = pressure
        self.source = source
    }
}

/// The pressure of the last pointer contacts (P7), for the HUD's graph and readout.
///
/// Hovering is left out: the graph keeps showing the last press after the pen or mouse
/// lifts, which is when a designer reads it.
public struct PressureHistory: Sendable {
    /// How many samples the graph shows.
    public var capacity: Int
    /// The kept samples, oldest first.
    public private(set) var samples: [PressureSample] = []
    /// Counts recorded samples, so a drawing can tell whether anything changed.
    public private(set) var revision = 0

    public init(capacity: Int = 120) {
        self.capacity = max(2, capacity)
    }

    /// Keeps the event's pressure unless the pointer is only hovering.
    public mutating func record(_ event: PointerEvent) {
        guard event.phase != .hover else { return }
        samples.append(PressureSample(pressure: event.pressure.map { min(max($0, 0), 1) },
                                      source: Self.sourceName(of: event)))
        if samples.count > capacity { samples.removeFirst(samples.count - capacity) }
        revision += 1
    }

    /// The latest sample, if any.
    public var latest: PressureSample? { samples.last }

    /// The name shown for an event's pressure: its source; without pressure "timed" while
    /// the pointer is down (scenes then fall back to timing the press, P2) and "none" after.
    public static func sourceName(of event: PointerEvent) -> String {
        if event.pressure != nil { return event.pressureSource ?? "device" }
        let isDown = event.phase == .began || event.phase == .moved
        return isDown ? "timed" : "none"
    }

    /// The samples as a line in a box of `size`: newest at the right edge, one step of
    /// `size.width / (capacity - 1)` per sample, 0 at the bottom and 1 at the top. A sample
    /// without pressure breaks the line.
    public func path(in size: Size) -> Path {
        var path = Path()
        let step = size.width / Double(capacity - 1)
        var isDrawing = false
        for (i, sample) in samples.enumerated() {
            guard let pressure = sample.pressure else {
                isDrawing = false
                continue
            }
            let point = Point(x: size.width - Double(samples.count - 1 - i) * step,
                              y: size.height * (1 - pressure))
            if isDrawing { path.addLine(to: point) } else { path.move(to: point) }
            isDrawing = true
        }
        return path
    }
}
