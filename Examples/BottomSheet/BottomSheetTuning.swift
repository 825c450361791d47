import Kiln

/// Every value the bottom sheet depends on, with its default. What each one means is
/// written once, in `fields`, which also writes `tuning.toml` beside this file.
struct BottomSheetTuning: Sendable {
    /// `detents.collapsed`: points of sheet showing at the lowest detent.
    var collapsedHeight = 104.0
    /// `detents.medium`: the middle detent as a fraction of the canvas height.
    var mediumFraction = 0.48
    /// `detents.large_top_inset`: the gap above the sheet at the top detent.
    var largeTopInset = 54.0
    /// `release.deceleration_rate`
    var decelerationRate = 0.998
    /// `release.spring`
    var releaseSpring = Spring(dampingRatio: 0.86, response: 0.42)
    /// `rubber_band.coefficient`
    var rubberBandCoefficient = 0.55
    /// `list.deceleration_rate`
    var listDecelerationRate = 0.998
    /// `list.bounce_spring`
    var listBounceSpring = Spring(dampingRatio: 1, response: 0.4)
    /// `scrim.color`
    var scrimColor = Color(hex: 0x000000)
    /// `scrim.collapsed`
    var scrimCollapsed = 0.0
    /// `scrim.medium`
    var scrimMedium = 0.08
    /// `scrim.large`
    var scrimLarge = 0.38
    /// `sheet.corner_radius`
    var cornerRadius = 12.0
    /// `sound.detent_volume`
    var detentVolume = 0.35

    init() {}
}

extension BottomSheetTuning: SceneTuning {
    static let title = "Bottom sheet"

    static let fields: [TuningField<BottomSheetTuning>] = [
        .number("detents.collapsed", \.collapsedHeight,
                "Points of sheet showing at the lowest detent: the grabber and the search field.", in: 40...400),
        .number("detents.medium", \.mediumFraction,
                "The middle detent, as a fraction of the canvas height.", in: 0.2...0.8),
        .number("detents.large_top_inset", \.largeTopInset,
                "The gap left above the sheet at the top detent, in points.", in: 0...300),
        .number("release.deceleration_rate", \.decelerationRate,
                "How much velocity is kept per millisecond when a release is projected forward to\n"
                    + "choose a detent; 0.998 is a scroll view's normal rate, 0.99 its fast one.",
                in: 0.9...0.9999),
        .spring("release.spring", \.releaseSpring,
                "Carries the sheet to the chosen detent, starting at the finger's velocity."),
        .number("rubber_band.coefficient", \.rubberBandCoefficient,
                "Resistance past the top and bottom detents and the list's ends: 0 does not move,\n"
                    + "1 follows the finger at first.", in: 0.05...1),
        .number("list.deceleration_rate", \.listDecelerationRate,
                "Velocity the flung list keeps per millisecond.", in: 0.9...0.9999),
        .spring("list.bounce_spring", \.listBounceSpring,
                "Brings the list back inside its content after it was pulled or flung past an end."),
        .color("scrim.color", \.scrimColor, "The shade laid over the map as the sheet rises."),
        .number("scrim.collapsed", \.scrimCollapsed, "The shade's opacity at the lowest detent.", in: 0...1),
        .number("scrim.medium", \.scrimMedium, "… at the middle detent.", in: 0...1),
        .number("scrim.large", \.scrimLarge, "… at the top detent; between detents it is interpolated.", in: 0...1),
        .number("sheet.corner_radius", \.cornerRadius, "The radius of the sheet's top corners.", in: 0...40),
        .number("sound.detent_volume", \.detentVolume,
                "The soft knock as the sheet reaches a new detent, from 0 (silent) to 1.", in: 0...1),
    ]
}
