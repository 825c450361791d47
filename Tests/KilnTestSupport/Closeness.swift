import KilnCore

/// A value tests compare within a tolerance: a number, a point, a size, a rectangle, a colour
/// or a transform, whose exact figures differ by rounding.
public protocol Approximate {
    /// The largest difference between a component of this value and the same one of `other`.
    func largestDifference(from other: Self) -> Double
}

/// Whether `a` and `b` agree to within `tolerance` in every component: equal but for rounding.
public func isClose<Value: Approximate>(_ a: Value, _ b: Value, within tolerance: Double = 1e-9) -> Bool {
    a.largestDifference(from: b) <= tolerance
}

/// Whether `a` is there and agrees with `b` to within `tolerance` in every component.
public func isClose<Value: Approximate>(_ a: Value?, _ b: Value, within tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return isClose(a, b, within: tolerance)
}

/// Whether `a` is within `relative` of `b`, as a fraction of `b`.
public func isClose(_ a: Double, _ b: Double, relative: Double) -> Bool {
    abs(a - b) <= relative * abs(b)
}

extension Double: Approximate {
    public func largestDifference(from other: Double) -> Double { abs(self - other) }
}

extension Point: Approximate {
    public func largestDifference(from other: Point) -> Double { max(abs(x - other.x), abs(y - other.y)) }
}

extension Size: Approximate {
    public func largestDifference(from other: Size) -> Double {
        max(abs(width - other.width), abs(height - other.height))
    }
}

extension Rect: Approximate {
    /// Compared edge by edge.
    public func largestDifference(from other: Rect) -> Double {
        [minX - other.minX, minY - other.minY, maxX - other.maxX, maxY - other.maxY].map(abs).max() ?? 0
    }
}

extension Color: Approximate {
    public func largestDifference(from other: Color) -> Double {
        [red - other.red, green - other.green, blue - other.blue, alpha - other.alpha].map(abs).max() ?? 0
    }
}

extension Transform: Approximate {
    public func largestDifference(from other: Transform) -> Double {
        [a - other.a, b - other.b, c - other.c, d - other.d, tx - other.tx, ty - other.ty].map(abs).max() ?? 0
    }
}
