// What the pen decoder needs to know about a tablet. Limits: pure; built from an evemu
// header (`EvemuRecording.penDevice`) or a live device's capabilities
// (`EvdevCapabilities.penDevice`), never from a guess.

/// A pen tablet's axes and buttons, as far as decoding pen samples needs them.
public struct PenDevice: Equatable, Sendable {
    /// The device name the kernel reports.
    public var name: String
    /// The pressure axis and its range; pressure is normalized by this, never by a guess.
    public var pressureAxis: EvdevAxisInfo
    /// The horizontal axis, if the device has one.
    public var xAxis: EvdevAxisInfo?
    /// The vertical axis, if the device has one.
    public var yAxis: EvdevAxisInfo?
    /// Whether the device sends `BTN_TOUCH`; without it, contact means pressure > 0.
    public var hasTouchButton: Bool
    /// Whether the device sends `BTN_TOOL_PEN`; without it, any frame means in proximity.
    public var hasProximityButton: Bool

    /// Makes a device description.
    public init(
        name: String, pressureAxis: EvdevAxisInfo, xAxis: EvdevAxisInfo? = nil,
        yAxis: EvdevAxisInfo? = nil, hasTouchButton: Bool = true, hasProximityButton: Bool = true
    ) {
        self.name = name
        self.pressureAxis = pressureAxis
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.hasTouchButton = hasTouchButton
        self.hasProximityButton = hasProximityButton
    }
}
