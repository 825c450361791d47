/// Horizontal placement of text lines.
public enum TextAlignment: String, Sendable, Codable {
    case left, center, right, justified
}

/// Where text that does not fit is cut.
public enum TextTruncation: String, Sendable, Codable {
    case none, start, middle, end
}

/// A font weight on the usual 100…900 scale.
public struct FontWeight: RawRepresentable, Hashable, Sendable, Codable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let light = FontWeight(rawValue: 300)
    public static let regular = FontWeight(rawValue: 400)
    public static let medium = FontWeight(rawValue: 500)
    public static let semibold = FontWeight(rawValue: 600)
    public static let bold = FontWeight(rawValue: 700)
    public static let heavy = FontWeight(rawValue: 800)
}

/// A layer that draws text laid out in its bounds, like `CATextLayer`.
open class TextLayer: Layer {
    /// The family every scene uses unless it names another; DejaVu Sans stands in when missing.
    public static let defaultFontFamily = "Inter"

    public var string = "" { didSet { invalidateContent() } }
    public var fontFamily = TextLayer.defaultFontFamily { didSet { invalidateContent() } }
    /// The size in points.
    public var fontSize: Double = 17 { didSet { invalidateContent() } }
    public var fontWeight: FontWeight = .regular { didSet { invalidateContent() } }
    public var foregroundColor: Color = .black { didSet { invalidateContent() } }
    public var alignmentMode: TextAlignment = .left { didSet { invalidateContent() } }
    /// Wrap at word boundaries within the bounds' width.
    public var isWrapped = false { didSet { invalidateContent() } }
    public var truncationMode: TextTruncation = .none { didSet { invalidateContent() } }
    /// Centre the text block vertically in the bounds instead of starting at the top.
    public var isVerticallyCentered = false { didSet { invalidateContent() } }

    open override var hasContent: Bool { super.hasContent || !string.isEmpty }
}
