/// What a tuning field holds, with the values it accepts: how a writer checks a new value and
/// spells it, and what a control for it offers.
public enum TuningFieldKind: Equatable, Sendable {
    /// A number within `range`.
    case number(range: ClosedRange<Double>)
    /// A whole number within `range`.
    case integer(range: ClosedRange<Int>)
    /// `true` or `false`.
    case bool
    /// A colour as "#RRGGBB" or "#RRGGBBAA".
    case color
    /// An array of `count` colours.
    case colors(count: ClosedRange<Int>)
    /// A spring as `{ damping_ratio = …, response = … }`.
    case spring
    /// One of `options`, written as a string.
    case choice(options: [String])

    /// The damping ratios a spring accepts: 0 swings forever, 1 does not overshoot.
    public static let dampingRatioRange: ClosedRange<Double> = 0...10
    /// The responses a spring accepts, in seconds: the period of its undamped swing.
    public static let responseRange: ClosedRange<Double> = 0.01...10

    /// The spring's keys, in the order a file writes them.
    public static let springKeys = ["damping_ratio", "response"]

    /// What a value of this kind is, as messages say it: "a number in 0…400".
    public var expectation: String {
        switch self {
        case .number(let range): "a number in \(Self.text(range))"
        case .integer(let range): "a whole number in \(range.lowerBound)…\(range.upperBound)"
        case .bool: "true or false"
        case .color: "a colour \"#RRGGBB\" or \"#RRGGBBAA\""
        case .colors(let count):
            count.lowerBound == count.upperBound
                ? "an array of \(count.lowerBound) colours \"#RRGGBB\""
                : "an array of \(count.lowerBound) to \(count.upperBound) colours \"#RRGGBB\""
        case .choice(let options):
            "one of " + options.map { "\"\($0)\"" }.joined(separator: ", ")
        case .spring:
            "{ damping_ratio = \(Self.text(Self.dampingRatioRange)), response = \(Self.text(Self.responseRange)) s }"
        }
    }

    /// The unit a field's description names: "… points per second" is "pt/s", "Degrees …"
    /// "°", "Seconds …" and "… seconds …" "s", "Points …" and "… points …" "pt".
    static func unit(describedIn help: String) -> String? {
        let text = help.lowercased()
        if text.contains("points per second") { return "pt/s" }
        if text.hasPrefix("degrees") || text.contains("in degrees") { return "°" }
        if text.contains("seconds") { return "s" }
        if text.contains("points") { return "pt" }
        return nil
    }

    /// "0…400", "0.01…10": a range's ends as a tuning file writes them.
    static func text(_ range: ClosedRange<Double>) -> String {
        "\(TuningValue.number(range.lowerBound))…\(TuningValue.number(range.upperBound))"
    }
}
