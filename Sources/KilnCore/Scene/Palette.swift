
/// Colours close to iOS's system palette, shared by Kiln's own screens and free for a
/// prototype's.
public enum Palette {
    /// The grey behind grouped cards.
    public static let groupedBackground = Color(hex: 0xF2F2F7)
    /// A card's white face.
    public static let card = Color.white
    /// Primary text: near-black.
    public static let label = Color(hex: 0x1C1C1E)
    /// Secondary text: mid grey.
    public static let secondaryLabel = Color(hex: 0x6C6C70)
    /// Hairlines between rows.
    public static let separator = Color(hex: 0xC6C6C8)
    /// The accent blue of links and buttons.
    public static let tint = Color(hex: 0x0A84FF)
    /// Grey for secondary marks: inactive icons, a neutral place's badge (iOS's system grey).
    public static let gray = Color(hex: 0x8E8E93)
    /// A light grey for rules and faint outlines (iOS's fourth system grey).
    public static let gray4 = Color(hex: 0xD1D1D6)
    /// iOS's system red: destructive actions, alerts.
    public static let red = Color(hex: 0xFF3B30)
    /// iOS's system orange.
    public static let orange = Color(hex: 0xFF9500)
    /// iOS's system green: confirmation, "on".
    public static let green = Color(hex: 0x34C759)
    /// iOS's system teal.
    public static let teal = Color(hex: 0x30B0C7)
    /// iOS's system indigo.
    public static let indigo = Color(hex: 0x5856D6)
    /// iOS's system purple.
    public static let purple = Color(hex: 0xAF52DE)
    /// The near-black of dark cards.
    public static let night = Color(hex: 0x15151A)
}
