import Kiln

/// Every value the card stack depends on, with its default. What each one means is written
/// once, in `fields`, which also writes `tuning.toml` beside this file.
struct CardStackTuning: Sendable {
    /// `swipe.distance`
    var swipeDistance = 120.0
    /// `swipe.deceleration_rate`
    var decelerationRate = 0.995
    /// `swipe.fly_off_speed`
    var flyOffSpeed = 1600.0
    /// `card.rotation`
    var rotationPerPoint = 0.08
    /// `card.pivot`
    var pivot = 0.95
    /// `card.return_spring`
    var returnSpring = Spring(dampingRatio: 0.62, response: 0.4)
    /// `stack.next_scale`
    var nextScale = 0.94
    /// `stamps.full_at`
    var stampFullAt = 90.0
    /// `sound.volume`
    var soundVolume = 0.6

    init() {}
}

extension CardStackTuning: SceneTuning {
    static let title = "Card stack"

    static let fields: [TuningField<CardStackTuning>] = [
        .number("swipe.distance", \.swipeDistance,
                "A card is liked or passed when its release, carried on by its velocity, lands\n"
                    + "this many points to the side; otherwise it springs back.", in: 20...300),
        .number("swipe.deceleration_rate", \.decelerationRate,
                "How much of the release velocity is kept per millisecond in that projection:\n"
                    + "lower asks for a harder flick.", in: 0.9...0.9999),
        .number("swipe.fly_off_speed", \.flyOffSpeed,
                "The slowest a card leaves the screen, in points per second; a faster flick keeps\n"
                    + "its own speed.", in: 200...6000),
        .number("card.rotation", \.rotationPerPoint,
                "Degrees the card turns for each point it is dragged sideways.", in: 0...0.5),
        .number("card.pivot", \.pivot,
                "Where the card turns about, from its top (0) to its bottom (1); below 1 it swings\n"
                    + "like a card held at its foot.", in: 0...2),
        .spring("card.return_spring", \.returnSpring, "Brings a card that was not swiped far enough back to the middle."),
        .number("stack.next_scale", \.nextScale,
                "The size of the card behind, which grows to full size as the top one leaves.", in: 0.5...1),
        .number("stamps.full_at", \.stampFullAt,
                "Points of sideways drag at which the LIKE or NOPE stamp is fully shown.", in: 10...300),
        .number("sound.volume", \.soundVolume, "The like and pass sounds, from 0 (silent) to 1.", in: 0...1),
    ]
}
