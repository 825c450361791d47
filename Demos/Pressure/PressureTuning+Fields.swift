import Kiln

extension PressureTuning: SceneTuning {
    public static let title = "Pressure confirm ring (P1–P9 in docs/behaviour.md)"

    public static let fields: [TuningField<PressureTuning>] = [
        .number("intention.full_press", \.fullPress,
                "The pen pressure, as a share of its range, that counts as a full press (P2); the iPhone's 3.0 force.",
                in: 0.01...1),
        .number("intention.timed_step", \.timedStep, "Without pressure: how much each tick of the timed fallback adds (P2).",
                in: 0.001...1),
        .number("intention.timed_interval", \.timedInterval, "Seconds between those ticks (P2).", in: 0.005...5),
        .number("intention.full_threshold", \.fullThreshold, "Above this the ring is full: selected or confirmed (P4).",
                in: 0.01...1),
        .bool("intention.latch", \.latchesWhenFull,
              "Once full, the intention stays full until release, so a pen can ease off while moving in (P4)."),
        .number("ring.diameter", \.ringDiameter, "The ring's diameter in points (P1).", in: 10...400),
        .number("ring.line_width", \.ringLineWidth, "Its stroke (P1).", in: 0.25...20),
        .number("ring.glow_radius", \.glowRadius, "Its white glow (P1).", in: 0...40),
        .number("ring.track_opacity", \.trackOpacity, "The faint full circle behind the stroke (P1).", in: 0...1),
        .color("ring.idle_color", \.idleColor, "While updating (P1)."),
        .color("ring.selected_color", \.selectedColor, "Full, the pointer outside the ring: CONFIRM (P4)."),
        .color("ring.confirmed_color", \.confirmedColor, "Full, the pointer inside the ring: OK (P4)."),
        .number("ring.selected_scale", \.selectedScale, "The ring's scale when selected (P4).", in: 0.2...4),
        .number("ring.confirmed_scale", \.confirmedScale, "The ring's scale when confirmed (P4).", in: 0.2...4),
        .number("ring.transition_duration", \.transitionDuration, "Seconds of a state change's animation (P6).",
                in: 0...2),
        .number("ring.label_size", \.labelFontSize, "The label's font size (P1).", in: 4...60),
        .number("toast.duration", \.toastDuration, "Seconds the \"Photo deleted · Undo\" toast stays (P5).",
                in: 0.5...60),
        .number("hover.dot_diameter", \.hoverDotDiameter, "The pen's hover dot (P8).", in: 1...60),
        .number("hover.timeout", \.hoverTimeout, "Seconds without hover events before the dot hides (P8).",
                in: 0.05...10),
        .number("hud.graph_duration", \.graphDuration, "Seconds of pressure the HUD graph shows (P7).", in: 0.5...30),
        .number("sound.selected_volume", \.selectedVolume,
                "The soft tick as the ring turns selected, from 0 (silent) to 1 (P6).", in: 0...1),
        .number("sound.confirmed_volume", \.confirmedVolume,
                "The rising two-note chirp as the ring turns confirmed, from 0 (silent) to 1 (P6).", in: 0...1),
    ]
}
