import KilnCore

/// Colours shared by the app's own screens (launcher, gallery), close to iOS's system palette.
enum Palette {
    static let groupedBackground = Color(hex: 0xF2F2F7)
    static let card = Color.white
    static let label = Color(hex: 0x1C1C1E)
    static let secondaryLabel = Color(hex: 0x6C6C70)
    static let separator = Color(hex: 0xC6C6C8)
    static let tint = Color(hex: 0x0A84FF)
    static let night = Color(hex: 0x15151A)
    static let laserRed = Color(hex: 0xFF2D2D)
}
