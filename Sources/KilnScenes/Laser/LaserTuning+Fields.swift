import KilnCore

extension LaserTuning: SceneTuning {
    public static let title = "Laser card burner (L1–L9 in docs/behaviour.md)"

    public static let fields: [TuningField<LaserTuning>] = [
        .number("beam.height_fraction", \.beamFraction, "The beam's height as a fraction of the canvas (L1).",
                in: 0.2...0.9),
        .number("beam.ignition_duration", \.ignitionDuration,
                "Seconds for the beam to grow from the centre to the edges (L2).", in: 0.01...5),
        .number("beam.flicker", \.flicker, "How much the glow flickers while on, as a fraction (L2).", in: 0...1),
        .color("beam.core", \.beamCore, "The beam's core."),
        .color("beam.color", \.beamColor, "The beam's glow and light."),
        .number("beam.spill_height", \.spillHeight, "How far the light spills above and below the beam, in points.",
                in: 0...1000),
        .number("beam.spill_opacity", \.spillOpacity, "The spill's opacity at the beam.", in: 0...1),
        .number("card.delete_threshold", \.deleteThreshold,
                "The share of the card that must pass the beam for a delete: more than this (L8).", in: 0.01...1),
        .number("card.finish_duration", \.finishDuration,
                "Seconds for the card to go the rest of the way after a deleting release (L8).", in: 0.01...5),
        .spring("card.return_spring", \.returnSpring, "Brings a spared card home (L8)."),
        .colors("card.colors", \.cardColors, "The card's gradient, top left to bottom right.", count: 2...6),
        .number("hint.delay", \.hintDelay, "Idle seconds before the card nudges towards the beam (L4).", in: 0.5...120),
        .number("cutting.impact_interval", \.impactInterval, "Seconds between felt impacts while cutting (L7).",
                in: 0.01...2),
        .integer("char.max_layers", \.maxCharLayers, "Char layers kept at most (L5).", in: 0...32),
        .number("toast.duration", \.toastDuration, "Seconds the \"Pocket deleted · Undo\" toast stays (L8).",
                in: 0.5...60),
    ]
}
