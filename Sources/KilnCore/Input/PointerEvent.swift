/// Where a pointer event is in its touch's life.
public enum PointerPhase: String, Sendable, Codable, CaseIterable {
    /// The pointer came down: a touch, a pen touching, a mouse button pressed.
    case began
    /// The pointer moved while down.
    case moved
    /// The pointer lifted.
    case ended
    /// The system took the pointer away (the window lost it): undo what it started.
    case cancelled
    /// A pen or mouse moving without contact.
    case hover
}

/// What produced a pointer event.
public enum PointerDevice: String, Sendable, Codable, CaseIterable {
    /// A mouse or touchpad.
    case mouse
    /// A pen's tip.
    case pen
    /// A pen's eraser end.
    case eraser
    /// A finger on a touch screen.
    case touch
}

/// One pointer sample in canvas points: the only kind of input the scenes see.
public struct PointerEvent: Hashable, Sendable {
    /// Tells concurrent pointers apart (touches, pen and mouse); stable for one contact.
    public var id: Int
    /// Where the event is in its pointer's life.
    public var phase: PointerPhase
    /// In canvas points.
    public var location: Point
    /// Seconds, on the same clock as the scene's time.
    public var timestamp: Double
    /// What produced the event.
    public var device: PointerDevice
    /// Normalized 0…1 when the device reports pressure, otherwise `nil`.
    public var pressure: Double?
    /// Where the pressure came from ("xinput2", "evdev", "evemu", "touch"), if anywhere.
    public var pressureSource: String?
    /// A bit per held button (1 = primary).
    public var buttons: Int

    /// An event of pointer `id` at `location` (canvas points) and `timestamp` (scene seconds); `pressure` from 0 to 1 when the device reports it.
    public init(id: Int = 0, phase: PointerPhase, location: Point, timestamp: Double,
                device: PointerDevice = .mouse, pressure: Double? = nil,
                pressureSource: String? = nil, buttons: Int = 1) {
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
        self.device = device
        self.pressure = pressure
        self.pressureSource = pressureSource
        self.buttons = buttons
    }
}

/// A key press with its modifiers, named the way scripts write it: "ctrl+z", "1", "escape".
public struct KeyPress: Hashable, Sendable, CustomStringConvertible {
    /// Modifier keys held with the key.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A Control key.
        public static let ctrl = Modifiers(rawValue: 1)
        /// A Shift key.
        public static let shift = Modifiers(rawValue: 2)
        /// An Alt key.
        public static let alt = Modifiers(rawValue: 4)
        /// A Super (Windows, Command) key.
        public static let meta = Modifiers(rawValue: 8)
    }

    /// The key's lowercase name: a letter or digit, "escape", "f1", "space", "return", …
    public var key: String
    /// The modifier keys held with it.
    public var modifiers: Modifiers

    /// The key `key` ("r", "space", "f1"), with `modifiers` held.
    public init(_ key: String, modifiers: Modifiers = []) {
        self.key = key.lowercased()
        self.modifiers = modifiers
    }

    /// Parses "ctrl+shift+z" style names; `nil` for an empty key or an unknown modifier.
    public init?(parsing text: String) {
        var parts = text.lowercased().split(separator: "+").map(String.init)
        guard let key = parts.popLast(), !key.isEmpty else { return nil }
        var modifiers: Modifiers = []
        for part in parts {
            switch part {
            case "ctrl", "control": modifiers.insert(.ctrl)
            case "shift": modifiers.insert(.shift)
            case "alt", "option": modifiers.insert(.alt)
            case "meta", "super", "cmd": modifiers.insert(.meta)
            default: return nil
            }
        }
        self.init(key, modifiers: modifiers)
    }

    public var description: String {
        var names: [String] = []
        if modifiers.contains(.ctrl) { names.append("ctrl") }
        if modifiers.contains(.shift) { names.append("shift") }
        if modifiers.contains(.alt) { names.append("alt") }
        if modifiers.contains(.meta) { names.append("meta") }
        return (names + [key]).joined(separator: "+")
    }
}
