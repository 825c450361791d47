import Foundation

/// A vector path of subpaths made of lines and Bézier curves, in a layer's coordinates.
///
/// Arcs, ellipses and rounded corners are stored as cubic Béziers, so that every consumer
/// (length, trimming, the rasterizer) handles only four kinds of element.
public struct Path: Hashable, Sendable {
    /// One drawing command.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at `to`.
        case move(to: Point)
        /// A straight line to `to`.
        case line(to: Point)
        /// A quadratic Bézier curve to `to`, pulled towards `control`.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve to `to`, pulled towards `control1` then `control2`.
        case curve(to: Point, control1: Point, control2: Point)
        /// A straight line back to the subpath's start, closing it.
        case closeSubpath
    }

    /// The commands, in order.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// A path of `elements`, in order.
    public init(elements: [Element]) {
        self.elements = elements
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Where the last command left the pen, if anywhere.
    public var currentPoint: Point? {
        var start: Point?
        var current: Point?
        for e in elements {
            switch e {
            case .move(let p): start = p; current = p
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _): current = p
            case .closeSubpath: current = start
            }
        }
        return current
    }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) { elements.append(.move(to: p)) }

    /// A line from the current point; starts a subpath at `p` when there is none.
    public mutating func addLine(to p: Point) {
        if currentPoint == nil { move(to: p) } else { elements.append(.line(to: p)) }
    }

    /// Adds a quadratic Bézier curve to `p`, pulled towards `control`.
    public mutating func addQuadCurve(to p: Point, control: Point) {
        elements.append(.quadCurve(to: p, control: control))
    }

    /// Adds a cubic Bézier curve to `p`, pulled towards `control1` then `control2`.
    public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: p, control1: control1, control2: control2))
    }

    /// Closes the current subpath with a straight line back to its start.
    public mutating func closeSubpath() { elements.append(.closeSubpath) }

    /// Appends every element of `other`.
    public mutating func addPath(_ other: Path) { elements.append(contentsOf: other.elements) }

    /// An arc of a circle, angles in radians measured from the positive x axis; with
    /// `clockwise` true the angle grows (clockwise on screen, as y grows downwards).
    /// A line joins the current point to the arc's start, as in Core Graphics.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double,
                                endAngle: Double, clockwise: Bool = true) {
        var sweep = endAngle - startAngle
        let full = 2 * Double.pi
        if clockwise {
            while sweep < 0 { sweep += full }
            if sweep > full { sweep = full }
        } else {
            while sweep > 0 { sweep -= full }
            if sweep < -full { sweep = -full }
        }
        let start = Point(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        guard sweep != 0, radius > 0 else { return }
        // Up to a quarter turn per cubic keeps the error under 0.03 % of the radius.
        let pieces = Int((abs(sweep) / (Double.pi / 2)).rounded(.up))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + step
            let p0 = Point(x: cos(angle), y: sin(angle))
            let p1 = Point(x: cos(next), y: sin(next))
            let c1 = Point(x: p0.x - k * p0.y, y: p0.y + k * p0.x)
            let c2 = Point(x: p1.x + k * p1.y, y: p1.y - k * p1.x)
            func place(_ p: Point) -> Point { Point(x: center.x + radius * p.x, y: center.y + radius * p.y) }
            addCurve(to: place(p1), control1: place(c1), control2: place(c2))
            angle = next
        }
    }

    /// The box around every point and control point: never smaller than the exact bounds.
    public var controlPointBounds: Rect {
        Rect(enclosing: elements.flatMap { e -> [Point] in
            switch e {
            case .move(let p), .line(let p): return [p]
            case .quadCurve(let p, let c): return [p, c]
            case .curve(let p, let c1, let c2): return [p, c1, c2]
            case .closeSubpath: return []
            }
        })
    }

    /// The path with every point transformed.
    public func applying(_ t: Transform) -> Path {
        Path(elements: elements.map { e in
            switch e {
            case .move(let p): return .move(to: t.apply(to: p))
            case .line(let p): return .line(to: t.apply(to: p))
            case .quadCurve(let p, let c): return .quadCurve(to: t.apply(to: p), control: t.apply(to: c))
            case .curve(let p, let c1, let c2):
                return .curve(to: t.apply(to: p), control1: t.apply(to: c1), control2: t.apply(to: c2))
            case .closeSubpath: return .closeSubpath
            }
        })
    }
}

// MARK: - Shapes

extension Path {
    /// A closed rectangle, clockwise from the top-left.
    public init(rect: Rect) {
        self.init()
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// A rectangle with circular corners; the radius is capped at half the shorter side.
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        guard r > 0 else { self.init(rect: rect); return }
        self.init()
        let half = Double.pi / 2
        move(to: Point(x: rect.minX + r, y: rect.minY))
        addLine(to: Point(x: rect.maxX - r, y: rect.minY))
        addArc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -half, endAngle: 0)
        addLine(to: Point(x: rect.maxX, y: rect.maxY - r))
        addArc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: half)
        addLine(to: Point(x: rect.minX + r, y: rect.maxY))
        addArc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: half, endAngle: 2 * half)
        addLine(to: Point(x: rect.minX, y: rect.minY + r))
        addArc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: 2 * half, endAngle: 3 * half)
        closeSubpath()
    }

    /// An ellipse filling `rect`, starting at 3 o'clock and running clockwise.
    public init(ellipseIn rect: Rect) {
        self.init()
        guard rect.width > 0, rect.height > 0 else { return }
        var circle = Path()
        circle.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * Double.pi)
        circle.closeSubpath()
        let t = Transform(scaleX: rect.width / 2, y: rect.height / 2)
            .concatenating(Transform(translationX: rect.midX, y: rect.midY))
        self = circle.applying(t)
    }

    /// A circle that starts at 12 o'clock and runs clockwise, the way a progress ring fills.
    public init(circleCenter center: Point, radius: Double) {
        self.init()
        addArc(center: center, radius: radius, startAngle: -Double.pi / 2,
               endAngle: 3 * Double.pi / 2)
    }

    /// A closed polygon through the points in order.
    public init(polygon points: [Point]) {
        self.init()
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
        closeSubpath()
    }
}
