import Foundation

/// A property of a layer that animations can drive, named as in Core Animation's key paths.
public struct AnimatableProperty<Value: Interpolatable & Equatable>: Sendable {
    /// The key path name: "position", "strokeEnd", "shadowOpacity", …
    public let name: String
    let read: @Sendable (Layer) -> Value?
    let write: @Sendable (Layer, Value) -> Void

    /// A property read and written through `L`'s key path; layers of other classes ignore it.
    public init<L: Layer>(_ name: String, _ keyPath: ReferenceWritableKeyPath<L, Value> & Sendable) {
        self.name = name
        read = { ($0 as? L)?[keyPath: keyPath] }
        write = { layer, value in (layer as? L)?[keyPath: keyPath] = value }
    }
}

extension AnimatableProperty where Value == Point {
    /// The layer's `position`: where its anchor point sits in its superlayer.
    public static let position = AnimatableProperty("position", \Layer.position)
    /// The layer's `anchorPoint`, in unit coordinates of its bounds.
    public static let anchorPoint = AnimatableProperty("anchorPoint", \Layer.anchorPoint)
    /// The layer's `shadowOffset`.
    public static let shadowOffset = AnimatableProperty("shadowOffset", \Layer.shadowOffset)
}

extension AnimatableProperty where Value == Rect {
    /// The layer's `bounds`: its size, and the origin its sublayers are placed from.
    public static let bounds = AnimatableProperty("bounds", \Layer.bounds)
}

extension AnimatableProperty where Value == Transform {
    /// The layer's whole `transform`, interpolated element by element.
    public static let transform = AnimatableProperty("transform", \Layer.transform)
}

extension AnimatableProperty where Value == Color {
    /// The layer's `borderColor`.
    public static let borderColor = AnimatableProperty("borderColor", \Layer.borderColor)
    /// The layer's `shadowColor`.
    public static let shadowColor = AnimatableProperty("shadowColor", \Layer.shadowColor)
    /// The layer's `backgroundColor`, from and to clear when it has none.
    public static let backgroundColor = AnimatableProperty("backgroundColor", \Layer.animatableBackgroundColor)
    /// A shape layer's `fillColor`, from and to clear when it has none.
    public static let fillColor = AnimatableProperty("fillColor", \ShapeLayer.animatableFillColor)
    /// A shape layer's `strokeColor`, from and to clear when it has none.
    public static let strokeColor = AnimatableProperty("strokeColor", \ShapeLayer.animatableStrokeColor)
    /// A text layer's `foregroundColor`.
    public static let foregroundColor = AnimatableProperty("foregroundColor", \TextLayer.foregroundColor)
}

extension AnimatableProperty where Value == Double {
    /// The layer's `opacity`, from 0 (invisible) to 1.
    public static let opacity = AnimatableProperty("opacity", \Layer.opacity)
    /// The layer's `cornerRadius`.
    public static let cornerRadius = AnimatableProperty("cornerRadius", \Layer.cornerRadius)
    /// The layer's `borderWidth`.
    public static let borderWidth = AnimatableProperty("borderWidth", \Layer.borderWidth)
    /// The layer's `zPosition` among its siblings.
    public static let zPosition = AnimatableProperty("zPosition", \Layer.zPosition)
    /// The layer's `shadowOpacity`.
    public static let shadowOpacity = AnimatableProperty("shadowOpacity", \Layer.shadowOpacity)
    /// The layer's `shadowRadius`: how far the shadow blurs.
    public static let shadowRadius = AnimatableProperty("shadowRadius", \Layer.shadowRadius)
    /// A shape layer's `strokeStart`: where along the path the stroke begins, 0 to 1.
    public static let strokeStart = AnimatableProperty("strokeStart", \ShapeLayer.strokeStart)
    /// A shape layer's `strokeEnd`: where along the path the stroke ends, 0 to 1.
    public static let strokeEnd = AnimatableProperty("strokeEnd", \ShapeLayer.strokeEnd)
    /// A shape layer's `lineWidth`.
    public static let lineWidth = AnimatableProperty("lineWidth", \ShapeLayer.lineWidth)
    /// A text layer's `fontSize`.
    public static let fontSize = AnimatableProperty("fontSize", \TextLayer.fontSize)
    /// The emitter's birth-rate multiplier: animating it fires the emitter.
    public static let birthRate = AnimatableProperty("birthRate", \EmitterLayer.birthRate)
    /// The rotation part of `transform`, in radians (like "transform.rotation.z").
    public static let rotation = AnimatableProperty("transform.rotation", \Layer.rotation)
    /// A uniform scale as the transform (like "transform.scale").
    public static let scale = AnimatableProperty("transform.scale", \Layer.uniformScale)
    /// The x of the layer's `position` alone: "position.x".
    public static let positionX = AnimatableProperty("position.x", \Layer.positionX)
    /// The y of the layer's `position` alone: "position.y".
    public static let positionY = AnimatableProperty("position.y", \Layer.positionY)
}

extension AnimatableProperty where Value == [Color] {
    /// A gradient layer's `colors`, interpolated pairwise (both lists the same length).
    public static let colors = AnimatableProperty("colors", \GradientLayer.colors)
}

extension AnimatableProperty where Value == [Double] {
    /// A gradient layer's `locations`, interpolated pairwise.
    public static let locations = AnimatableProperty("locations", \GradientLayer.animatableLocations)
}

extension Array: Interpolatable where Element: Interpolatable {
    /// Element by element; extra elements of the longer array jump at the end.
    public func interpolated(to other: [Element], t: Double) -> [Element] {
        guard count == other.count else { return t < 1 ? self : other }
        return zip(self, other).map { $0.interpolated(to: $1, t: t) }
    }
}

/// Convenience views on `Layer` that animations address.
extension Layer {
    /// The background colour, with `.clear` standing for none (so it can be animated).
    public var animatableBackgroundColor: Color {
        get { backgroundColor ?? .clear }
        set { backgroundColor = newValue.alpha == 0 && backgroundColor == nil ? nil : newValue }
    }

    /// The rotation angle of `transform`, keeping its scale; setting it replaces any skew.
    ///
    /// What was set through `rotation` and `uniformScale` reads back exactly while
    /// `transform` is unchanged, so a rotation and a scale animated together never lose each
    /// other to rounding, to a scale of zero or to a negative (mirrored) scale.
    public var rotation: Double {
        get { currentTransformParts?.rotation ?? atan2(transform.b, transform.a) }
        set { setTransformParts(rotation: newValue, scale: uniformScale) }
    }

    /// The uniform scale of `transform`; setting it keeps the rotation.
    public var uniformScale: Double {
        get { currentTransformParts?.scale ?? (transform.a * transform.a + transform.b * transform.b).squareRoot() }
        set { setTransformParts(rotation: rotation, scale: newValue) }
    }

    private var currentTransformParts: (rotation: Double, scale: Double, transform: Transform)? {
        transformParts.flatMap { $0.transform == transform ? $0 : nil }
    }

    private func setTransformParts(rotation: Double, scale: Double) {
        let made = Transform(rotationAngle: rotation).concatenating(Transform(scaleX: scale, y: scale))
        transform = made
        transformParts = (rotation, scale, made)
    }

    /// The x of `position` alone, so that an animation can move a layer along one axis.
    public var positionX: Double {
        get { position.x }
        set { position.x = newValue }
    }

    /// The y of `position` alone, so that an animation can move a layer along one axis.
    public var positionY: Double {
        get { position.y }
        set { position.y = newValue }
    }
}

extension ShapeLayer {
    /// The fill colour with `.clear` standing for none.
    public var animatableFillColor: Color {
        get { fillColor ?? .clear }
        set { fillColor = newValue }
    }

    /// The stroke colour with `.clear` standing for none.
    public var animatableStrokeColor: Color {
        get { strokeColor ?? .clear }
        set { strokeColor = newValue }
    }
}

extension GradientLayer {
    /// The stops as an array, evenly spread when `locations` is unset.
    public var animatableLocations: [Double] {
        get { locations ?? stops.map(\.location) }
        set { locations = newValue }
    }
}
