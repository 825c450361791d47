/// Horizontal placement of text lines.
public enum TextAlignment: String, Sendable, Codable {
    /// Lines start at the left edge.
    case left
    /// Lines are centred.
    case center
    /// Lines end at the right edge.
    case right
    /// Lines but the last fill the width.
    case justified
}

/// Where text that does not fit is cut.
public enum TextTruncation: String, Sendable, Codable {
    /// Text that does not fit is cut off.
    case none
    /// An ellipsis replaces the start.
    case start
    /// An ellipsis replaces the middle.
    case middle
    /// An ellipsis replaces the end.
    case end
}

/// A font weight on the usual 100…900 scale.
public struct FontWeight: RawRepresentable, Hashable, Sendable, Codable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Weight 300.
    public static let light = FontWeight(rawValue: 300)
    /// Weight 400, the default.
    public static let regular = FontWeight(rawValue: 400)
    /// Weight 500.
    public static let medium = FontWeight(rawValue: 500)
    /// Weight 600.
    public static let semibold = FontWeight(rawValue: 600)
    /// Weight 700.
    public static let bold = FontWeight(rawValue: 700)
    /// Weight 800.
    public static let heavy = FontWeight(rawValue: 800)
}

/// A layer that draws text laid out in its bounds, like `CATextLayer`.
public final class TextLayer: Layer {
    /// The family every scene uses unless it names another; DejaVu Sans stands in when missing.
    public static let defaultFontFamily = "Inter"

    /// The text drawn.
    public var string = "" { didSet { invalidateContent() } }
    /// The font family, looked up through fontconfig.
    public var fontFamily = TextLayer.defaultFontFamily { didSet { invalidateContent() } }
    /// The size in points.
    public var fontSize: Double = 17 { didSet { invalidateContent() } }
    /// The font's weight.
    public var fontWeight: FontWeight = .regular { didSet { invalidateContent() } }
    /// The text's colour.
    public var foregroundColor: Color = .black { didSet { invalidateContent() } }
    /// How lines sit between the layer's left and right edges.
    public var alignmentMode: TextAlignment = .left { didSet { invalidateContent() } }
    /// Wrap at word boundaries within the bounds' width.
    public var isWrapped = false { didSet { invalidateContent() } }
    /// Where an ellipsis replaces text that does not fit.
    public var truncationMode: TextTruncation = .none { didSet { invalidateContent() } }
    /// Centre the text block vertically in the bounds instead of starting at the top.
    public var isVerticallyCentered = false { didSet { invalidateContent() } }

    public override var hasContent: Bool { super.hasContent || !string.isEmpty }
}
