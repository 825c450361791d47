import Kiln

/// Every value the photo viewer depends on, with its default. What each one means is written
/// once, in `fields`, which also writes `tuning.toml` beside this file.
struct PhotosTuning: Sendable {
    /// `grid.spacing`
    var gridSpacing = 2.0
    /// `open.spring`
    var openSpring = Spring(dampingRatio: 0.86, response: 0.42)
    /// `zoom.maximum_scale`
    var maximumScale = 4.0
    /// `zoom.double_tap_scale`
    var doubleTapScale = 2.5
    /// `zoom.spring`
    var zoomSpring = Spring(dampingRatio: 1, response: 0.32)
    /// `paging.gap`
    var pageGap = 20.0
    /// `dismiss.distance`
    var dismissDistance = 110.0
    /// `dismiss.velocity`
    var dismissVelocity = 700.0
    /// `dismiss.fade_distance`
    var fadeDistance = 300.0
    /// `dismiss.shrink`
    var dismissShrink = 0.3
    /// `sound.volume`
    var soundVolume = 0.5

    init() {}
}

extension PhotosTuning: SceneTuning {
    static let title = "Photos"

    static let fields: [TuningField<PhotosTuning>] = [
        .number("grid.spacing", \.gridSpacing, "Points between the thumbnails of the grid.", in: 0...12),
        .spring("open.spring", \.openSpring,
                "Carries a photo between its thumbnail and the viewer, both ways, and back after\n"
                    + "a short drag down."),
        .number("zoom.maximum_scale", \.maximumScale,
                "The most a photo zooms; a pinch past it, or below 1×, rubber-bands and springs back.", in: 1.5...10),
        .number("zoom.double_tap_scale", \.doubleTapScale,
                "A double tap at 1× zooms to this scale about the tapped point; another goes back to 1×.", in: 1.2...10),
        .spring("zoom.spring", \.zoomSpring,
                "Brings the photo back inside its scale range, its rotation to 0° and its edges to the\n"
                    + "screen's after a pinch, and zooms on a double tap."),
        .number("paging.gap", \.pageGap, "Black points between two photos while paging.", in: 0...80),
        .number("dismiss.distance", \.dismissDistance,
                "A drag down at 1× further than this closes the viewer on release; a shorter one\n"
                    + "springs back, unless flicked down.", in: 20...400),
        .number("dismiss.velocity", \.dismissVelocity,
                "A flick down faster than this, in points per second, closes the viewer from any\n"
                    + "distance.", in: 100...5000),
        .number("dismiss.fade_distance", \.fadeDistance,
                "Points of drag down over which the black background fades out.", in: 50...1000),
        .number("dismiss.shrink", \.dismissShrink,
                "How much smaller the photo gets by the time the black has faded out.", in: 0...0.9),
        .number("sound.volume", \.soundVolume, "The open, close and paging sounds, from 0 (silent) to 1.", in: 0...1),
    ]
}
