import Foundation

extension Path {
    /// The exact bounding box of every point the path passes through; `.zero` when empty.
    ///
    /// Curves contribute their true extremes (where the derivative vanishes), not their
    /// control points. A lone `move` still counts, as a stroke with round caps draws it.
    public var bounds: Rect {
        var points: [Point] = []
        for subpath in subpaths {
            points.append(subpath.start)
            for segment in subpath.segments {
                points.append(segment.end)
                points.append(contentsOf: segment.extremaParameters.map(segment.point(at:)))
            }
        }
        return Rect(enclosing: points)
    }

    /// The total arc length of all subpaths, including the closing line of closed ones.
    public var length: Double {
        subpaths.reduce(0) { $0 + $1.length }
    }

    /// The point `fraction` of the way along the whole path (clamped to 0…1), measured by
    /// length over all subpaths in order; `nil` when the path draws nothing.
    public func point(atFraction fraction: Double) -> Point? {
        let segments = subpaths.flatMap(\.segments)
        guard let last = segments.last else { return nil }
        var remaining = min(max(fraction, 0), 1) * length
        for segment in segments {
            let segmentLength = segment.length
            if remaining <= segmentLength {
                return segment.point(at: segment.parameter(atLength: remaining, of: segmentLength))
            }
            remaining -= segmentLength
        }
        return last.end
    }
}

// MARK: - Subpaths

/// One continuous run of segments, as the elements describe it after resolving moves and
/// closes; the closing line of a closed subpath is an explicit last segment.
struct PathSubpath {
    var start: Point
    var segments: [PathSegment] = []
    var isClosed = false
    /// The elements this subpath came from, for copying it unchanged.
    var elements: [Path.Element] = []

    var length: Double { segments.reduce(0) { $0 + $1.length } }
}

extension Path {
    /// The elements resolved into subpaths with explicit segments.
    var subpaths: [PathSubpath] {
        var result: [PathSubpath] = []
        var current: PathSubpath?
        for element in elements {
            switch element {
            case .move(let p):
                if let done = current { result.append(done) }
                current = PathSubpath(start: p, elements: [element])
            case .line, .quadCurve, .curve:
                // With no current point the element only places the pen, as `addLine` does.
                guard var open = current else {
                    current = element.endPoint.map { PathSubpath(start: $0, elements: [.move(to: $0)]) }
                    continue
                }
                // Core Graphics continues from the subpath's start after a close.
                if open.isClosed {
                    result.append(open)
                    open = PathSubpath(start: open.start, elements: [.move(to: open.start)])
                }
                open.segments.append(PathSegment(from: open.currentPoint, element: element))
                open.elements.append(element)
                current = open
            case .closeSubpath:
                guard var open = current, !open.isClosed else { continue }
                open.segments.append(.line(open.currentPoint, open.start))
                open.elements.append(element)
                open.isClosed = true
                current = open
            }
        }
        if let done = current { result.append(done) }
        return result
    }
}

extension PathSubpath {
    /// Where the pen is after the last segment.
    var currentPoint: Point { segments.last?.end ?? start }
}

extension Path.Element {
    /// The point the element moves the pen to; `nil` for `closeSubpath`.
    var endPoint: Point? {
        switch self {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): return p
        case .closeSubpath: return nil
        }
    }
}

// MARK: - Segments

/// A single line or Bézier curve with its start point made explicit.
enum PathSegment: Hashable {
    case line(Point, Point)
    case quad(Point, Point, Point)
    case cubic(Point, Point, Point, Point)

    /// The segment an element draws from `start`; `element` must not be a move or a close.
    init(from start: Point, element: Path.Element) {
        switch element {
        case .line(let p): self = .line(start, p)
        case .quadCurve(let p, let c): self = .quad(start, c, p)
        case .curve(let p, let c1, let c2): self = .cubic(start, c1, c2, p)
        case .move, .closeSubpath: preconditionFailure("not a drawing element: \(element)")
        }
    }

    var start: Point {
        switch self {
        case .line(let p0, _), .quad(let p0, _, _), .cubic(let p0, _, _, _): return p0
        }
    }

    var end: Point {
        switch self {
        case .line(_, let p1): return p1
        case .quad(_, _, let p2): return p2
        case .cubic(_, _, _, let p3): return p3
        }
    }

    /// The element that draws this segment from its start.
    var element: Path.Element {
        switch self {
        case .line(_, let p1): return .line(to: p1)
        case .quad(_, let c, let p2): return .quadCurve(to: p2, control: c)
        case .cubic(_, let c1, let c2, let p3): return .curve(to: p3, control1: c1, control2: c2)
        }
    }

    func point(at t: Double) -> Point {
        let u = 1 - t
        switch self {
        case .line(let p0, let p1):
            return p0.interpolated(to: p1, t: t)
        case .quad(let p0, let c, let p2):
            return p0 * (u * u) + c * (2 * u * t) + p2 * (t * t)
        case .cubic(let p0, let c1, let c2, let p3):
            return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p3 * (t * t * t)
        }
    }

    /// The velocity dB/dt at `t`.
    func derivative(at t: Double) -> Point {
        let u = 1 - t
        switch self {
        case .line(let p0, let p1):
            return p1 - p0
        case .quad(let p0, let c, let p2):
            return (c - p0) * (2 * u) + (p2 - c) * (2 * t)
        case .cubic(let p0, let c1, let c2, let p3):
            return (c1 - p0) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (p3 - c2) * (3 * t * t)
        }
    }

    /// The parameters strictly inside 0…1 where x or y reaches a local extreme.
    var extremaParameters: [Double] {
        switch self {
        case .line:
            return []
        case .quad(let p0, let c, let p2):
            return quadExtrema(p0.x, c.x, p2.x) + quadExtrema(p0.y, c.y, p2.y)
        case .cubic(let p0, let c1, let c2, let p3):
            return cubicExtrema(p0.x, c1.x, c2.x, p3.x) + cubicExtrema(p0.y, c1.y, c2.y, p3.y)
        }
    }
}

/// Where one coordinate of a quadratic Bézier turns: B'(t)/2 = (c − p0) + t·(p0 − 2c + p2).
private func quadExtrema(_ p0: Double, _ c: Double, _ p2: Double) -> [Double] {
    interiorRoots(quadratic: 0, p0 - 2 * c + p2, c - p0)
}

/// Where one coordinate of a cubic Bézier turns:
/// B'(t)/3 = (c1 − p0) + 2t·(p0 − 2c1 + c2) + t²·(3c1 − 3c2 + p3 − p0).
private func cubicExtrema(_ p0: Double, _ c1: Double, _ c2: Double, _ p3: Double) -> [Double] {
    let a: Double = 3 * (c1 - c2) + p3 - p0
    let b: Double = 2 * (p0 - 2 * c1 + c2)
    return interiorRoots(quadratic: a, b, c1 - p0)
}

/// The real roots of a·t² + b·t + c strictly between 0 and 1.
private func interiorRoots(quadratic a: Double, _ b: Double, _ c: Double) -> [Double] {
    let scale = max(abs(a), abs(b), abs(c))
    guard scale > 0 else { return [] }
    var roots: [Double] = []
    if abs(a) <= 1e-12 * scale {
        if b != 0 { roots = [-c / b] }
    } else {
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return [] }
        // The stable form avoids cancelling when b² dominates 4ac.
        let q = -0.5 * (b + (b < 0 ? -1 : 1) * discriminant.squareRoot())
        roots = [q / a]
        if q != 0 { roots.append(c / q) }
    }
    return roots.filter { $0 > 0 && $0 < 1 }
}

// MARK: - Arc length

extension PathSegment {
    /// The arc length of the whole segment.
    var length: Double { length(from: 0, to: 1) }

    /// The arc length between two parameters, by adaptive Gauss–Legendre quadrature.
    func length(from t0: Double, to t1: Double) -> Double {
        if case .line(let p0, let p1) = self { return p0.distance(to: p1) * (t1 - t0) }
        guard t1 > t0 else { return 0 }
        let tolerance = 1e-10 * max(hullLength, 1e-9)
        return adaptiveLength(t0, t1, estimate: gaussLegendreLength(t0, t1),
                              tolerance: tolerance, depth: 0)
    }

    /// The parameter at which the arc length from the start reaches `distance`, given the
    /// segment's `total` length; solved by Newton steps kept inside a bisection bracket.
    func parameter(atLength distance: Double, of total: Double) -> Double {
        guard total > 0, distance > 0 else { return 0 }
        guard distance < total else { return 1 }
        if case .line = self { return distance / total }
        var low = 0.0, high = 1.0
        var t = distance / total
        for _ in 0..<60 {
            let error = length(from: 0, to: t) - distance
            if abs(error) <= 1e-12 * total { break }
            if error > 0 { high = t } else { low = t }
            let speed = derivative(at: t).length
            let newton = speed > 0 ? t - error / speed : .nan
            t = newton > low && newton < high ? newton : (low + high) / 2
            if high - low <= 1e-15 { break }
        }
        return t
    }

    /// The length of the control polygon, an upper bound on the arc length.
    private var hullLength: Double {
        switch self {
        case .line(let p0, let p1): return p0.distance(to: p1)
        case .quad(let p0, let c, let p2): return p0.distance(to: c) + c.distance(to: p2)
        case .cubic(let p0, let c1, let c2, let p3):
            return p0.distance(to: c1) + c1.distance(to: c2) + c2.distance(to: p3)
        }
    }

    private func adaptiveLength(_ a: Double, _ b: Double, estimate: Double,
                                tolerance: Double, depth: Int) -> Double {
        let mid = (a + b) / 2
        let left = gaussLegendreLength(a, mid), right = gaussLegendreLength(mid, b)
        if depth >= 24 || abs(left + right - estimate) <= tolerance {
            return left + right
        }
        return adaptiveLength(a, mid, estimate: left, tolerance: tolerance / 2, depth: depth + 1)
            + adaptiveLength(mid, b, estimate: right, tolerance: tolerance / 2, depth: depth + 1)
    }

    /// Five-point Gauss–Legendre quadrature of the speed over a…b.
    private func gaussLegendreLength(_ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2, mid = (a + b) / 2
        var sum = 0.0
        for (node, weight) in gaussLegendre5 {
            sum += weight * derivative(at: mid + half * node).length
        }
        return sum * half
    }
}

/// Nodes and weights of five-point Gauss–Legendre quadrature on −1…1.
private let gaussLegendre5: [(node: Double, weight: Double)] = [
    (0, 0.568_888_888_888_888_9),
    (-0.538_469_310_105_683_1, 0.478_628_670_499_366_5),
    (0.538_469_310_105_683_1, 0.478_628_670_499_366_5),
    (-0.906_179_845_938_664_0, 0.236_926_885_056_189_1),
    (0.906_179_845_938_664_0, 0.236_926_885_056_189_1),
]
