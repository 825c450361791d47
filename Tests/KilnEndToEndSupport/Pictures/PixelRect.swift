/// A rectangle of whole pixels.
public struct PixelRect: Sendable {
    /// The top-left pixel.
    public var x: Int, y: Int
    /// The size in pixels.
    public var width: Int, height: Int

    /// The rectangle at `x`, `y`, `width` by `height` pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether pixel (`column`, `row`) lies inside.
    public func contains(_ column: Int, _ row: Int) -> Bool {
        column >= x && column < x + width && row >= y && row < y + height
    }
}
