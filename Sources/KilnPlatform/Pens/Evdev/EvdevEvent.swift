// Linux evdev events as plain values. Limits: only the handful of codes the pen
// decoders read are named here; everything else passes through as raw numbers.

/// One Linux input event: type, code and value, stamped with the time the kernel gave it.
public struct EvdevEvent: Equatable, Hashable, Sendable {
    /// Microseconds since the source's own epoch (boot, the Unix epoch, or a recording's start).
    public var microseconds: Int64
    /// Event type, such as `EvdevCode.evAbs`.
    public var type: UInt16
    /// Event code within the type, such as `EvdevCode.absPressure`.
    public var code: UInt16
    /// Event value: an axis position, 0/1 for a key, or a serial number.
    public var value: Int32

    /// Makes an event from its four fields.
    public init(microseconds: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.microseconds = microseconds
        self.type = type
        self.code = code
        self.value = value
    }

    /// The timestamp in seconds.
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// Whether this event ends a frame (`SYN_REPORT`).
    public var isSynReport: Bool { type == EvdevCode.evSyn && code == EvdevCode.synReport }

    /// Whether this event says the kernel dropped events (`SYN_DROPPED`).
    public var isSynDropped: Bool { type == EvdevCode.evSyn && code == EvdevCode.synDropped }
}

/// The evdev type and code numbers the pen decoders use (from `linux/input-event-codes.h`).
public enum EvdevCode {
    /// `EV_SYN`: frame markers.
    public static let evSyn: UInt16 = 0x00
    /// `EV_KEY`: buttons and tools.
    public static let evKey: UInt16 = 0x01
    /// `EV_ABS`: absolute axes.
    public static let evAbs: UInt16 = 0x03
    /// `EV_MSC`: miscellaneous, such as the pen's serial number.
    public static let evMsc: UInt16 = 0x04
    /// `SYN_REPORT`: ends a frame of events that belong together.
    public static let synReport: UInt16 = 0x00
    /// `SYN_DROPPED`: the kernel's buffer overflowed and events were lost.
    public static let synDropped: UInt16 = 0x03
    /// `ABS_X`: horizontal position.
    public static let absX: UInt16 = 0x00
    /// `ABS_Y`: vertical position.
    public static let absY: UInt16 = 0x01
    /// `ABS_PRESSURE`: tip pressure.
    public static let absPressure: UInt16 = 0x18
    /// `BTN_TOOL_PEN`: the pen is in proximity (1) or has left (0).
    public static let btnToolPen: UInt16 = 0x140
    /// `BTN_TOUCH`: the tip touches the surface.
    public static let btnTouch: UInt16 = 0x14a
}
