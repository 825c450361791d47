import KilnCore

/// Every threshold, size, colour and duration of the pressure confirm ring (P1–P9).
public struct PressureTuning: Sendable {
    /// The pressure (0…1 of the pen's range) that counts as a full press (P2): the role of
    /// the iPhone's cap of 3.0 force.
    public var fullPress = 0.45
    /// What the timed fallback adds at each of its ticks, for a pointer without pressure (P2).
    public var timedStep = 0.05
    /// Seconds between the timed fallback's ticks (P2).
    public var timedInterval = 0.1
    /// The intention must be above this to count as full (P4).
    public var fullThreshold = 0.97
    /// Once full, the intention stays full until release (P4, beyond).
    public var latchesWhenFull = true

    /// The ring's diameter, which is also the container's side, in points (P1).
    public var ringDiameter = 70.0
    /// The ring's stroke width in points (P1).
    public var ringLineWidth = 1.0
    /// The radius of the ring's glow (P1).
    public var glowRadius = 2.0
    /// The opacity of the faint full circle under the ring, so the target shows before it fills (beyond).
    public var trackOpacity = 0.16
    /// The ring's colour while idle or updating (P1).
    public var idleColor = Color.white
    /// The ring's colour when selected (P4).
    public var selectedColor = Color(hex: 0xFF453A)
    /// The ring's colour when confirmed (P4).
    public var confirmedColor = Color(hex: 0x30D158)
    /// The ring's scale when selected (P4).
    public var selectedScale = 1.1
    /// The ring's scale when confirmed (P4).
    public var confirmedScale = 1.3
    /// Seconds over which colour, scale and label change on a state change (P6).
    public var transitionDuration = 0.15
    /// The ring label's font size (P1).
    public var labelFontSize = 12.0

    /// How long the "Photo deleted · Undo" toast stays (P5).
    public var toastDuration = 4.0
    /// The hover dot's diameter in points (P8).
    public var hoverDotDiameter = 10.0
    /// Seconds without a hover event after which the hover dot fades (P8).
    public var hoverTimeout = 0.35
    /// Seconds of history the HUD's pressure graph shows (P7).
    public var graphDuration = 3.0

    public init() {}
}
