// Pens through XInput2 (X11 and XWayland), on a connection of Kiln's own: slave pointers
// with an "Abs Pressure" valuator get XI_Motion, XI_ButtonPress and XI_ButtonRelease
// selected on the window, for their own device ids only (selecting on a master id would
// take SDL2's core button events); the root window's XI_HierarchyChanged brings pens
// plugged in or out while the app runs. Limits: events arrive only while the pointer is
// over the window; XInput2 reports no proximity, so `XInputPenTracker` uses a timeout;
// polled once per frame, never blocking.
import CXInput2

/// A pen source that reads every XInput2 pen on one window.
public final class XInput2PenReader: PenSource {
    private let connection: XInput2Connection
    private var window: Window?
    private var devices: [XInputDeviceInfo] = []
    private var trackers: [Int32: XInputPenTracker] = [:]
    private var pending: [PenSourceUpdate] = []
    private let proximityTimeout: Double
    private let isPen: (XInputDeviceInfo) -> Bool

    /// Connects to `displayName` (or `DISPLAY`) and lists the pens there.
    public convenience init(displayName: String? = nil, proximityTimeout: Double = 1) throws(XInput2Error) {
        try self.init(displayName: displayName, proximityTimeout: proximityTimeout, treatingAsPens: \.isPen)
    }

    /// A reader that takes the devices `isPen` picks for pens; tests use it to read the
    /// pointers of an X server that has no tablet.
    init(displayName: String?, proximityTimeout: Double,
         treatingAsPens isPen: @escaping (XInputDeviceInfo) -> Bool) throws(XInput2Error) {
        connection = try XInput2Connection(displayName: displayName)
        self.proximityTimeout = proximityTimeout
        self.isPen = isPen
        refreshDevices()
    }

    /// The X display this reader is connected to.
    public var displayName: String { connection.name }

    /// Every input device the server listed last.
    public var allDevices: [XInputDeviceInfo] { devices }

    /// The pens found: enabled slave pointers with an "Abs Pressure" valuator.
    public var pens: [XInputDeviceInfo] { devices.filter(isPen) }

    /// The X root window, for a reader that has no window of its own to watch.
    public var rootWindow: UInt { UInt(connection.rootWindow) }

    /// Starts reading pen events on `window` (an X window id, such as SDL's), and device
    /// hotplug on the root window. Returns false if the server refused a selection.
    @discardableResult
    public func attach(window: UInt) -> Bool {
        let window = Window(window)
        self.window = window
        var accepted = connection.select([XI_HierarchyChanged], deviceID: XIAllDevices, on: connection.rootWindow)
        for pen in pens {
            accepted = selectPenEvents(pen.id) && accepted
        }
        XFlush(connection.display)
        return accepted
    }

    public func poll(now: Double) -> [PenSourceUpdate] {
        var updates = pending
        pending.removeAll()
        let display = connection.display
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            guard event.type == GenericEvent else { continue }
            updates += withUnsafeMutablePointer(to: &event.xcookie) { handle($0, now: now) }
        }
        for id in trackers.keys.sorted() {
            if let left = trackers[id]?.advance(to: now) { updates.append(.reading(left)) }
        }
        return updates
    }

    /// Decodes one generic event, if it is an XInput one this reader asked for.
    private func handle(_ cookie: UnsafeMutablePointer<XGenericEventCookie>, now: Double) -> [PenSourceUpdate] {
        let display = connection.display
        guard cookie.pointee.extension == connection.opcode, XGetEventData(display, cookie) != 0 else { return [] }
        defer { XFreeEventData(display, cookie) }
        let kind: XInputPenEvent.Kind
        switch cookie.pointee.evtype {
        case XI_HierarchyChanged:
            return refreshDevices()
        case XI_Motion: kind = .motion
        case XI_ButtonPress: kind = .buttonPress
        case XI_ButtonRelease: kind = .buttonRelease
        default: return []
        }
        let raw = cookie.pointee.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        guard trackers[raw.deviceid] != nil else { return [] }
        let event = XInputPenEvent(raw, kind: kind)
        guard let reading = trackers[event.deviceID]?.apply(event, at: now) else { return [] }
        return [.reading(reading)]
    }

    /// Lists the devices again; selects events for new pens and reports the changes.
    @discardableResult
    private func refreshDevices() -> [PenSourceUpdate] {
        let listed = connection.devices()
        let (appeared, disappeared) = penChanges(from: devices, to: listed, isPen: isPen)
        devices = listed
        var updates: [PenSourceUpdate] = []
        for pen in disappeared {
            trackers[pen.id] = nil
            // Still listed means disabled (XIDeviceDisabled); gone from the list, removed.
            let why = listed.contains { $0.id == pen.id && $0.name == pen.name } ? "disabled" : "removed"
            updates.append(.disappeared(key: XInputPenTracker(device: pen).key, name: pen.name,
                                        description: "\(summary(of: pen)): \(why)"))
        }
        for pen in appeared {
            let tracker = XInputPenTracker(device: pen, proximityTimeout: proximityTimeout)
            trackers[pen.id] = tracker
            if window != nil { selectPenEvents(pen.id) }
            updates.append(.appeared(key: tracker.key, description: summary(of: pen)))
        }
        if window == nil {
            // Before `attach(window:)`, the first listing is announced at the first poll.
            pending += updates
        }
        return updates
    }

    @discardableResult
    private func selectPenEvents(_ deviceID: Int32) -> Bool {
        guard let window else { return false }
        return connection.select([XI_Motion, XI_ButtonPress, XI_ButtonRelease], deviceID: deviceID, on: window)
    }

    /// How a pen is named in messages.
    private func summary(of pen: XInputDeviceInfo) -> String {
        let range = pen.pressureAxis.map { " pressure \(Self.number($0.minimum))…\(Self.number($0.maximum))" } ?? ""
        return "\"\(pen.name)\" (xinput2 device \(pen.id) on \(connection.name),\(range))"
    }

    /// A valuator bound as an integer when it is one.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

extension XInputPenEvent {
    /// Copies the masks and packed values out of an `XIDeviceEvent`.
    init(_ raw: XIDeviceEvent, kind: Kind) {
        let valuatorMask = Self.bytes(raw.valuators.mask, count: raw.valuators.mask_len)
        let valueCount = valuatorMask.reduce(0) { $0 + $1.nonzeroBitCount }
        let values = raw.valuators.values.map { Array(UnsafeBufferPointer(start: $0, count: valueCount)) } ?? []
        self.init(kind: kind, deviceID: raw.deviceid, button: raw.detail,
                  buttonMask: Self.bytes(raw.buttons.mask, count: raw.buttons.mask_len),
                  valuatorMask: valuatorMask, values: values)
    }

    private static func bytes(_ pointer: UnsafeMutablePointer<UInt8>?, count: Int32) -> [UInt8] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(count)))
    }
}
