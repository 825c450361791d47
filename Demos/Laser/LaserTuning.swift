import Kiln

/// Every threshold, colour and duration of the laser scene, with its default (L1–L9 in
/// docs/behaviour.md).
///
/// Each property holds the tuning key named in its comment. What a value means is written
/// once, in `LaserTuning.fields`, which also writes `Resources/Tuning/laser.toml`.
public struct LaserTuning: Sendable {
    /// `beam.height_fraction`
    public var beamFraction = 0.62
    /// `beam.ignition_duration`
    public var ignitionDuration = 0.35
    /// `beam.flicker`
    public var flicker = 0.08
    /// `beam.core`
    public var beamCore = Color(hex: 0xFFF1F1)
    /// `beam.color`
    public var beamColor = Color(hex: 0xFF2A2A)
    /// `beam.spill_height`
    public var spillHeight = 120.0
    /// `beam.spill_opacity`
    public var spillOpacity = 0.55
    /// `hint.delay`
    public var hintDelay = 4.0
    /// `card.delete_threshold`
    public var deleteThreshold = 0.60
    /// `card.finish_duration`
    public var finishDuration = 0.4
    /// `toast.duration`
    public var toastDuration = 4.0
    /// `cutting.impact_interval`
    public var impactInterval = 0.06
    /// `char.max_layers`
    public var maxCharLayers = 6
    /// `card.return_spring`
    public var returnSpring = Spring(dampingRatio: 0.72, response: 0.45)
    /// `card.colors`
    public var cardColors = [Color(hex: 0x6C5CE7), Color(hex: 0xE84393)]

    public init() {}
}
