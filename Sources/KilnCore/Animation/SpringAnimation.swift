/// A value with vector arithmetic, so a spring can carry a velocity in its own units.
public protocol VectorValue: Interpolatable, Equatable {
    /// The sum of two values, component by component.
    static func + (lhs: Self, rhs: Self) -> Self
    /// The difference of two values, component by component.
    static func - (lhs: Self, rhs: Self) -> Self
    /// The value with every component multiplied by `factor`.
    func scaled(by factor: Double) -> Self
}

extension Double: VectorValue {
    /// The value times `factor`.
    public func scaled(by factor: Double) -> Double { self * factor }
}

extension Point: VectorValue {
    /// The point times `factor`.
    public func scaled(by factor: Double) -> Point { self * factor }
}

extension Size: VectorValue {
    /// Widths and heights added.
    public static func + (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width + rhs.width, height: lhs.height + rhs.height)
    }

    /// Widths and heights subtracted.
    public static func - (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width - rhs.width, height: lhs.height - rhs.height)
    }

    /// The size times `factor`.
    public func scaled(by factor: Double) -> Size { self * factor }
}

extension Rect: VectorValue {
    /// Origins and sizes added: growing `bounds` by an amount.
    public static func + (lhs: Rect, rhs: Rect) -> Rect {
        Rect(origin: lhs.origin + rhs.origin, size: lhs.size + rhs.size)
    }

    /// Origins and sizes subtracted.
    public static func - (lhs: Rect, rhs: Rect) -> Rect {
        Rect(origin: lhs.origin - rhs.origin, size: lhs.size - rhs.size)
    }

    /// Origin and size times `factor`.
    public func scaled(by factor: Double) -> Rect {
        Rect(origin: origin.scaled(by: factor), size: size.scaled(by: factor))
    }
}

/// A spring from one value to another, solved in closed form: `CASpringAnimation`.
///
/// Its duration is the spring's settling time. A release velocity in the value's own units
/// per second (a pan's velocity for `position`) hands over exactly, whatever the distance.
public final class SpringAnimation<Value: VectorValue>: PropertyAnimation<Value> {
    /// Where the spring starts; `nil`: the model value.
    public var fromValue: Value?
    /// Where the spring comes to rest; `nil`: the model value.
    public var toValue: Value?
    /// Velocity at the start, in the value's units per second.
    public var initialVelocity: Value?
    /// The spring's physics; setting it makes the duration its settling time.
    public var spring: Spring { didSet { duration = spring.settlingDuration } }

    /// A spring of `property` from `from` to `to` (each `nil`: the model value), starting at `initialVelocity` in the value's units per second.
    public init(_ property: AnimatableProperty<Value>, from: Value? = nil, to: Value? = nil,
                initialVelocity: Value? = nil, spring: Spring = Spring()) {
        fromValue = from
        toValue = to
        self.initialVelocity = initialVelocity
        self.spring = spring
        super.init(property)
        duration = spring.settlingDuration
        timingFunction = .linear
    }

    public override func value(atProgress p: Double, elapsed: Double, model: Value) -> Value {
        let from = fromValue ?? model, to = toValue ?? model
        let t = min(elapsed, duration)
        var still = spring
        still.initialVelocity = 0
        var pushed = spring
        pushed.initialVelocity = 1
        // The response is linear in the start: the displacement decays as `still`, and each
        // unit of velocity adds the difference between the pushed and the still response.
        let base = from.interpolated(to: to, t: still.value(at: t))
        guard let v = initialVelocity else { return base }
        return base + v.scaled(by: pushed.value(at: t) - still.value(at: t))
    }
}
