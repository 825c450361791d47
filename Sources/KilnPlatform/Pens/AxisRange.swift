// The one mapping of a device axis's raw values to 0…1, shared by every pen backend: evdev
// (`struct input_absinfo`, evemu's `A:` lines) and XInput2 (`XIValuatorClassInfo`) both
// describe an axis by its minimum and maximum. Limits: linear; the range is the device's
// own, never a guess, so a device with a wrong range gives wrong pressure.

/// The range of raw values a device reports on one axis, such as pressure 0…2047.
///
/// Pen pressure is normalized by it, whichever backend read the pen:
///
/// ```swift
/// let pressure = AxisRange(minimum: 0, maximum: 2047).normalized(1024)  // ≈ 0.5
/// ```
public struct AxisRange: Equatable, Sendable {
    /// The smallest value the device reports.
    public var minimum: Double
    /// The largest value the device reports.
    public var maximum: Double

    /// Makes a range from its bounds, as the device gives them.
    public init(minimum: Double, maximum: Double) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// `(value − minimum) / (maximum − minimum)`, clamped to 0…1; 0 for an empty range.
    ///
    /// A range whose maximum is not above its minimum says nothing about the axis (some
    /// drivers report 0…0 or −1…−1 for axes they do not scale), so every value maps to 0.
    public func normalized(_ value: Double) -> Double {
        guard maximum > minimum else { return 0 }
        return min(max((value - minimum) / (maximum - minimum), 0), 1)
    }
}
