/// Sides of the canvas, for a screen edge pan.
public struct RectEdges: OptionSet, Hashable, Sendable {
    /// One bit per edge.
    public let rawValue: Int

    /// Edges from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The side at the smallest x.
    public static let left = RectEdges(rawValue: 1)
    /// The side at the largest x.
    public static let right = RectEdges(rawValue: 2)
    /// The side at the smallest y.
    public static let top = RectEdges(rawValue: 4)
    /// The side at the largest y.
    public static let bottom = RectEdges(rawValue: 8)
    /// Every side.
    public static let all: RectEdges = [.left, .right, .top, .bottom]
}

/// A pan that only starts near an edge of the canvas, like iOS's swipe from the screen edge.
///
/// The touch must come down within `edgeMargin` of one of `edges`, measured in canvas
/// points against `canvasRect`; otherwise the recognizer fails at once.
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges a pan may start from.
    public var edges: RectEdges
    /// How close to an edge, in canvas points, the touch must come down.
    public var edgeMargin: Double = 20
    /// The canvas in canvas points; `nil` uses the frame of the attached layer's root.
    public var canvasRect: Rect?

    /// An edge pan from the given edges (the left one unless told).
    public init(edges: RectEdges = .left) {
        self.edges = edges
        super.init()
    }

    /// An edge pan from the left edge.
    public required convenience init() {
        self.init(edges: .left)
    }

    /// Whether a canvas point lies within the margin of one of the edges.
    public func isNearEdge(_ p: Point) -> Bool {
        guard let canvas = canvasRect ?? rootFrame else { return false }
        return (edges.contains(.left) && p.x - canvas.minX <= edgeMargin)
            || (edges.contains(.right) && canvas.maxX - p.x <= edgeMargin)
            || (edges.contains(.top) && p.y - canvas.minY <= edgeMargin)
            || (edges.contains(.bottom) && canvas.maxY - p.y <= edgeMargin)
    }

    override public func pointerBegan(_ event: PointerEvent) {
        let isFirst = numberOfPointers == 1
        super.pointerBegan(event)
        if isFirst && !isNearEdge(event.location) {
            transition(to: .failed)
        }
    }

    private var rootFrame: Rect? {
        var root = layer
        while let parent = root?.superlayer { root = parent }
        return root?.frame
    }
}
