import Foundation

/// A value that can be blended towards another: what an animation needs of a property.
///
/// Its type is used from any thread, as an `AnimatableProperty`'s reading and writing are
/// `Sendable`; every type conforms so but one whose conformance is isolated to an actor.
public protocol Interpolatable: SendableMetatype {
    /// The value `t` of the way to `other`: 0 gives `self`, 1 gives `other`; `t` outside
    /// 0…1 extrapolates, so springs may overshoot.
    func interpolated(to other: Self, t: Double) -> Self
}

extension Double: Interpolatable {
    /// Linear interpolation towards `other`.
    public func interpolated(to other: Double, t: Double) -> Double {
        self + (other - self) * t
    }
}

extension Point: Interpolatable {}

extension Color: Interpolatable {}

extension Size: Interpolatable {
    /// Width and height interpolated independently.
    public func interpolated(to other: Size, t: Double) -> Size {
        Size(
            width: width.interpolated(to: other.width, t: t),
            height: height.interpolated(to: other.height, t: t))
    }
}

extension Rect: Interpolatable {
    /// Origin and size interpolated independently.
    public func interpolated(to other: Rect, t: Double) -> Rect {
        Rect(
            origin: origin.interpolated(to: other.origin, t: t),
            size: size.interpolated(to: other.size, t: t))
    }
}

extension Transform: Interpolatable {
    /// Translation, rotation (the shorter way round), scale and skew interpolated
    /// separately, so that a rotation animates as a rotation rather than a squash.
    public func interpolated(to other: Transform, t: Double) -> Transform {
        if t == 0 { return self }
        if t == 1 { return other }
        let from = Decomposition(self), to = Decomposition(other)
        var turn = remainder(to.rotation - from.rotation, 2 * Double.pi)
        if turn == -Double.pi { turn = Double.pi }
        return Decomposition(
            translation: from.translation.interpolated(to: to.translation, t: t),
            rotation: from.rotation + turn * t,
            scale: from.scale.interpolated(to: to.scale, t: t),
            skew: from.skew.interpolated(to: to.skew, t: t)
        ).transform
    }
}

extension Transform {
    /// An affine transform as rotation · scale · skew (applied right to left), then
    /// translation: the linear part is R(rotation) · diag(scale) · [[1, skew], [0, 1]].
    package struct Decomposition {
        package var translation: Point
        package var rotation: Double
        package var scale: Size
        package var skew: Double

        package init(translation: Point, rotation: Double, scale: Size, skew: Double) {
            self.translation = translation
            self.rotation = rotation
            self.scale = scale
            self.skew = skew
        }

        /// Splits `m`; a reflection shows up as a negative `scale.height`.
        package init(_ m: Transform) {
            translation = Point(x: m.tx, y: m.ty)
            let xAxis = (m.a * m.a + m.b * m.b).squareRoot()
            guard xAxis > 1e-12 else {
                // The x axis collapsed: take the angle from the y axis instead.
                let yAxis = (m.c * m.c + m.d * m.d).squareRoot()
                rotation = yAxis > 1e-12 ? atan2(-m.c, m.d) : 0
                scale = Size(width: 0, height: yAxis)
                skew = 0
                return
            }
            rotation = atan2(m.b, m.a)
            let cs = cos(rotation), sn = sin(rotation)
            // The y column turned back by the rotation: (sx·skew, sy).
            let shear = cs * m.c + sn * m.d
            scale = Size(width: xAxis, height: cs * m.d - sn * m.c)
            skew = shear / xAxis
        }

        /// The transform these parts make.
        package var transform: Transform {
            let cs = cos(rotation), sn = sin(rotation)
            let sx = scale.width, sy = scale.height
            // R · [[sx, sx·skew], [0, sy]]
            return Transform(
                a: cs * sx, b: sn * sx,
                c: cs * sx * skew - sn * sy, d: sn * sx * skew + cs * sy,
                tx: translation.x, ty: translation.y)
        }
    }
}
