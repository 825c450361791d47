// Follows one XInput2 pen from its device events. Limits: pure; the events come decoded
// from `XIDeviceEvent`s by `XInput2PenReader`. XInput2 has no proximity events, so a pen
// counts as near while its events keep coming and as gone after `proximityTimeout`
// seconds of silence without contact.
import KilnCore

/// One XInput2 device event of a pen, with its masks and packed values copied out.
public struct XInputPenEvent: Equatable, Sendable {
    /// What happened.
    public enum Kind: Equatable, Sendable {
        case motion, buttonPress, buttonRelease
    }

    /// What happened.
    public var kind: Kind
    /// The slave device id.
    public var deviceID: Int32
    /// The button for presses and releases (1 is the tip).
    public var button: Int32
    /// The buttons held before this event: bit N of byte N / 8 for button N.
    public var buttonMask: [UInt8]
    /// Which valuators the event carries.
    public var valuatorMask: [UInt8]
    /// The carried values, packed: the Kth belongs to the Kth set bit of `valuatorMask`.
    public var values: [Double]

    /// Makes an event from its fields.
    public init(kind: Kind, deviceID: Int32, button: Int32 = 0, buttonMask: [UInt8] = [],
                valuatorMask: [UInt8], values: [Double]) {
        self.kind = kind
        self.deviceID = deviceID
        self.button = button
        self.buttonMask = buttonMask
        self.valuatorMask = valuatorMask
        self.values = values
    }
}

/// The state of one XInput2 pen, built from its events.
public struct XInputPenTracker: Sendable {
    /// The pen device.
    public let device: XInputDeviceInfo
    /// Seconds of silence after which a pen without contact counts as gone.
    public var proximityTimeout: Double
    private var valuators: ValuatorTracker
    private var isInContact = false
    private var isInProximity = false
    private var lastEventTime = 0.0

    /// Makes a tracker for `device`, which must have a pressure valuator.
    public init(device: XInputDeviceInfo, proximityTimeout: Double = 1) {
        self.device = device
        self.proximityTimeout = proximityTimeout
        valuators = ValuatorTracker(pressureAxis: device.pressureAxis ?? ValuatorAxis(index: -1, minimum: 0, maximum: 0))
    }

    /// The reading key of this device.
    public var key: String { "xinput2:\(device.id)" }

    /// Applies one event that arrived at `now` (seconds); returns the pen's new state.
    public mutating func apply(_ event: XInputPenEvent, at now: Double) -> PenReading {
        valuators.update(mask: event.valuatorMask, values: event.values)
        switch event.kind {
        case .buttonPress where event.button == 1: isInContact = true
        case .buttonRelease where event.button == 1: isInContact = false
        case .motion where !event.buttonMask.isEmpty: isInContact = isValuatorSet(1, in: event.buttonMask)
        default: break
        }
        isInProximity = true
        lastEventTime = now
        return reading
    }

    /// Moves time on; returns the pen's state when it has just left proximity by timeout.
    public mutating func advance(to now: Double) -> PenReading? {
        guard isInProximity, !isInContact, now - lastEventTime >= proximityTimeout else { return nil }
        isInProximity = false
        return reading
    }

    /// The pen's current state; pressure is 0 until an event has carried it.
    public var reading: PenReading {
        PenReading(key: key, source: "xinput2", deviceName: device.name, tool: device.tool,
                   isInProximity: isInProximity, isInContact: isInContact,
                   pressure: valuators.pressure ?? 0, rawPressure: valuators.rawPressure ?? valuators.pressureAxis.minimum)
    }
}
