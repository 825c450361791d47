import Kiln

/// Every threshold, size, colour and duration of the pressure confirm ring, with its
/// default (P1–P9 in docs/behaviour.md).
///
/// Each property holds the tuning key named in its comment. What a value means is written
/// once, in `PressureTuning.fields`, which also writes `Resources/Tuning/pressure.toml`.
public struct PressureTuning: Sendable {
    /// `intention.full_press`
    public var fullPress = 0.45
    /// `intention.timed_step`
    public var timedStep = 0.05
    /// `intention.timed_interval`
    public var timedInterval = 0.1
    /// `intention.full_threshold`
    public var fullThreshold = 0.97
    /// `intention.latch`
    public var latchesWhenFull = true
    /// `ring.diameter`
    public var ringDiameter = 70.0
    /// `ring.line_width`
    public var ringLineWidth = 1.0
    /// `ring.glow_radius`
    public var glowRadius = 2.0
    /// `ring.track_opacity`
    public var trackOpacity = 0.16
    /// `ring.idle_color`
    public var idleColor = Color.white
    /// `ring.selected_color`
    public var selectedColor = Color(hex: 0xFF453A)
    /// `ring.confirmed_color`
    public var confirmedColor = Color(hex: 0x30D158)
    /// `ring.selected_scale`
    public var selectedScale = 1.1
    /// `ring.confirmed_scale`
    public var confirmedScale = 1.3
    /// `ring.transition_duration`
    public var transitionDuration = 0.15
    /// `ring.label_size`
    public var labelFontSize = 12.0
    /// `toast.duration`
    public var toastDuration = 4.0
    /// `hover.dot_diameter`
    public var hoverDotDiameter = 10.0
    /// `hover.timeout`
    public var hoverTimeout = 0.35
    /// `hud.graph_duration`
    public var graphDuration = 3.0
    /// `sound.selected_volume`
    public var selectedVolume = 0.4
    /// `sound.confirmed_volume`
    public var confirmedVolume = 0.4

    public init() {}
}
