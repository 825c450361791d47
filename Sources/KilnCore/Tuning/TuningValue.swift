
// Not `indirect`: the arrays already hold nested values out of line. An indirect case keeps
// its payload in a box whose address carries the case in its spare bits, which
// LeakSanitizer cannot follow from a global, so a table of values in a `static let` read
// as leaked.

/// A value in a tuning file: the part of TOML that tunings use.
@_spi(Fuzzing) public enum TuningValue: Equatable, Sendable, CustomStringConvertible {
    /// A number: TOML's integers and floats alike.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// A string: colours are written as "#RRGGBB".
    case string(String)
    /// An array of values.
    case array([TuningValue])
    /// An inline table, its keys in the order written and as TOML writes them (`a.b`, `"a b"`).
    case table([(key: String, value: TuningValue)])

    public static func == (lhs: TuningValue, rhs: TuningValue) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.table(let a), .table(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    /// The kind's name as errors say it: "a number", "a string", …
    public var kindDescription: String {
        switch self {
        case .number: "a number"
        case .bool: "true or false"
        case .string: "a string"
        case .array: "an array"
        case .table: "a table"
        }
    }

    /// The value written as TOML.
    public var description: String {
        switch self {
        case .number(let n):
            if n == n.rounded(), abs(n) < 1e15 { return String(Int(n)) }
            return String(n)
        case .bool(let b): return String(b)
        case .string(let s): return TOMLText.string(s)
        case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .table(let members):
            return "{ " + members.map { "\($0.key) = \($0.value)" }.joined(separator: ", ") + " }"
        }
    }
}

/// A problem with a tuning file: where, and what.
///
/// Text that TOML forbids names its line and column (`FILE:LINE:COLUMN: …`, as compilers
/// write it, so editors jump there); a value the scene cannot use names its line and key
/// (`FILE:LINE: KEY: …`).
public struct TuningError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as messages name it.
    public var file: String
    /// The line, from 1; `nil` when the whole file is at fault (unreadable).
    public var line: Int?
    /// The column, from 1, counted in Unicode scalars; `nil` unless the text itself is not TOML.
    public var column: Int?
    /// What is wrong, in words.
    public var message: String

    /// An error in `file` at `line` and `column` (when known), saying `message`.
    public init(file: String, line: Int?, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// "mailbox.toml:12: swipe.action_threshold: expected a number, found a string",
    /// "mailbox.toml:3:9: a number needs a digit before its \".\"". Always one line,
    /// whatever the file holds.
    public var description: String {
        let text = switch (line, column) {
        case (let line?, let column?): "\(file):\(line):\(column): \(message)"
        case (let line?, nil): "\(file):\(line): \(message)"
        default: "\(file): \(message)"
        }
        return text.printable
    }
}
