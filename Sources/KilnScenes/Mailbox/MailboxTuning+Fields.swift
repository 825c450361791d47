import KilnCore

extension MailboxTuning: SceneTuning {
    public static let title = "Mailbox swipe (M1–M10 in docs/behaviour.md)"

    public static let fields: [TuningField<MailboxTuning>] = [
        .number("swipe.action_threshold", \.actionThreshold,
                "From this many points either way a release acts (M2, M6); under it the message returns.\n"
                    + "Exactly this many acts (M8).",
                in: 1...2000),
        .number("swipe.second_threshold", \.secondThreshold,
                "From here the second action takes over: list to the left (M3), delete to the right (M7).",
                in: 1...4000),
        .number("swipe.icon_inset", \.iconInset, "Points from the row's edge to an icon's centre.", in: 0...200),
        .number("swipe.slide_off_duration", \.slideOffDuration,
                "Seconds for a released message to slide off the row (M2, M3, M6, M7).", in: 0.01...5),
        .number("swipe.collapse_duration", \.collapseDuration,
                "Seconds for a cleared row to collapse while the rows below move up (M4).", in: 0.01...5),
        .spring("swipe.return_spring", \.returnSpring,
                "Brings a message released under the threshold back to 0 (M1, M5)."),
        .color("colors.neutral", \.neutralColor, "Under the first threshold, either way (M1, M5)."),
        .color("colors.later", \.laterColor, "Reschedule (M2)."),
        .color("colors.list", \.listColor, "Move to a list (M3)."),
        .color("colors.archive", \.archiveColor, "Archive (M6)."),
        .color("colors.delete", \.deleteColor, "Delete (M7)."),
        .colors("colors.segments", \.segmentColors, "The title bar for Later, Inbox and Archive (M9).", count: 3...3),
        .number("menu.width", \.menuWidth, "How far the side menu opens, in points (M9).", in: 40...2000),
        .spring("menu.spring", \.menuSpring, "The menu's opening and closing (M9)."),
        .spring("compose.spring", \.composeSpring, "The compose view coming up (M9)."),
        .spring("segments.spring", \.segmentSpring, "The views swiping in from the side (M9)."),
        .integer("shake.reversals", \.shakeReversals, "Direction reversals that make a shake (M9).", in: 1...20),
        .number("shake.window", \.shakeWindow, "Seconds those reversals must fall within (M9).", in: 0.05...5),
        .bool("demo.return", \.demoReturn, "A cleared message comes back on its own (M10)."),
        .number("demo.return_delay", \.demoReturnDelay, "Seconds after clearing that it comes back (M10).", in: 0...60),
        .number("sound.panel_volume", \.panelVolume,
                "The quiet pop as the reschedule or list options appear, from 0 (silent) to 1 (M4).", in: 0...1),
    ]
}
