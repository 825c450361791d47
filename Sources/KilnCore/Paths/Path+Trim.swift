import Foundation

extension Path {
    /// The part of the path between two fractions of its length, as Core Animation's
    /// `strokeStart` and `strokeEnd` select it.
    ///
    /// The fractions run over all subpaths in order and are clamped to 0…1; `start >= end`
    /// gives an empty path and 0…1 the path unchanged. Curves are cut exactly (de Casteljau
    /// at the parameter with the right arc length), so they stay curves. A closed subpath
    /// that is cut becomes open, and its closing line may be partly included.
    public func trimmed(from start: Double, to end: Double) -> Path {
        let lower = min(max(start, 0), 1), upper = min(max(end, 0), 1)
        guard lower < upper else { return Path() }
        if lower == 0 && upper == 1 { return self }
        let measured = subpaths.map(MeasuredSubpath.init)
        let total = measured.reduce(0) { $0 + $1.length }
        let tolerance = 1e-12 * max(total, 1)
        var result = Path()
        var offset = 0.0
        for subpath in measured {
            let window = (lower * total - offset)...(upper * total - offset)
            result.addPath(Path(elements: subpath.elements(within: window, tolerance: tolerance)))
            offset += subpath.length
        }
        return result
    }
}

// MARK: - Trimming subpaths

/// A subpath with the length of each segment worked out once.
private struct MeasuredSubpath {
    var subpath: PathSubpath
    var lengths: [Double]
    var length: Double

    init(_ subpath: PathSubpath) {
        self.subpath = subpath
        lengths = subpath.segments.map(\.length)
        length = lengths.reduce(0, +)
    }

    /// The elements drawing the part between two distances from the subpath's start;
    /// distances within `tolerance` of an end snap to it.
    func elements(within window: ClosedRange<Double>, tolerance: Double) -> [Path.Element] {
        guard !subpath.segments.isEmpty else { return [] }
        if window.lowerBound <= tolerance && window.upperBound >= length - tolerance {
            return subpath.elements
        }
        var elements: [Path.Element] = []
        var position = 0.0
        for (segment, segmentLength) in zip(subpath.segments, lengths) {
            let from = max(window.lowerBound - position, 0)
            let to = min(window.upperBound - position, segmentLength)
            position += segmentLength
            guard to - from > tolerance else { continue }
            let piece = segment.portion(
                from: from <= tolerance ? 0 : segment.parameter(atLength: from, of: segmentLength),
                to: to >= segmentLength - tolerance ? 1 : segment.parameter(atLength: to, of: segmentLength))
            if elements.isEmpty { elements.append(.move(to: piece.start)) }
            elements.append(piece.element)
        }
        return elements
    }
}

// MARK: - Splitting segments

extension PathSegment {
    /// The part of the segment between two parameters, `t0 < t1`, ends kept exact.
    func portion(from t0: Double, to t1: Double) -> PathSegment {
        if t0 <= 0 && t1 >= 1 { return self }
        if case .line(let p0, let p1) = self {
            return .line(t0 <= 0 ? p0 : point(at: t0), t1 >= 1 ? p1 : point(at: t1))
        }
        let head = t1 >= 1 ? self : split(at: t1).head
        return t0 <= 0 ? head : head.split(at: t0 / t1).tail
    }

    /// The segment cut in two at `t` by de Casteljau's construction.
    func split(at t: Double) -> (head: PathSegment, tail: PathSegment) {
        func mix(_ a: Point, _ b: Point) -> Point { a.interpolated(to: b, t: t) }
        switch self {
        case .line(let p0, let p1):
            let m = mix(p0, p1)
            return (.line(p0, m), .line(m, p1))
        case .quad(let p0, let c, let p2):
            let a = mix(p0, c), b = mix(c, p2), m = mix(a, b)
            return (.quad(p0, a, m), .quad(m, b, p2))
        case .cubic(let p0, let c1, let c2, let p3):
            let a = mix(p0, c1), b = mix(c1, c2), c = mix(c2, p3)
            let ab = mix(a, b), bc = mix(b, c), m = mix(ab, bc)
            return (.cubic(p0, a, ab, m), .cubic(m, bc, c, p3))
        }
    }
}
