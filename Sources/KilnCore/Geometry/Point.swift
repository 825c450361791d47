/// A location or a displacement in canvas points.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal coordinate, growing to the right.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// The point at `x`, `y`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Convenience for tests and literals: `Point(10, 20)`.
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// The distance from the origin.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The distance to another point.
    public func distance(to other: Point) -> Double { (other - self).length }

    /// Whether both coordinates are finite: neither NaN nor infinite.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The point offset by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Point { Point(x: x + dx, y: y + dy) }

    /// The point linearly interpolated towards `other` by `t` (0 = self, 1 = other).
    public func interpolated(to other: Point, t: Double) -> Point {
        Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }

    public var description: String { "(\(x), \(y))" }

    /// The sum of two points, as vectors.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The difference of two points: the vector from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// The point scaled by `s`, as a vector.
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    /// The point divided by `s`, as a vector.
    public static func / (a: Point, s: Double) -> Point { Point(x: a.x / s, y: a.y / s) }
    /// The vector pointing the other way.
    public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }
    /// Adds `b` to `a`.
    public static func += (a: inout Point, b: Point) { a = a + b }
    /// Subtracts `b` from `a`.
    public static func -= (a: inout Point, b: Point) { a = a - b }
}
