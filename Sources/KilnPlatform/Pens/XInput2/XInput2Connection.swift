// A connection of Kiln's own to the X server, for XInput2 devices and their events.
// SDL2 keeps its connection; this second one selects pen events on SDL's window, which
// X allows any client to do. Limits: X11 and XWayland only (no native Wayland); XInput
// 2.0 or later; X protocol errors on this connection (a device unplugged between listing
// and selecting) are caught and reported, never fatal; use it from one thread.
import CXInput2
import Foundation

/// Why the X server could not be used for pens, as one line for the user.
public struct XInput2Error: Error, CustomStringConvertible, Equatable {
    /// What went wrong.
    public var description: String

    /// Makes an error with a message.
    public init(_ description: String) { self.description = description }
}

/// Owns an X display connection with XInput 2; closes it when released.
final class XInput2Connection {
    /// The open display.
    let display: OpaquePointer
    /// The display's name, like ":0".
    let name: String
    /// The XInput extension's major opcode, which its generic events carry.
    let opcode: Int32
    /// The atom of the "Abs Pressure" valuator label.
    let pressureAtom: Atom

    /// The XInput 2 minor version the server agreed to: at most the one asked for.
    let minorVersion: Int32

    /// Connects to `displayName`, or to `DISPLAY` when nil, and asks for XInput 2.`minor`;
    /// a server with an older XInput 2 answers with its own version (see `minorVersion`).
    init(displayName: String? = nil, minor: Int32 = 0) throws(XInput2Error) {
        let wanted = displayName ?? ProcessInfo.processInfo.environment["DISPLAY"]
        guard let wanted, !wanted.isEmpty else {
            throw XInput2Error("DISPLAY is not set, so there is no X server to ask")
        }
        guard let display = XOpenDisplay(wanted) else {
            throw XInput2Error("cannot connect to the X server at \(wanted)")
        }
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else {
            XCloseDisplay(display)
            throw XInput2Error("the X server at \(wanted) has no XInput extension")
        }
        var major: Int32 = 2, minor = minor
        guard XIQueryVersion(display, &major, &minor) == Success, major >= 2 else {
            XCloseDisplay(display)
            throw XInput2Error("the X server at \(wanted) has no XInput 2 (it has \(major).\(minor))")
        }
        self.display = display
        self.name = wanted
        self.opcode = opcode
        minorVersion = minor
        // only_if_exists = False: a server that has never seen a tablet may not have the atom yet.
        pressureAtom = XInternAtom(display, XInputDeviceInfo.pressureLabel, False)
    }

    deinit {
        XCloseDisplay(display)
    }

    /// The root window of the default screen.
    var rootWindow: Window { XDefaultRootWindow(display) }

    /// Every input device the server lists, with its valuators.
    func devices() -> [XInputDeviceInfo] {
        var count: Int32 = 0
        guard let list = XIQueryDevice(display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(list) }
        var labels: [Atom: String] = [:]
        return (0..<Int(count)).compactMap { index in
            device(list[index], labels: &labels)
        }
    }

    /// One device's description; nil for a kind of device Kiln does not know.
    private func device(_ info: XIDeviceInfo, labels: inout [Atom: String]) -> XInputDeviceInfo? {
        let use: XInputDeviceInfo.Use
        switch info.use {
        case XIMasterPointer: use = .masterPointer
        case XIMasterKeyboard: use = .masterKeyboard
        case XISlavePointer: use = .slavePointer
        case XISlaveKeyboard: use = .slaveKeyboard
        case XIFloatingSlave: use = .floatingSlave
        default: return nil
        }
        var valuators: [XInputValuator] = []
        for classIndex in 0..<Int(info.num_classes) {
            guard let any = info.classes[classIndex], any.pointee.type == XIValuatorClass else { continue }
            let valuator = UnsafeRawPointer(any).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
            let label = labelName(valuator.label, cache: &labels)
            valuators.append(XInputValuator(
                label: label,
                axis: ValuatorAxis(index: Int(valuator.number), minimum: valuator.min, maximum: valuator.max)))
        }
        valuators.sort { $0.axis.index < $1.axis.index }
        return XInputDeviceInfo(id: info.deviceid, name: String(cString: info.name), use: use,
                                isEnabled: info.enabled != 0, valuators: valuators)
    }

    /// An atom's name, asked of the server once per atom.
    private func labelName(_ atom: Atom, cache: inout [Atom: String]) -> String {
        if atom == 0 { return "" }
        if atom == pressureAtom { return XInputDeviceInfo.pressureLabel }
        if let known = cache[atom] { return known }
        var name = ""
        if let raw = XGetAtomName(display, atom) {
            name = String(cString: raw)
            XFree(raw)
        }
        cache[atom] = name
        return name
    }

    /// Selects `events` on `window` for device `deviceID` (an empty list clears the selection);
    /// false when the server refused, as for a device that has just gone.
    @discardableResult
    func select(_ events: [Int32], deviceID: Int32, on window: Window) -> Bool {
        var mask = [UInt8](repeating: 0, count: Int(kiln_xi_mask_length(XI_LASTEVENT)))
        for event in events {
            kiln_xi_set_mask(&mask, event)
        }
        return XProtocolErrors.catching(on: display) {
            mask.withUnsafeMutableBufferPointer { bytes in
                var selection = XIEventMask(deviceid: deviceID, mask_len: Int32(bytes.count), mask: bytes.baseAddress)
                _ = XISelectEvents(display, window, &selection, 1)
            }
        }
    }
}
