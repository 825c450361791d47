import KilnCore

/// Every threshold, colour and duration of the laser scene (SPEC L1–L8).
public struct LaserTuning: Sendable {
    /// The beam's height as a fraction of the canvas height (L1).
    public var beamFraction = 0.62
    /// How long the beam takes to grow from the centre to the edges (L2).
    public var ignitionDuration = 0.35
    /// How much the glow flickers while on, as a fraction (L2).
    public var flicker = 0.08
    /// The beam's core and glow colours.
    public var beamCore = Color(hex: 0xFFF1F1)
    public var beamColor = Color(hex: 0xFF2A2A)
    /// How far the light spill reaches above and below the beam, in points.
    public var spillHeight = 120.0
    /// The spill's opacity at the beam.
    public var spillOpacity = 0.55
    /// Idle time before the hint nudges the card (L4).
    public var hintDelay = 4.0
    /// The share of the card's height that must pass the beam for a delete (L8): more than this.
    public var deleteThreshold = 0.60
    /// Seconds for the card to finish going through after a release past the threshold (L8).
    public var finishDuration = 0.4
    /// How long the "Pocket deleted · Undo" toast stays (L8).
    public var toastDuration = 4.0
    /// Interval of the felt impacts while cutting (L7).
    public var impactInterval = 0.06
    /// Char layers kept at most (L5).
    public var maxCharLayers = 6
    /// The spring that brings a spared card home (L8).
    public var returnSpring = Spring(dampingRatio: 0.72, response: 0.45)
    /// The card's gradient.
    public var cardColors = [Color(hex: 0x6C5CE7), Color(hex: 0xE84393)]

    public init() {}
}
