// Where a window is, and where canvas points land in it.

/// A window's position and size in screen pixels.
public struct WindowGeometry: Equatable, Sendable {
    /// The top-left corner on the screen.
    public var x: Int, y: Int
    /// The size.
    public var width: Int, height: Int

    /// Where canvas point (`x`, `y`) of a `canvasWidth`×`canvasHeight` canvas lands in this window,
    /// in window pixels: the canvas is scaled to fit and centred (letterboxed) in what is left
    /// of the window beside a panel `panel` pixels wide at its right edge (the tweak panel).
    public func windowPoint(canvasX x: Double, canvasY y: Double,
                            canvasWidth: Double = 390, canvasHeight: Double = 844,
                            besidePanel panel: Double = 0) -> (x: Int, y: Int) {
        let area = Double(width) - panel
        let scale = min(area / canvasWidth, Double(height) / canvasHeight)
        let offsetX = (area - canvasWidth * scale) / 2
        let offsetY = (Double(height) - canvasHeight * scale) / 2
        return (Int((offsetX + x * scale).rounded(.down)), Int((offsetY + y * scale).rounded(.down)))
    }
}
