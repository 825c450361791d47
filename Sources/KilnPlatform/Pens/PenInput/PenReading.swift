// What a pen source reports about one pen device, in a form every source shares.
// Limits: no position: the pen's position reaches the app through the core pointer
// (SDL's mouse events), which the X server moves for the pen.
import KilnCore
import KilnRuntime

/// The state of one pen device as its source last saw it.
public struct PenReading: Equatable, Sendable {
    /// Tells devices apart across sources, such as "xinput2:14" or "evdev:/dev/input/event5".
    public var key: String
    /// The pressure source name pointer events carry: "xinput2" or "evdev".
    public var source: String
    /// The device's name, for messages.
    public var deviceName: String
    /// `.pen`, or `.eraser` for an eraser tool.
    public var tool: PointerDevice
    /// Whether the pen is near enough for the tablet to track it.
    public var isInProximity: Bool
    /// Whether the tip touches the surface.
    public var isInContact: Bool
    /// Pressure normalized by the device's own range, 0…1.
    public var pressure: Double
    /// The pressure as the device reported it, before normalizing.
    public var rawPressure: Double

    /// Makes a reading from its fields.
    public init(key: String, source: String, deviceName: String, tool: PointerDevice = .pen,
                isInProximity: Bool, isInContact: Bool, pressure: Double, rawPressure: Double) {
        self.key = key
        self.source = source
        self.deviceName = deviceName
        self.tool = tool
        self.isInProximity = isInProximity
        self.isInContact = isInContact
        self.pressure = pressure
        self.rawPressure = rawPressure
    }
}

/// What a pen source has to say after one poll.
public enum PenSourceUpdate: Equatable, Sendable {
    /// A pen device was found (at start or plugged in).
    case appeared(key: String, description: String)
    /// A pen device went away (unplugged, removed or disabled, or unreadable); its readings
    /// no longer count. `name` is the device's own name, for the HUD.
    case disappeared(key: String, name: String, description: String)
    /// A pen device's new state.
    case reading(PenReading)
}

/// A place pen readings come from, polled once per frame without blocking.
public protocol PenSource: AnyObject {
    /// Reads everything that arrived since the last poll; `now` is seconds on the
    /// monotonic clock, for proximity timeouts.
    func poll(now: Double) -> [PenSourceUpdate]
}
