// One decoded pen state. Limits: raw device coordinates only; mapping to the canvas
// belongs to the input translator.

/// The pen's state at the end of one evdev frame (one `SYN_REPORT`).
public struct PenSample: Equatable, Sendable {
    /// Seconds, in the time base of the events (for recordings: since the first frame).
    public var time: Double
    /// Raw horizontal position in device units (the last good value if the frame had none).
    public var x: Int32
    /// Raw vertical position in device units (the last good value if the frame had none).
    public var y: Int32
    /// Raw `ABS_PRESSURE` value.
    public var rawPressure: Int32
    /// Pressure normalized by the device's own range, 0…1.
    public var pressure: Double
    /// Whether the tip touches the surface.
    public var isInContact: Bool
    /// Whether the pen is near enough for the tablet to track it.
    public var isInProximity: Bool

    /// Makes a sample from its fields.
    public init(
        time: Double, x: Int32, y: Int32, rawPressure: Int32, pressure: Double,
        isInContact: Bool, isInProximity: Bool
    ) {
        self.time = time
        self.x = x
        self.y = y
        self.rawPressure = rawPressure
        self.pressure = pressure
        self.isInContact = isInContact
        self.isInProximity = isInProximity
    }
}
