
/// Small factories that keep scene construction readable.
extension TextLayer {
    /// A text layer with its frame, string and font set.
    ///
    /// Text that does not fit is cut off unless `truncation` puts an ellipsis in its place;
    /// `isVerticallyCentered` centres one line of text in a taller frame, as on a button.
    ///
    /// ```swift
    /// let title = TextLayer.make("Ritual Coffee Roasters", frame: Rect(66, 11, 300, 22), size: 17,
    ///                            weight: .medium, truncation: .end)
    /// ```
    public static func make(_ string: String, frame: Rect, size: Double, weight: FontWeight = .regular,
                     color: Color = Palette.label, alignment: TextAlignment = .left,
                     truncation: TextTruncation = .none, isVerticallyCentered: Bool = false) -> TextLayer {
        let layer = TextLayer()
        layer.frame = frame
        layer.string = string
        layer.fontSize = size
        layer.fontWeight = weight
        layer.foregroundColor = color
        layer.alignmentMode = alignment
        layer.truncationMode = truncation
        layer.isVerticallyCentered = isVerticallyCentered
        return layer
    }
}

extension Layer {
    /// A plain layer with a frame and optional fill and corner radius.
    public static func make(frame: Rect, color: Color? = nil, cornerRadius: Double = 0, name: String? = nil) -> Layer {
        let layer = Layer()
        layer.frame = frame
        layer.backgroundColor = color
        layer.cornerRadius = cornerRadius
        layer.name = name
        return layer
    }

    /// Gives the layer a soft drop shadow, the way iOS cards have one.
    public func applyCardShadow() {
        shadowColor = .black
        shadowOpacity = 0.12
        shadowRadius = 10
        shadowOffset = Point(x: 0, y: 4)
    }
}
