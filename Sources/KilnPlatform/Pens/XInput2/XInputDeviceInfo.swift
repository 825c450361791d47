// XInput2 devices as plain values, and which of them are pens. Limits: pure; filled in by
// `XInput2Connection` from XIQueryDevice. A pen is an enabled slave pointer with a
// valuator labelled "Abs Pressure" (the label evdev, libinput and wacom drivers give it);
// master devices never count: selecting their events would take SDL2's own buttons.
import KilnCore

/// One XInput2 valuator: its index, label and range.
public struct XInputValuator: Equatable, Sendable {
    /// The label's atom name, such as "Abs Pressure"; empty when unlabelled.
    public var label: String
    /// The valuator's index and range.
    public var axis: ValuatorAxis

    /// Makes a valuator description.
    public init(label: String, axis: ValuatorAxis) {
        self.label = label
        self.axis = axis
    }
}

/// One input device as the X server lists it.
public struct XInputDeviceInfo: Equatable, Sendable {
    /// How the device sits in the X server's device hierarchy.
    public enum Use: String, Equatable, Sendable {
        case masterPointer = "master pointer"
        case masterKeyboard = "master keyboard"
        case slavePointer = "slave pointer"
        case slaveKeyboard = "slave keyboard"
        case floatingSlave = "floating slave"
    }

    /// The label of the valuator that carries pen pressure.
    public static let pressureLabel = "Abs Pressure"

    /// The device id events carry.
    public var id: Int32
    /// The device's name.
    public var name: String
    /// Master, slave or floating; pointer or keyboard.
    public var use: Use
    /// Whether the device is enabled.
    public var isEnabled: Bool
    /// The device's valuators, in index order.
    public var valuators: [XInputValuator]

    /// Makes a device description.
    public init(id: Int32, name: String, use: Use, isEnabled: Bool = true, valuators: [XInputValuator] = []) {
        self.id = id
        self.name = name
        self.use = use
        self.isEnabled = isEnabled
        self.valuators = valuators
    }

    /// The pressure valuator, if the device has one.
    public var pressureAxis: ValuatorAxis? {
        valuators.first { $0.label == Self.pressureLabel }?.axis
    }

    /// Whether the device moves a pointer (master or slave pointers, floating slaves).
    public var isPointer: Bool {
        use == .masterPointer || use == .slavePointer || use == .floatingSlave
    }

    /// Whether Kiln reads pressure from this device: an enabled slave pointer with pressure.
    public var isPen: Bool {
        use == .slavePointer && isEnabled && pressureAxis != nil
    }

    /// `.eraser` for an eraser tool (drivers name it so: "… Pen eraser"), otherwise `.pen`.
    public var tool: PointerDevice {
        name.lowercased().contains("eraser") ? .eraser : .pen
    }
}

/// Which pens appeared and which went away between two listings of the devices.
public func penChanges(from old: [XInputDeviceInfo], to new: [XInputDeviceInfo],
                       isPen: (XInputDeviceInfo) -> Bool = \.isPen)
    -> (appeared: [XInputDeviceInfo], disappeared: [XInputDeviceInfo]) {
    let oldPens = old.filter(isPen), newPens = new.filter(isPen)
    // A device whose id now names another device (ids are reused) counts as both.
    let appeared = newPens.filter { pen in !oldPens.contains { $0.id == pen.id && $0.name == pen.name } }
    let disappeared = oldPens.filter { pen in !newPens.contains { $0.id == pen.id && $0.name == pen.name } }
    return (appeared, disappeared)
}
