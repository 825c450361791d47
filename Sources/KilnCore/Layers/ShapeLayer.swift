/// How overlapping subpaths decide what is inside.
public enum FillRule: String, Sendable, Codable {
    /// A point is inside when the path winds around it any number of times other than zero.
    case nonZero
    /// A point is inside when a ray from it crosses the path an odd number of times.
    case evenOdd
}

/// How the ends of open strokes are drawn.
public enum LineCap: String, Sendable, Codable {
    /// The stroke stops square at the end point.
    case butt
    /// A half circle rounds the end.
    case round
    /// A half square extends past the end.
    case square
}

/// How stroke segments meet.
public enum LineJoin: String, Sendable, Codable {
    /// A sharp corner, bevelled past `miterLimit`.
    case miter
    /// A rounded corner.
    case round
    /// A corner cut off straight.
    case bevel
}

/// A layer that draws a vector path, filled and/or stroked, like `CAShapeLayer`.
public final class ShapeLayer: Layer {
    /// The shape, in the layer's own coordinates.
    public var path = Path() { didSet { invalidateContent() } }
    /// `nil` draws no fill (Core Animation's default is black; Kiln's is none).
    public var fillColor: Color? { didSet { contentChanged(.fillColor, from: oldValue ?? .clear) } }
    /// Which parts of a self-crossing path are filled.
    public var fillRule: FillRule = .nonZero { didSet { invalidateContent() } }
    /// The colour the outline is stroked in; `nil` strokes nothing.
    public var strokeColor: Color? { didSet { contentChanged(.strokeColor, from: oldValue ?? .clear) } }
    /// The stroke's width in points.
    public var lineWidth: Double = 1 { didSet { contentChanged(.lineWidth, from: oldValue) } }
    /// How open ends of the stroke are drawn.
    public var lineCap: LineCap = .butt { didSet { invalidateContent() } }
    /// How corners of the stroke are drawn.
    public var lineJoin: LineJoin = .miter { didSet { invalidateContent() } }
    /// How long a mitred corner may grow, in line widths, before it is bevelled.
    public var miterLimit: Double = 10 { didSet { invalidateContent() } }
    /// Where along the path's length (0…1) the stroke starts.
    public var strokeStart: Double = 0 { didSet { contentChanged(.strokeStart, from: oldValue) } }
    /// Where along the path's length (0…1) the stroke ends.
    public var strokeEnd: Double = 1 { didSet { contentChanged(.strokeEnd, from: oldValue) } }
    /// Dash and gap lengths in points; empty for a solid stroke.
    public var lineDashPattern: [Double] = [] { didSet { invalidateContent() } }
    /// How far into the dash pattern the stroke starts.
    public var lineDashPhase: Double = 0 { didSet { invalidateContent() } }

    /// The path drawn by the stroke: the whole path trimmed to `strokeStart…strokeEnd`.
    public var strokedPath: Path {
        (strokeStart <= 0 && strokeEnd >= 1) ? path : path.trimmed(from: strokeStart, to: strokeEnd)
    }

    /// With nothing of the layer's own behind it (no background, border or contents), only
    /// the path's reach, its stroke and its shadow: an ember line along a card rasterizes a
    /// strip, not the card. Each side moves in by whole points, so that the content lands on
    /// the same pixel grid as it would in the whole rectangle.
    public override var contentBounds: Rect {
        let whole = super.contentBounds
        guard backgroundColor == nil, borderWidth == 0, contents == nil, !path.isEmpty else { return whole }
        let reach = strokeReach + super.contentOutset
        let wanted = path.controlPointBounds.insetBy(dx: -reach, dy: -reach)
        guard let inside = wanted.intersection(whole) else { return Rect(origin: whole.origin, size: .zero) }
        let left = (inside.minX - whole.minX).rounded(.down), top = (inside.minY - whole.minY).rounded(.down)
        let right = (whole.maxX - inside.maxX).rounded(.down), bottom = (whole.maxY - inside.maxY).rounded(.down)
        return Rect(x: whole.minX + left, y: whole.minY + top,
                    width: whole.width - left - right, height: whole.height - top - bottom)
    }

    /// How far a stroke reaches past the path, at most.
    private var strokeReach: Double {
        strokeColor == nil ? 0 : lineWidth * (lineJoin == .miter ? miterLimit / 2 : 1)
    }

    public override var contentOutset: Double {
        let stroke = strokeReach
        let reach = path.controlPointBounds
        let pathReach = path.isEmpty ? 0 : max(
            bounds.minX - reach.minX, bounds.minY - reach.minY,
            reach.maxX - bounds.maxX, reach.maxY - bounds.maxY, 0)
        return super.contentOutset + stroke + pathReach
    }

    public override var hasContent: Bool {
        super.hasContent || (!path.isEmpty && (fillColor != nil || strokeColor != nil))
    }
}
