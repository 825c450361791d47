import Kiln

/// Every value the bloom depends on. Save a copy of `PackageDemo tuning bloom --defaults`
/// as ~/.config/kiln/bloom.toml to change them while it runs.
struct BloomTuning {
    var petalCount = 8
    var petalRadius = 26.0
    var bloomRadius = 92.0
    var stagger = 0.035
    var pressedScale = 0.88
    var openSpring = Spring(dampingRatio: 0.55, response: 0.5)
    var closeSpring = Spring(dampingRatio: 0.9, response: 0.32)
    var petalColors = [Color(hex: 0xFF375F), Color(hex: 0xFF9F0A), Color(hex: 0xFFD60A), Color(hex: 0x30D158),
                       Color(hex: 0x63E6E2), Color(hex: 0x64D2FF), Color(hex: 0x5E5CE6), Color(hex: 0xBF5AF2)]
    var buttonColor = Color(hex: 0x1C1C1E)
}

extension BloomTuning: SceneTuning {
    static let title = "Bloom, the PackageDemo prototype"

    static let fields: [TuningField<BloomTuning>] = [
        .integer("petals.count", \.petalCount, "How many petals open around the button.", in: 1...24),
        .number("petals.radius", \.petalRadius, "Each petal's radius, in points.", in: 4...80),
        .number("petals.distance", \.bloomRadius, "How far from the button's centre the petals open.", in: 0...300),
        .number("petals.stagger", \.stagger, "Seconds between one petal setting off and the next.", in: 0...0.5),
        .colors("petals.colors", \.petalColors, "The petals' colours, taken in turn.", count: 1...24),
        .spring("motion.open", \.openSpring, "The petals springing out; under 1 they overshoot."),
        .spring("motion.close", \.closeSpring, "The petals coming back behind the button."),
        .number("button.pressed_scale", \.pressedScale, "The button's size while held, from 0.5 to 1.", in: 0.5...1),
        .color("button.color", \.buttonColor, "The button."),
    ]
}
