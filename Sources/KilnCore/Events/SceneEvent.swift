import Foundation

/// A value carried by a scene event.
public enum EventValue: Hashable, Sendable, CustomStringConvertible {
    /// Text.
    case string(String)
    /// A number, printed with as few digits as it needs.
    case number(Double)
    /// A switch: true or false.
    case bool(Bool)

    public var description: String {
        switch self {
        case .string(let s): s
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .bool(let b): String(b)
        }
    }

    /// The value as JSON text.
    public var json: String {
        switch self {
        case .string(let s): SceneEvent.jsonString(s)
        case .number(let n): n.isFinite ? description : "null"
        case .bool(let b): String(b)
        }
    }
}

/// Something observable that a scene did, named thing then deed: `card.deleted`, `row.archived`, …
public struct SceneEvent: Hashable, Sendable {
    /// Scene time in seconds.
    public var time: Double
    /// The event's name, dotted by scene: "pocket.deleted", "ring.confirmed".
    public var name: String
    /// The event's details, printed as JSON fields beside the time and the name.
    public var fields: [String: EventValue]

    /// An event named `name` at scene time `time`, with `fields`.
    public init(time: Double, name: String, fields: [String: EventValue] = [:]) {
        self.time = time
        self.name = name
        self.fields = fields
    }

    /// One JSON line: `{"t": 1.234, "event": "card.deleted", "id": "trip"}`.
    public var jsonLine: String {
        var parts = ["\"t\": \(String(format: "%.3f", time))", "\"event\": \(SceneEvent.jsonString(name))"]
        for key in fields.keys.sorted() {
            parts.append("\(SceneEvent.jsonString(key)): \(fields[key]!.json)")
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// `s` as a JSON string literal, quotes and escapes included.
    public static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}

/// Receives scene events: the JSON printer, a test recorder, the HUD.
public protocol EventSink: AnyObject {
    /// Takes one event, as it happens.
    func record(_ event: SceneEvent)
}

/// Keeps every event in order: for tests and for tools that read them afterwards.
public final class EventRecorder: EventSink {
    /// Every event recorded so far, oldest first.
    public private(set) var events: [SceneEvent] = []

    /// An empty recorder.
    public init() {}

    /// Keeps `event` after the others.
    public func record(_ event: SceneEvent) {
        events.append(event)
    }

    /// The names of the recorded events, in order.
    public var names: [String] { events.map(\.name) }
}
