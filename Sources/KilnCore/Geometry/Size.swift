/// A width and a height in canvas points.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// A size `width` by `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Convenience for literals: `Size(390, 844)`.
    public init(_ width: Double, _ height: Double) {
        self.init(width: width, height: height)
    }

    /// No width and no height.
    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(width)×\(height)" }

    /// Both dimensions times `s`.
    public static func * (a: Size, s: Double) -> Size { Size(width: a.width * s, height: a.height * s) }
}
