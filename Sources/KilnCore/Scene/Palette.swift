
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
    /// The near-black of dark cards.
    public static let night = Color(hex: 0x15151A)
}
