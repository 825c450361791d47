// A pen tablet read straight from its event device: frames up to SYN_REPORT become pen
// readings, SYN_DROPPED is resynced from the device's current state (its keys and every
// absolute axis it has), and a pen that hovers in silence leaves proximity after a timeout
// (for tablets that never send proximity-out).
// Limits: polled, never blocking, once per frame; only the pen tool (not the eraser);
// positions are not used (the X server moves the pointer for the same device).
import CEvdev
import Glibc

/// A pen source that reads one evdev tablet.
public final class EvdevTablet: PenSource {
    /// The device path.
    public let path: String
    /// The tablet's pressure range and buttons.
    public let device: PenDevice
    private var file: EvdevDeviceFile?
    private var stream = EvdevStream()
    private var machine: PenStateMachine
    private var hasAnnounced = false
    /// The absolute axes the device has; a resync reads every one of them.
    private let absoluteAxes: [UInt16]
    /// Asks the device where it stands now; tests answer for a pipe, which has no ioctls.
    private let queryState: (EvdevDeviceFile, [UInt16]) -> EvdevDeviceState?
    /// Seconds to add to the monotonic clock to get the events' clock.
    private let clockOffset: Double

    /// Opens `path` and checks that it is a pen; the error is one line for the user.
    public static func open(path: String, proximityTimeout: Double = 0.5) throws(EvdevOpenError) -> EvdevTablet {
        let file = try EvdevDeviceFile(path: path)
        let capabilities = try file.capabilities()
        guard let device = capabilities.penDevice else {
            throw EvdevOpenError(path: path, reason: "\"\(capabilities.name)\" is not a pen tablet: \(capabilities.whyNotAPen ?? "")")
        }
        return EvdevTablet(file: file, device: device, absoluteAxes: Array(capabilities.axes.keys),
                           proximityTimeout: proximityTimeout)
    }

    /// Reads `file`, which describes `device` and has the axes `absoluteAxes` (by default
    /// those `device` names).
    init(file: EvdevDeviceFile, device: PenDevice, absoluteAxes: [UInt16]? = nil,
         proximityTimeout: Double = 0.5,
         queryState: @escaping (EvdevDeviceFile, [UInt16]) -> EvdevDeviceState? = { $0.currentState(axes: $1) }) {
        self.file = file
        self.path = file.path
        self.device = device
        self.absoluteAxes = absoluteAxes?.sorted()
            ?? [device.pressureAxis, device.xAxis, device.yAxis].compactMap { $0?.code }.sorted()
        self.queryState = queryState
        machine = PenStateMachine(device: device, proximityTimeout: proximityTimeout)
        if file.usesMonotonicClock {
            clockOffset = 0
        } else {
            var wall = timespec()
            clock_gettime(CLOCK_REALTIME, &wall)
            clockOffset = Double(wall.tv_sec) + Double(wall.tv_nsec) / 1e9 - kiln_monotonic_seconds()
        }
    }

    /// Whether the device is still being read (false once it was unplugged).
    public var isConnected: Bool { file != nil }

    /// How the device is named in messages: its name, path and pressure range.
    public var summary: String {
        "\"\(device.name)\" on \(path) (evdev, pressure \(device.pressureAxis.minimum)…\(device.pressureAxis.maximum))"
    }

    private var key: String { "evdev:\(path)" }

    public func poll(now: Double) -> [PenSourceUpdate] {
        var updates: [PenSourceUpdate] = []
        if !hasAnnounced {
            hasAnnounced = true
            updates.append(.appeared(key: key, description: summary))
        }
        guard let file else { return updates }
        while true {
            switch file.read() {
            case .bytes(let bytes):
                updates += consume(stream.decode(bytes))
                continue
            case .empty:
                break
            case .failed(let error):
                self.file = nil
                updates.append(.disappeared(key: key, name: device.name, description: "\(summary): \(error.reason)"))
                return updates
            }
            break
        }
        if let left = machine.advance(to: now + clockOffset) {
            updates.append(.reading(reading(left)))
        }
        return updates
    }

    /// Feeds events to the decoder; resyncs from the device after a SYN_DROPPED.
    private func consume(_ events: [EvdevEvent]) -> [PenSourceUpdate] {
        var updates: [PenSourceUpdate] = []
        for event in events {
            let wasDropping = machine.syncState == .dropping
            if let sample = machine.consume(event) {
                updates.append(.reading(reading(sample)))
            }
            // The SYN_REPORT that ends the dropped stretch: ask the device where it stands.
            if wasDropping, machine.syncState == .needsResync, let resynced = resync(at: event.seconds) {
                updates.append(.reading(reading(resynced)))
            }
        }
        return updates
    }

    /// The device's current state after lost events, or nil if it cannot be queried.
    private func resync(at time: Double) -> PenSample? {
        guard let file, let state = queryState(file, absoluteAxes) else { return nil }
        return machine.resync(absoluteValues: state.absoluteValues, pressedKeys: state.pressedKeys, time: time)
    }

    private func reading(_ sample: PenSample) -> PenReading {
        PenReading(key: key, source: "evdev", deviceName: device.name, tool: .pen,
                   isInProximity: sample.isInProximity, isInContact: sample.isInContact,
                   pressure: sample.pressure, rawPressure: Double(sample.rawPressure))
    }
}
