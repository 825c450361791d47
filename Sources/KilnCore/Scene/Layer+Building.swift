
/// Small factories that keep scene construction readable.
extension TextLayer {
    /// A text layer with its frame, string and font set.
    public static func make(_ string: String, frame: Rect, size: Double, weight: FontWeight = .regular,
                     color: Color = Palette.label, alignment: TextAlignment = .left) -> TextLayer {
        let layer = TextLayer()
        layer.frame = frame
        layer.string = string
        layer.fontSize = size
        layer.fontWeight = weight
        layer.foregroundColor = color
        layer.alignmentMode = alignment
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
