// What `kiln devices` reports: pointer devices, pens with their pressure ranges (XInput2
// and evdev), audio outputs and game controllers, and why there are no pens when there
// are none. Limits: gathering needs no display (what cannot be asked is said, not fatal);
// the text is built from plain values, so it can be checked without devices.
import Foundation

/// Everything `kiln devices` found, as plain values.
public struct DeviceReport: Sendable {
    /// The X display asked, if any.
    public var display: String?
    /// The X server's input devices (empty when it could not be asked).
    public var xDevices: [XInputDeviceInfo] = []
    /// The event device scan.
    public var evdev: EvdevDirectoryScan
    /// The audio driver, its outputs (nil when it cannot list them) or why audio is unavailable.
    public var audio: (driver: String, outputs: [String]?, problem: String?)
    /// The game controllers and joysticks, or why they cannot be listed.
    public var controllers: (names: [String], problem: String?)
    /// The facts that explain an empty pen list.
    public var facts: PenSearchFacts
    /// Whether a touchpad's pinch and rotate reach the scenes, or why not.
    public var touchpadGestures: Result<String, XInput2Error>?

    /// Makes a report from its parts.
    public init(display: String?, xDevices: [XInputDeviceInfo], evdev: EvdevDirectoryScan,
                audio: (driver: String, outputs: [String]?, problem: String?),
                controllers: (names: [String], problem: String?), facts: PenSearchFacts) {
        self.display = display
        self.xDevices = xDevices
        self.evdev = evdev
        self.audio = audio
        self.controllers = controllers
        self.facts = facts
    }

    /// Asks the X server (through `DISPLAY`), /dev/input and SDL what is connected.
    public static func gather(inputDirectory: String = "/dev/input") -> DeviceReport {
        let environment = ProcessInfo.processInfo.environment
        var facts = PenSearchFacts(display: environment["DISPLAY"], waylandDisplay: environment["WAYLAND_DISPLAY"])
        var xDevices: [XInputDeviceInfo] = []
        var display: String?
        do {
            let reader = try XInput2PenReader()
            display = reader.displayName
            xDevices = reader.allDevices
        } catch {
            facts.xProblem = error.description
        }
        var touchpad: Result<String, XInput2Error>?
        if display != nil {
            do throws(XInput2Error) {
                touchpad = .success(try TouchpadGestureReader().displayName)
            } catch {
                touchpad = .failure(error)
            }
        }
        facts.xPointerCount = xDevices.filter(\.isPointer).count
        facts.xPenCount = xDevices.filter(\.isPen).count
        let scan = EvdevDirectory.scan(inputDirectory)
        facts.inputDirectory = inputDirectory
        facts.inputDirectoryExists = scan.exists
        facts.eventNodeCount = scan.eventNodes.count
        facts.readableCount = scan.readable.count
        facts.evdevPenCount = scan.pens.count
        facts.isInInputGroup = EvdevDirectory.isUserInInputGroup()
        var report = DeviceReport(display: display, xDevices: xDevices, evdev: scan, audio: SDLDeviceList.audioOutputs(),
                                  controllers: SDLDeviceList.controllers(), facts: facts)
        report.touchpadGestures = touchpad
        return report
    }

    /// The report as lines of text.
    public var lines: [String] {
        pointerLines + touchpadLines + [""] + penLines + [""] + audioLines + [""] + controllerLines
    }

    private var pointerLines: [String] {
        var lines: [String] = []
        if let display {
            lines.append("Pointer devices (X server \(display)):")
            let pointers = xDevices.filter(\.isPointer)
            lines += pointers.isEmpty ? ["  none"] : pointers.map { device in
                "  \(device.id)\t\(device.name) (\(device.use.rawValue)\(device.isEnabled ? "" : ", disabled"))"
            }
        } else {
            lines.append("Pointer devices (X server): none asked; \(facts.xProblem ?? "no X server")")
        }
        let pointerLike = evdev.readable.filter { $0.capabilities.isPointerLike }
        lines.append("Pointer devices (\(evdev.directory)):")
        if pointerLike.isEmpty {
            lines.append(evdev.exists ? "  none readable (\(evdev.eventNodes.count) event devices, \(evdev.readable.count) readable)"
                                      : "  none (no \(evdev.directory))")
        } else {
            lines += pointerLike.map { "  \($0.path)\t\($0.capabilities.name)" }
        }
        return lines
    }

    /// One line on touchpad gestures, when there is an X server to ask.
    var touchpadLines: [String] {
        switch touchpadGestures {
        case .success(let display)?:
            return ["Touchpad pinch and rotate: XInput 2.4 on \(display); they reach the scenes' recognizers"]
        case .failure(let error)?:
            return ["Touchpad pinch and rotate: unavailable (\(error)); Alt-drag the mouse for two fingers instead"]
        case nil:
            return []
        }
    }

    private var penLines: [String] {
        var lines = ["Pens (pressure ranges as the devices report them):"]
        for pen in xDevices.filter(\.isPen) {
            let axis = pen.pressureAxis
            let range = axis.map { "\(XInput2PenReader.number($0.minimum))…\(XInput2PenReader.number($0.maximum))" } ?? "?"
            lines.append("  xinput2\t\(pen.name) (device \(pen.id), \(pen.tool.rawValue)) pressure \(range)")
        }
        for pen in evdev.pens {
            let axis = pen.capabilities.axes[EvdevCode.absPressure]
            let range = axis.map { "\($0.minimum)…\($0.maximum)" } ?? "?"
            lines.append("  evdev\t\(pen.capabilities.name) (\(pen.path)) pressure \(range)")
        }
        if !facts.hasPens {
            lines.append("  none; the pressure ring falls back to its timed press. Why:")
            lines += facts.reasonsForNoPens.map { "  - \($0)" }
        }
        return lines + unreadableLines
    }

    /// The event devices that are there but cannot be read, grouped by why: a pen among
    /// them would be missed.
    var unreadableLines: [String] {
        guard !evdev.unreadable.isEmpty else { return [] }
        var reasons: [String] = []
        var paths: [String: [String]] = [:]
        for error in evdev.unreadable {
            if paths[error.reason] == nil { reasons.append(error.reason) }
            paths[error.reason, default: []].append(error.path)
        }
        return ["Event devices present but unreadable (a pen among them is not used):"]
            + reasons.map { "  \(paths[$0, default: []].joined(separator: ", ")): \($0)" }
    }

    private var audioLines: [String] {
        if let problem = audio.problem { return ["Audio outputs: none (\(problem)); scenes run silently"] }
        guard let outputs = audio.outputs else {
            return ["Audio outputs (SDL driver \(audio.driver)): the driver lists none by name; its default output is used"]
        }
        return ["Audio outputs (SDL driver \(audio.driver)):"] + (outputs.isEmpty ? ["  none"] : outputs.map { "  \($0)" })
    }

    private var controllerLines: [String] {
        if let problem = controllers.problem { return ["Game controllers: cannot list them (\(problem))"] }
        return ["Game controllers:"] + (controllers.names.isEmpty ? ["  none"] : controllers.names.map { "  \($0)" })
    }
}

extension EvdevCapabilities {
    /// `BTN_LEFT`, which mice and touchpads have.
    private static let leftButton: UInt16 = 0x110

    /// Whether the device moves a pointer: it has a left button, a touch contact or a pen.
    public var isPointerLike: Bool {
        keys.contains(Self.leftButton) || keys.contains(EvdevCode.btnTouch) || keys.contains(EvdevCode.btnToolPen)
    }
}
