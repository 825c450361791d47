// XInput2 valuator decoding as pure functions. Limits: works on the mask and the packed
// values an XIDeviceEvent carries; querying devices and their valuator ranges over an X
// connection belongs to the XInput2 source, not here.

/// The value of valuator `index` in an XInput2 event, or nil when the event does not carry it.
///
/// XInput2 packs values: the Kth value belongs to the Kth *set* bit of the mask (bit N of
/// byte N / 8), so an event with bits {0, 1, 4} carries exactly three values, x, y, pressure.
public func valuatorValue(at index: Int, mask: [UInt8], values: [Double]) -> Double? {
    guard index >= 0, index / 8 < mask.count, isValuatorSet(index, in: mask) else { return nil }
    var packedIndex = 0
    for byte in mask[..<(index / 8)] {
        packedIndex += byte.nonzeroBitCount
    }
    let lowerBits = mask[index / 8] & UInt8((1 << (index % 8)) - 1)
    packedIndex += lowerBits.nonzeroBitCount
    return packedIndex < values.count ? values[packedIndex] : nil
}

/// Whether bit `index` of an XInput2 valuator mask is set.
public func isValuatorSet(_ index: Int, in mask: [UInt8]) -> Bool {
    guard index >= 0, index / 8 < mask.count else { return false }
    return mask[index / 8] & (1 << UInt8(index % 8)) != 0
}

/// One XInput2 valuator with the range its device reports (`XIValuatorClassInfo`).
public struct ValuatorAxis: Equatable, Sendable {
    /// The valuator number, the bit index in event masks.
    public var index: Int
    /// The smallest value the device reports.
    public var minimum: Double
    /// The largest value the device reports.
    public var maximum: Double

    /// Makes a valuator description.
    public init(index: Int, minimum: Double, maximum: Double) {
        self.index = index
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The valuator's bounds, which normalize its values.
    public var range: AxisRange { AxisRange(minimum: minimum, maximum: maximum) }

    /// `(value − minimum) / (maximum − minimum)`, clamped to 0…1; 0 for an empty range.
    public func normalized(_ value: Double) -> Double {
        range.normalized(value)
    }
}

/// Keeps the last good value of every valuator across events that carry only some of them.
///
/// Some drivers send only the axes that changed, so a motion event without the pressure
/// valuator means "pressure unchanged", not "pressure zero".
public struct ValuatorTracker: Sendable {
    /// The valuator that carries pressure, with its range.
    public let pressureAxis: ValuatorAxis
    /// The last value seen for each valuator index.
    public private(set) var lastValues: [Int: Double] = [:]

    /// Makes a tracker that has seen nothing yet.
    public init(pressureAxis: ValuatorAxis) {
        self.pressureAxis = pressureAxis
    }

    /// Records every valuator present in one event's mask and packed values.
    public mutating func update(mask: [UInt8], values: [Double]) {
        var packedIndex = 0
        for index in 0..<(mask.count * 8) where isValuatorSet(index, in: mask) {
            guard packedIndex < values.count else { return }
            lastValues[index] = values[packedIndex]
            packedIndex += 1
        }
    }

    /// The last value seen for valuator `index`, or nil if no event has carried it.
    public func lastValue(ofValuator index: Int) -> Double? {
        lastValues[index]
    }

    /// The last raw pressure seen, or nil before the first event that carried it.
    public var rawPressure: Double? { lastValues[pressureAxis.index] }

    /// The last pressure normalized by the device's range to 0…1, or nil before any.
    public var pressure: Double? { rawPressure.map(pressureAxis.normalized) }

    /// Forgets every value, as when the pen leaves proximity or the device is unplugged.
    public mutating func reset() {
        lastValues.removeAll()
    }
}
