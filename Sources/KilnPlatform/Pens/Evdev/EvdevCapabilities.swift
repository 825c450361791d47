// What an event device can report, and whether that makes it a pen. Limits: pure; the
// values come from EVIOCGBIT, EVIOCGABS and EVIOCGNAME in `EvdevDeviceFile`, or from a
// test. A pen here is a device with ABS_PRESSURE and BTN_TOOL_PEN, as tablets are;
// touch screens with only ABS_MT_PRESSURE are not pens.

/// An event device's name, keys and absolute axes.
public struct EvdevCapabilities: Equatable, Sendable {
    /// The name the kernel reports.
    public var name: String
    /// The key and button codes the device can send (`EV_KEY`).
    public var keys: Set<UInt16>
    /// The absolute axes the device has, with their ranges (`EV_ABS`).
    public var axes: [UInt16: EvdevAxisInfo]

    /// Makes a description from its parts.
    public init(name: String, keys: Set<UInt16>, axes: [UInt16: EvdevAxisInfo]) {
        self.name = name
        self.keys = keys
        self.axes = axes
    }

    /// Whether the device is a pen: it has a pressure axis and a pen tool.
    public var isPen: Bool { whyNotAPen == nil }

    /// Why the device is not a pen, in a few words; nil when it is one.
    public var whyNotAPen: String? {
        switch (axes[EvdevCode.absPressure] != nil, keys.contains(EvdevCode.btnToolPen)) {
        case (true, true): nil
        case (false, true): "it has a pen tool but no pressure axis (ABS_PRESSURE)"
        case (true, false): "it has a pressure axis but no pen tool (BTN_TOOL_PEN)"
        case (false, false): "it has neither a pressure axis (ABS_PRESSURE) nor a pen tool (BTN_TOOL_PEN)"
        }
    }

    /// The pen description decoding needs, or nil when the device is not a pen.
    public var penDevice: PenDevice? {
        guard isPen, let pressure = axes[EvdevCode.absPressure] else { return nil }
        return PenDevice(
            name: name, pressureAxis: pressure, xAxis: axes[EvdevCode.absX], yAxis: axes[EvdevCode.absY],
            hasTouchButton: keys.contains(EvdevCode.btnTouch), hasProximityButton: true)
    }
}

/// Decodes a kernel capability bitmap: bit N of byte N / 8 set means code N is supported.
public func evdevCodes(inBitmap bits: [UInt8]) -> Set<UInt16> {
    var codes: Set<UInt16> = []
    for (byteIndex, byte) in bits.enumerated() where byte != 0 {
        for bit in 0..<8 where byte & (1 << UInt8(bit)) != 0 {
            codes.insert(UInt16(byteIndex * 8 + bit))
        }
    }
    return codes
}
