import Foundation

/// A convex polygon, vertices in order (either winding): the shape of a clip region.
public struct ConvexPolygon: Hashable, Sendable {
    /// The corners, in order around the polygon.
    public var vertices: [Point]

    /// A polygon through `vertices`, in order around it.
    public init(_ vertices: [Point]) {
        self.vertices = vertices
    }

    /// The rectangle as a polygon.
    public init(rect: Rect) {
        self.init(rect.corners)
    }

    /// A rounded rectangle approximated by straight segments, `segmentsPerCorner` per quarter.
    public init(roundedRect rect: Rect, cornerRadius: Double, segmentsPerCorner: Int = 8) {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        guard r > 0 else { self.init(rect: rect); return }
        let centers = [Point(x: rect.maxX - r, y: rect.minY + r), Point(x: rect.maxX - r, y: rect.maxY - r),
                       Point(x: rect.minX + r, y: rect.maxY - r), Point(x: rect.minX + r, y: rect.minY + r)]
        var points: [Point] = []
        for (i, c) in centers.enumerated() {
            let start = -Double.pi / 2 + Double(i) * Double.pi / 2
            for s in 0...segmentsPerCorner {
                let angle = start + Double(s) / Double(segmentsPerCorner) * Double.pi / 2
                points.append(Point(x: c.x + r * _cos(angle), y: c.y + r * _sin(angle)))
            }
        }
        self.init(points)
    }

    /// Whether it has fewer than three vertices, and so no area.
    public var isEmpty: Bool { vertices.count < 3 }

    /// The smallest rectangle holding every vertex.
    public var bounds: Rect { Rect(enclosing: vertices) }

    /// The polygon with every vertex transformed (an affine map keeps it convex).
    public func applying(_ t: Transform) -> ConvexPolygon {
        ConvexPolygon(vertices.map { t.apply(to: $0) })
    }

    /// Twice the signed area: positive when clockwise on screen (y down).
    var signedArea2: Double {
        var sum = 0.0
        for i in vertices.indices {
            let a = vertices[i], b = vertices[(i + 1) % vertices.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }

    /// Whether the point is inside or on the edge.
    public func contains(_ p: Point) -> Bool {
        guard !isEmpty else { return false }
        let sign = signedArea2 >= 0 ? 1.0 : -1.0
        for i in vertices.indices {
            let a = vertices[i], b = vertices[(i + 1) % vertices.count]
            if sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) < -1e-9 { return false }
        }
        return true
    }

    /// The part of `subject` inside this polygon (Sutherland–Hodgman). `subject` need not be
    /// convex for the result to be right when this one is.
    public func clip(_ subject: [Point]) -> [Point] {
        guard !isEmpty else { return [] }
        let sign = signedArea2 >= 0 ? 1.0 : -1.0
        var output = subject
        for i in vertices.indices where !output.isEmpty {
            let a = vertices[i], b = vertices[(i + 1) % vertices.count]
            func side(_ p: Point) -> Double { sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) }
            let input = output
            output.removeAll(keepingCapacity: true)
            for j in input.indices {
                let p = input[j], q = input[(j + 1) % input.count]
                let sp = side(p), sq = side(q)
                if sp >= 0 { output.append(p) }
                if (sp >= 0) != (sq >= 0) { output.append(p.interpolated(to: q, t: sp / (sp - sq))) }
            }
        }
        return output
    }

    /// The overlap of two convex polygons.
    public func intersection(_ other: ConvexPolygon) -> ConvexPolygon {
        ConvexPolygon(clip(other.vertices))
    }
}

@inline(__always) private func _cos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func _sin(_ x: Double) -> Double { sin(x) }
