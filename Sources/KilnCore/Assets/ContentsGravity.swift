import Foundation

/// Where a layer's contents (its `contents` bitmap or an `ImageLayer`'s image) sit in its
/// bounds, as Core Animation's `contentsGravity` has it, with `top` at the top of the screen.
public enum ContentsGravity: String, CaseIterable, Sendable {
    /// Stretched to fill the bounds exactly.
    case resize
    /// Scaled to fit inside the bounds, keeping its aspect ratio, centred.
    case resizeAspect
    /// Scaled to cover the bounds, keeping its aspect ratio, centred; the rest is cut off
    /// only when the layer masks to its bounds.
    case resizeAspectFill
    /// At its own size, centred.
    case center
    /// At its own size, centred along the top edge.
    case top
    /// At its own size, centred along the bottom edge.
    case bottom
    /// At its own size, centred along the left edge.
    case left
    /// At its own size, centred along the right edge.
    case right
    /// At its own size, in the top-left corner.
    case topLeft
    /// At its own size, in the top-right corner.
    case topRight
    /// At its own size, in the bottom-left corner.
    case bottomLeft
    /// At its own size, in the bottom-right corner.
    case bottomRight

    /// The rectangle, in the layer's coordinates, that contents of `size` points cover in
    /// `bounds`.
    public func rect(for size: Size, in bounds: Rect) -> Rect {
        guard size.width > 0, size.height > 0 else { return bounds }
        switch self {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            let sx = bounds.width / size.width, sy = bounds.height / size.height
            let s = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return placed(Size(width: size.width * s, height: size.height * s), in: bounds, x: 0.5, y: 0.5)
        case .center: return placed(size, in: bounds, x: 0.5, y: 0.5)
        case .top: return placed(size, in: bounds, x: 0.5, y: 0)
        case .bottom: return placed(size, in: bounds, x: 0.5, y: 1)
        case .left: return placed(size, in: bounds, x: 0, y: 0.5)
        case .right: return placed(size, in: bounds, x: 1, y: 0.5)
        case .topLeft: return placed(size, in: bounds, x: 0, y: 0)
        case .topRight: return placed(size, in: bounds, x: 1, y: 0)
        case .bottomLeft: return placed(size, in: bounds, x: 0, y: 1)
        case .bottomRight: return placed(size, in: bounds, x: 1, y: 1)
        }
    }

    private func placed(_ size: Size, in bounds: Rect, x: Double, y: Double) -> Rect {
        Rect(x: bounds.minX + (bounds.width - size.width) * x, y: bounds.minY + (bounds.height - size.height) * y,
             width: size.width, height: size.height)
    }
}
