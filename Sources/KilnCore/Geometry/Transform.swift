import Foundation

/// Core Graphics' name for `Transform`, for code written against it.
public typealias AffineTransform = Transform

/// A 2-D affine transform with Core Graphics' layout: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct Transform: Hashable, Sendable, Codable {
    /// The entries of the matrix: `a`, `b`, `c`, `d` scale, rotate and skew; `tx`, `ty` translate.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// The transform with these six entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A move by `tx` across and `ty` down.
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by `sx` across and `sy` down, about the origin.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; positive turns clockwise on screen (y grows downwards).
    public init(rotationAngle angle: Double) {
        let cs = cos(angle), sn = sin(angle)
        self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// Whether it changes nothing.
    public var isIdentity: Bool { self == .identity }

    /// `self` applied first, then `other`.
    public func concatenating(_ other: Transform) -> Transform {
        Transform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// A translation applied before this transform.
    public func translatedBy(x: Double, y: Double) -> Transform {
        Transform(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied before this transform.
    public func scaledBy(x: Double, y: Double) -> Transform {
        Transform(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation applied before this transform.
    public func rotated(by angle: Double) -> Transform {
        Transform(rotationAngle: angle).concatenating(self)
    }

    /// How much it scales areas; 0 when it flattens them and has no inverse.
    public var determinant: Double { a * d - b * c }

    /// The inverse, or `nil` when the transform collapses the plane.
    public func inverted() -> Transform? {
        let det = determinant
        guard abs(det) > 1e-12 else { return nil }
        return Transform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// How much the transform scales lengths, at most (for choosing a raster scale).
    public var maxScale: Double {
        max((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot())
    }

    /// Where the transform takes `p`.
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The bounding box of the transformed rectangle.
    public func apply(to r: Rect) -> Rect {
        Rect(enclosing: r.corners.map { apply(to: $0) })
    }
}
