// The range of one absolute evdev axis. Limits: describes the axis only; reading it
// from a device (EVIOCGABS) belongs to the device code, not here.

/// The range of one absolute axis, as `struct input_absinfo` and evemu's `A:` lines give it.
public struct EvdevAxisInfo: Equatable, Hashable, Sendable {
    /// The axis code, such as `EvdevCode.absPressure`.
    public var code: UInt16
    /// The smallest value the device reports.
    public var minimum: Int32
    /// The largest value the device reports.
    public var maximum: Int32
    /// Noise the kernel filters out: changes smaller than this are not reported.
    public var fuzz: Int32
    /// Dead zone around the centre (joysticks; 0 for tablets).
    public var flat: Int32
    /// Units per millimetre for position axes; 0 when the device does not say.
    public var resolution: Int32

    /// Makes an axis description; fuzz, flat and resolution default to 0.
    public init(
        code: UInt16, minimum: Int32, maximum: Int32,
        fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0
    ) {
        self.code = code
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// The axis's bounds, which normalize its values.
    public var range: AxisRange { AxisRange(minimum: Double(minimum), maximum: Double(maximum)) }

    /// `(value − minimum) / (maximum − minimum)`, clamped to 0…1; 0 for an empty range.
    public func normalized(_ value: Int32) -> Double {
        range.normalized(Double(value))
    }

    /// Distance from the axis minimum in millimetres, or nil when the resolution is unknown.
    public func millimetres(fromRaw value: Int32) -> Double? {
        guard resolution > 0 else { return nil }
        return (Double(value) - Double(minimum)) / Double(resolution)
    }
}
