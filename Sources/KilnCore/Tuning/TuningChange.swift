import Foundation

/// One change to a tuning file: a field set to a new value, or brought back to its default.
///
/// Keys are the field's key as the file writes it (`swipe.action_threshold`). A spring's
/// key may name one of its two numbers (`swipe.return_spring.response`): that number
/// changes and the other stays as the file has it.
///
/// ```swift
/// let changes: [TuningChange] = [
///     .set("swipe.action_threshold", to: 72),
///     .set("colors.later", to: Color(hexString: "#FFB000")!),
///     .set("swipe.return_spring.response", toTOML: "0.45"),
///     .reset("menu.width"),
/// ]
/// ```
public struct TuningChange: Equatable, Sendable {
    /// The field's key, or a spring's key and one of its numbers.
    public let key: String
    let action: Action

    enum Action: Equatable, Sendable {
        case set(TuningValue)
        case setTOML(String)
        case reset
    }

    /// Sets a number, whole or not, to `value`.
    public static func set(_ key: String, to value: Double) -> TuningChange {
        TuningChange(key: key, action: .set(.number(value)))
    }

    /// Sets a switch.
    public static func set(_ key: String, to value: Bool) -> TuningChange {
        TuningChange(key: key, action: .set(.bool(value)))
    }

    /// Sets a colour; it is written as "#RRGGBB", or "#RRGGBBAA" when not opaque.
    public static func set(_ key: String, to color: Color) -> TuningChange {
        TuningChange(key: key, action: .set(.string(color.hexString)))
    }

    /// Sets a list of colours.
    public static func set(_ key: String, to colors: [Color]) -> TuningChange {
        TuningChange(key: key, action: .set(.array(colors.map { .string($0.hexString) })))
    }

    /// Sets a spring, written with its damping ratio and response to three decimals, as the
    /// scene's defaults are.
    public static func set(_ key: String, to spring: Spring) -> TuningChange {
        func rounded(_ x: Double) -> TuningValue { .number((x * 1000).rounded() / 1000) }
        return TuningChange(key: key, action: .set(.table([
            ("damping_ratio", rounded(spring.dampingRatio)),
            ("response", rounded(2 * Double.pi / spring.naturalFrequency)),
        ])))
    }

    /// Sets a field to a value written as TOML: `0.3`, `"#FF0000"`, `true`,
    /// `{ damping_ratio = 0.8, response = 0.4 }`. Text that is not one TOML value is refused
    /// when the change is written.
    public static func set(_ key: String, toTOML text: String) -> TuningChange {
        TuningChange(key: key, action: .setTOML(text))
    }

    /// Brings a field back to its default: the default's value is written into the file.
    public static func reset(_ key: String) -> TuningChange {
        TuningChange(key: key, action: .reset)
    }

    /// A change written on the command line as `key=value`, the value in TOML; `nil` without
    /// an `=` or a key before it.
    public init?(assignment: String) {
        guard let equals = assignment.firstIndex(of: "=") else { return nil }
        let key = assignment[..<equals].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty else { return nil }
        self.init(key: key, action: .setTOML(assignment[assignment.index(after: equals)...].trimmingCharacters(in: .whitespaces)))
    }

    private init(key: String, action: Action) {
        self.key = key
        self.action = action
    }
}

/// Why a tuning file could not be written: nothing is written when any change is refused.
public enum TuningWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A change the scene cannot take: the key, and what it accepts.
    case invalidChange(key: String, message: String)
    /// The file's present text does not read as a tuning file.
    case unreadableFile(TuningError)

    /// One line: "swipe.action_threshold: 9000 is out of range 0…400".
    public var description: String {
        switch self {
        case .invalidChange(let key, let message): "\(key): \(message)".printable
        case .unreadableFile(let error): error.description
        }
    }
}
