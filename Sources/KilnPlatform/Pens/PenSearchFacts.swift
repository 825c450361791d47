// Why no pen was found, from facts gathered elsewhere. Limits: pure; the facts come from
// the environment, an X connection attempt and a /dev/input scan (`DeviceReport.gather`),
// or from a test.

/// What the search for pens ran into, for explaining an empty result.
public struct PenSearchFacts: Equatable, Sendable {
    /// `DISPLAY`, if set.
    public var display: String?
    /// `WAYLAND_DISPLAY`, if set.
    public var waylandDisplay: String?
    /// Why the X server could not be asked about its devices; nil when it was.
    public var xProblem: String?
    /// How many pointer devices the X server listed.
    public var xPointerCount = 0
    /// How many of them are pens.
    public var xPenCount = 0
    /// The event device directory, normally /dev/input.
    public var inputDirectory = "/dev/input"
    /// Whether the directory exists.
    public var inputDirectoryExists = false
    /// How many eventN nodes it holds.
    public var eventNodeCount = 0
    /// How many of those could be opened.
    public var readableCount = 0
    /// How many of those are pens.
    public var evdevPenCount = 0
    /// Whether the user is in group `input`; nil when the system has no such group.
    public var isInInputGroup: Bool?

    /// Makes facts; everything not given reads as "nothing found".
    public init(display: String? = nil, waylandDisplay: String? = nil, xProblem: String? = nil,
                xPointerCount: Int = 0, xPenCount: Int = 0, inputDirectory: String = "/dev/input",
                inputDirectoryExists: Bool = false, eventNodeCount: Int = 0, readableCount: Int = 0,
                evdevPenCount: Int = 0, isInInputGroup: Bool? = nil) {
        self.display = display
        self.waylandDisplay = waylandDisplay
        self.xProblem = xProblem
        self.xPointerCount = xPointerCount
        self.xPenCount = xPenCount
        self.inputDirectory = inputDirectory
        self.inputDirectoryExists = inputDirectoryExists
        self.eventNodeCount = eventNodeCount
        self.readableCount = readableCount
        self.evdevPenCount = evdevPenCount
        self.isInInputGroup = isInInputGroup
    }

    /// Whether any pen was found.
    public var hasPens: Bool { xPenCount + evdevPenCount > 0 }

    /// One sentence per place pens were looked for and why none came from it; empty when
    /// pens were found.
    public var reasonsForNoPens: [String] {
        guard !hasPens else { return [] }
        return [xReason, evdevReason]
    }

    /// Why XInput2 gave no pen.
    private var xReason: String {
        if display?.isEmpty ?? true {
            if let wayland = waylandDisplay, !wayland.isEmpty {
                return "XInput2: DISPLAY is not set; this is a Wayland session (\(wayland)) without XWayland's DISPLAY, and native Wayland tablets are not read"
            }
            return "XInput2: no X server (DISPLAY is not set)"
        }
        if let xProblem { return "XInput2: \(xProblem)" }
        return "XInput2: none of the \(xPointerCount) pointer devices of the X server at \(display ?? "") has an \"Abs Pressure\" valuator"
    }

    /// Why evdev gave no pen.
    private var evdevReason: String {
        if !inputDirectoryExists {
            return "evdev: there is no \(inputDirectory) (no input devices are visible here, as in a container)"
        }
        if eventNodeCount == 0 { return "evdev: \(inputDirectory) has no event devices" }
        let unreadable = eventNodeCount - readableCount
        var reason = readableCount == 0
            ? "evdev: none of the \(eventNodeCount) event devices in \(inputDirectory) is readable"
            : "evdev: none of the \(readableCount) readable event devices in \(inputDirectory) has ABS_PRESSURE and BTN_TOOL_PEN"
        if unreadable > 0 {
            if readableCount > 0 { reason += " (\(unreadable) more cannot be read)" }
            switch isInInputGroup {
            case false?: reason += "; you are not in group `input` (sudo usermod -aG input $USER, then log in again)"
            case true?: reason += "; you are in group `input`, so the unreadable ones belong to another group or to root"
            case nil: reason += "; this system has no group `input`, so reading them needs a udev rule or root"
            }
        }
        return reason
    }
}
