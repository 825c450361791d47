
/// One tunable value of a scene: its key in the file, what it means, and how it is read
/// from and written to the scene's tuning.
public struct TuningField<Tuning>: @unchecked Sendable {
    /// "swipe.action_threshold".
    public let key: String
    /// The comment written above it in the file.
    public let help: String
    /// What it holds and the values it accepts.
    public let kind: TuningFieldKind
    let read: (Tuning) -> TuningValue
    /// Stores a value, or says in words why it cannot.
    let write: (inout Tuning, TuningValue) -> String?
    /// The unit given with the field, if any.
    private(set) var givenUnit: String? = nil

    /// The unit of the field's number, as the tweak panel shows it beside the value: the one
    /// given, else read from the description ("Seconds for …" is "s", "…, in points." "pt").
    public var unit: String? { givenUnit ?? TuningFieldKind.unit(describedIn: help) }

    /// A number within `range`.
    public static func number(_ key: String, _ path: WritableKeyPath<Tuning, Double>, _ help: String,
                              in range: ClosedRange<Double>, unit: String? = nil) -> TuningField {
        TuningField(key: key, help: help, kind: .number(range: range), read: { .number($0[keyPath: path]) }, write: { tuning, value in
            guard case .number(let n) = value else { return "expected a number, found \(value.kindDescription)" }
            guard range.contains(n) else {
                return "\(TuningValue.number(n)) is out of range (\(TuningValue.number(range.lowerBound)) to \(TuningValue.number(range.upperBound)))"
            }
            tuning[keyPath: path] = n
            return nil
        }, givenUnit: unit)
    }

    /// A whole number within `range`.
    public static func integer(_ key: String, _ path: WritableKeyPath<Tuning, Int>, _ help: String,
                               in range: ClosedRange<Int>, unit: String? = nil) -> TuningField {
        TuningField(key: key, help: help, kind: .integer(range: range), read: { .number(Double($0[keyPath: path])) }, write: { tuning, value in
            guard case .number(let n) = value else { return "expected a whole number, found \(value)" }
            guard n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
                return "\(value) is out of range (\(range.lowerBound) to \(range.upperBound))"
            }
            guard n == n.rounded() else { return "expected a whole number, found \(value)" }
            tuning[keyPath: path] = Int(n)
            return nil
        }, givenUnit: unit)
    }

    /// One of an enumeration's cases, written as its raw value: `curve = "ease_out"`.
    public static func choice<Choice: CaseIterable & RawRepresentable<String>>(
        _ key: String, _ path: WritableKeyPath<Tuning, Choice>, _ help: String) -> TuningField {
        let options = Choice.allCases.map(\.rawValue)
        return TuningField(key: key, help: help, kind: .choice(options: options),
                           read: { .string($0[keyPath: path].rawValue) }) { tuning, value in
            guard case .string(let text) = value, let choice = Choice(rawValue: text) else {
                return "expected one of \(options.map { "\"\($0)\"" }.joined(separator: ", ")), found \(value)"
            }
            tuning[keyPath: path] = choice
            return nil
        }
    }

    /// A switch.
    public static func bool(_ key: String, _ path: WritableKeyPath<Tuning, Bool>, _ help: String) -> TuningField {
        TuningField(key: key, help: help, kind: .bool, read: { .bool($0[keyPath: path]) }) { tuning, value in
            guard case .bool(let b) = value else { return "expected true or false, found \(value.kindDescription)" }
            tuning[keyPath: path] = b
            return nil
        }
    }

    /// A colour as "#RRGGBB" or "#RRGGBBAA".
    public static func color(_ key: String, _ path: WritableKeyPath<Tuning, Color>, _ help: String) -> TuningField {
        TuningField(key: key, help: help, kind: .color, read: { .string($0[keyPath: path].hexString) }) { tuning, value in
            switch parseColor(value) {
            case .success(let color): tuning[keyPath: path] = color; return nil
            case .failure(let problem): return problem.message
            }
        }
    }

    /// A list of colours.
    public static func colors(_ key: String, _ path: WritableKeyPath<Tuning, [Color]>, _ help: String,
                              count: ClosedRange<Int>) -> TuningField {
        TuningField(key: key, help: help, kind: .colors(count: count), read: { .array($0[keyPath: path].map { .string($0.hexString) }) }) { tuning, value in
            guard case .array(let items) = value else { return "expected an array of colours, found \(value.kindDescription)" }
            guard count.contains(items.count) else {
                return count.lowerBound == count.upperBound
                    ? "expected \(count.lowerBound) colours, found \(items.count)"
                    : "expected \(count.lowerBound) to \(count.upperBound) colours, found \(items.count)"
            }
            var colors: [Color] = []
            for item in items {
                switch parseColor(item) {
                case .success(let color): colors.append(color)
                case .failure(let problem): return problem.message
                }
            }
            tuning[keyPath: path] = colors
            return nil
        }
    }

    /// A spring as `{ damping_ratio = 0.8, response = 0.4 }` (response: the undamped period in seconds).
    public static func spring(_ key: String, _ path: WritableKeyPath<Tuning, Spring>, _ help: String) -> TuningField {
        TuningField(key: key, help: help, kind: .spring, read: { tuning in
            let spring = tuning[keyPath: path]
            let response = 2 * Double.pi / spring.naturalFrequency
            return .table([("damping_ratio", .number((spring.dampingRatio * 1000).rounded() / 1000)),
                           ("response", .number((response * 1000).rounded() / 1000))])
        }) { tuning, value in
            guard case .table(let members) = value else {
                return "expected { damping_ratio = …, response = … }, found \(value.kindDescription)"
            }
            var ratio: Double?, response: Double?
            for member in members {
                guard case .number(let n) = member.value else { return "\(member.key) must be a number" }
                switch member.key {
                case "damping_ratio": ratio = n
                case "response": response = n
                default: return "a spring has damping_ratio and response, not \(member.key)"
                }
            }
            guard let ratio, let response else { return "a spring needs both damping_ratio and response" }
            guard TuningFieldKind.dampingRatioRange.contains(ratio) else { return "damping_ratio \(TuningValue.number(ratio)) is out of range (0 to 10)" }
            guard TuningFieldKind.responseRange.contains(response) else { return "response \(TuningValue.number(response)) is out of range (0.01 to 10 s)" }
            tuning[keyPath: path] = Spring(dampingRatio: ratio, response: response)
            return nil
        }
    }

    private struct Problem: Error { var message: String }

    private static func parseColor(_ value: TuningValue) -> Result<Color, Problem> {
        guard case .string(let text) = value else {
            return .failure(Problem(message: "expected a colour like \"#FFD320\", found \(value.kindDescription)"))
        }
        guard text.hasPrefix("#"), [7, 9].contains(text.count), let color = Color(hexString: text) else {
            return .failure(Problem(message: "\"\(text)\" is not a colour; write #RRGGBB or #RRGGBBAA"))
        }
        return .success(color)
    }
}
