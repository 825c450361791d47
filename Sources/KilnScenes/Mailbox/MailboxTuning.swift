import KilnCore

/// Every threshold, colour and duration of the Mailbox scene (SPEC M1–M10).
public struct MailboxTuning: Sendable {
    /// From this translation on (in points, either way) a release acts (M2, M6); below it
    /// the message returns. The value itself belongs to the acting zone (M8).
    public var actionThreshold = 60.0
    /// From this translation on the second action takes over: list (M3) or delete (M7).
    public var secondThreshold = 260.0
    /// The revealed background in each zone (M1–M7).
    public var neutralColor = Color(hex: 0xE3E3E3)
    public var laterColor = Color(hex: 0xFFD320)
    public var listColor = Color(hex: 0xD8A675)
    public var archiveColor = Color(hex: 0x62D962)
    public var deleteColor = Color(hex: 0xEF540C)
    /// The title bar's colour for the Later, Inbox and Archive views (M9).
    public var segmentColors = [Color(hex: 0xFFC31F), Color(hex: 0x45B0E5), Color(hex: 0x52C95E)]
    /// Where an icon sits, in points from the row's edge to the icon's centre.
    public var iconInset = 30.0
    /// The spring that brings a message back to 0 (M1, M5).
    public var returnSpring = Spring(dampingRatio: 0.78, response: 0.38)
    /// Seconds for a released message to slide off the row (M2, M3, M6, M7).
    public var slideOffDuration = 0.28
    /// Seconds for a cleared row to collapse and the rows below to move up (M4).
    public var collapseDuration = 0.3
    /// Whether a cleared message comes back on its own (M10), and after how long.
    public var demoReturn = true
    public var demoReturnDelay = 1.5
    /// How far the side menu opens, in points (M9).
    public var menuWidth = 276.0
    /// The springs of the menu, the compose view and the segment swipe (M9).
    public var menuSpring = Spring(dampingRatio: 0.86, response: 0.38)
    public var composeSpring = Spring(dampingRatio: 0.88, response: 0.42)
    public var segmentSpring = Spring(dampingRatio: 0.9, response: 0.4)
    /// Shake to undo: reversals needed and the window they must fall in (M9).
    public var shakeReversals = 3
    public var shakeWindow = 0.6

    public init() {}
}
