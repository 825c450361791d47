// Where an event device stands at one moment, as its ioctls report it. Limits: pure; the
// values come from EVIOCGKEY and EVIOCGABS in `EvdevDeviceFile`, or from a test.

/// The keys an event device holds down and the current value of its absolute axes.
public struct EvdevDeviceState: Equatable, Sendable {
    /// The current value of each absolute axis that was asked for, by code.
    public var absoluteValues: [UInt16: Int32]
    /// The keys and buttons held now, such as `BTN_TOOL_PEN` while the pen is near.
    public var pressedKeys: Set<UInt16>

    /// Makes a state from its parts.
    public init(absoluteValues: [UInt16: Int32], pressedKeys: Set<UInt16>) {
        self.absoluteValues = absoluteValues
        self.pressedKeys = pressedKeys
    }
}
