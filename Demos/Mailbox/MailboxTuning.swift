import Kiln

/// Every threshold, colour and duration of the Mailbox scene, with its default (M1–M10 in
/// docs/behaviour.md).
///
/// Each property holds the tuning key named in its comment. What a value means is written
/// once, in `MailboxTuning.fields`, which also writes `Resources/Tuning/mailbox.toml`.
public struct MailboxTuning: Sendable {
    /// `swipe.action_threshold`
    public var actionThreshold = 60.0
    /// `swipe.second_threshold`
    public var secondThreshold = 260.0
    /// `colors.neutral`
    public var neutralColor = Color(hex: 0xE3E3E3)
    /// `colors.later`
    public var laterColor = Color(hex: 0xFFD320)
    /// `colors.list`
    public var listColor = Color(hex: 0xD8A675)
    /// `colors.archive`
    public var archiveColor = Color(hex: 0x62D962)
    /// `colors.delete`
    public var deleteColor = Color(hex: 0xEF540C)
    /// `colors.segments`
    public var segmentColors = [Color(hex: 0xFFC31F), Color(hex: 0x45B0E5), Color(hex: 0x52C95E)]
    /// `swipe.icon_inset`
    public var iconInset = 30.0
    /// `swipe.return_spring`
    public var returnSpring = Spring(dampingRatio: 0.78, response: 0.38)
    /// `swipe.slide_off_duration`
    public var slideOffDuration = 0.28
    /// `swipe.collapse_duration`
    public var collapseDuration = 0.3
    /// `demo.return`
    public var demoReturn = true
    /// `demo.return_delay`
    public var demoReturnDelay = 1.5
    /// `menu.width`
    public var menuWidth = 276.0
    /// `menu.spring`
    public var menuSpring = Spring(dampingRatio: 0.86, response: 0.38)
    /// `compose.spring`
    public var composeSpring = Spring(dampingRatio: 0.88, response: 0.42)
    /// `segments.spring`
    public var segmentSpring = Spring(dampingRatio: 0.9, response: 0.4)
    /// `shake.reversals`
    public var shakeReversals = 3
    /// `shake.window`
    public var shakeWindow = 0.6
    /// `sound.panel_volume`
    public var panelVolume = 0.3

    public init() {}
}
