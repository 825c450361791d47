import Foundation
@_spi(Fuzzing) import KilnCore

/// A tuning type with a field of every kind, for files laid out in every way TOML allows.
public struct LayoutTuning: SceneTuning {
    public var offset = -12.5
    public var scale = 1000.0
    public var count = 3
    public var isOn = true
    public var tint = Color(hexString: "#336699")!
    public var stripes = [Color(hexString: "#112233")!, Color(hexString: "#445566")!]
    public var spring = Spring(dampingRatio: 0.8, response: 0.4)
    public var drop = Spring(dampingRatio: 1, response: 0.25)
    public var curve = Curve.easeOut

    /// A choice of easing, as a file names it.
    public enum Curve: String, CaseIterable, Sendable {
        case linear
        case easeIn = "ease_in"
        case easeOut = "ease_out"
    }

    /// The defaults.
    public init() {}

    public static let title = "Layouts"

    public static let fields: [TuningField<LayoutTuning>] = [
        .number("motion.offset", \.offset, "Points the motion starts from;\nnegative is up.", in: -50...50),
        .number("motion.scale", \.scale, "How far it scales.", in: 0...100_000),
        .integer("motion.count", \.count, "How many times it runs.", in: 1...9),
        .choice("motion.curve", \.curve, "The motion's easing."),
        .spring("motion.spring", \.spring, "The motion's spring."),
        .bool("flags.enabled", \.isOn, "Whether it runs at all."),
        .color("paint.tint", \.tint, "The tint."),
        .colors("paint.stripes", \.stripes, "The stripes, two or three.", count: 2...3),
        .spring("drop.spring", \.drop, "The drop's spring."),
    ]

    /// The defaults as a file writes them.
    @_spi(Fuzzing) public static let defaults: [String: TuningValue] = [
        "motion.offset": .number(-12.5), "motion.scale": .number(1000), "motion.count": .number(3),
        "motion.curve": .string("ease_out"),
        "motion.spring": .table([("damping_ratio", .number(0.8)), ("response", .number(0.4))]),
        "flags.enabled": .bool(true), "paint.tint": .string("#336699"),
        "paint.stripes": .array([.string("#112233"), .string("#445566")]),
        "drop.spring": .table([("damping_ratio", .number(1)), ("response", .number(0.25))]),
    ]
}
