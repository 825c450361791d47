/// The geometry of a gradient.
public enum GradientType: String, Sendable, Codable {
    /// Along the line from `startPoint` to `endPoint`.
    case axial
    /// Circles centred at `startPoint`, reaching `endPoint` at the last colour.
    case radial
    /// Around `startPoint`, starting in the direction of `endPoint`, clockwise.
    case conic
}

/// A layer filled with a colour gradient, like `CAGradientLayer`, optionally inside a path.
public final class GradientLayer: Layer {
    /// How the colours spread: along a line, or out from a centre.
    public var type: GradientType = .axial { didSet { invalidateContent() } }
    /// The gradient's colours, in order from `startPoint` to `endPoint`.
    public var colors: [Color] = [] { didSet { contentChanged(.colors, from: oldValue) } }
    /// Stops 0…1 for each colour; `nil` spreads them evenly.
    public var locations: [Double]? { didSet { invalidateContent() } }
    /// In unit coordinates of the bounds.
    public var startPoint = Point(x: 0.5, y: 0) { didSet { invalidateContent() } }
    /// In unit coordinates of the bounds.
    public var endPoint = Point(x: 0.5, y: 1) { didSet { invalidateContent() } }
    /// When set, the gradient fills only this path (in the layer's coordinates).
    public var maskPath: Path? { didSet { invalidateContent() } }

    /// Colour stops with their locations, evenly spread when `locations` is absent or short.
    public var stops: [(location: Double, color: Color)] {
        guard colors.count > 1 else { return colors.map { (0, $0) } }
        if let locations, locations.count == colors.count {
            return Array(zip(locations, colors))
        }
        let last = Double(colors.count - 1)
        return colors.enumerated().map { (Double($0.offset) / last, $0.element) }
    }

    public override var hasContent: Bool { super.hasContent || !colors.isEmpty }
}
