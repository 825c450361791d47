/// Timing shared by every animation: duration, delay, repetition, reversal, easing, and
/// what happens at the end. Subclasses say what is animated.
///
/// An animation starts on the first `advanceAnimations(to:)` after it is added, so adding
/// one needs no clock.
open class Animation {
    /// Seconds for one pass.
    public var duration: Double = 0.25
    /// Seconds to wait after starting before the first pass.
    public var delay: Double = 0
    /// How many passes; `.infinity` repeats forever.
    public var repeatCount: Double = 1
    /// Each pass runs forwards and then backwards.
    public var autoreverses = false
    /// Easing of each pass.
    public var timingFunction: TimingFunction = .linear
    /// Keep the final presented value instead of returning to the model value at the end.
    public var fillsForwards = false
    /// Called once when the animation ends: `true` when it ran to the end, `false` when removed.
    public var completion: ((Bool) -> Void)?

    /// The scene time of the first tick after it was added.
    public internal(set) var startTime: Double?
    var transactionGroups: [TransactionGroup] = []

    public init() {}

    /// Seconds from start to end, including delay, repeats and reversals.
    public var totalDuration: Double {
        delay + duration * repeatCount * (autoreverses ? 2 : 1)
    }

    /// The eased progress 0…1 within the current pass, `nil` before the delay has passed.
    func progress(atElapsed elapsed: Double) -> Double? {
        let t = elapsed - delay
        guard t >= 0 else { return nil }
        guard duration > 0 else { return autoreverses ? 0 : 1 }
        let legs = repeatCount * (autoreverses ? 2 : 1)
        let position = min(t / duration, legs)
        var leg = position.rounded(.down)
        var local = position - leg
        if local == 0 && leg > 0 && position >= legs { leg -= 1; local = 1 }
        let reversed = autoreverses && Int(leg) % 2 == 1
        return timingFunction.value(at: reversed ? 1 - local : local)
    }

    // Overridden by property animations.
    var propertyName: String { "" }
    func begin(on layer: Layer) {}
    func apply(to layer: Layer, elapsed: Double) {}
    func end(on layer: Layer) {}
}

/// An animation of one property, remembering the model value underneath it.
open class PropertyAnimation<Value: Interpolatable & Equatable>: Animation {
    public let property: AnimatableProperty<Value>
    /// The value the layer holds when no animation runs; the end point when `toValue` is `nil`.
    public internal(set) var modelValue: Value?
    private var lastPresented: Value?

    public init(_ property: AnimatableProperty<Value>) {
        self.property = property
        super.init()
    }

    /// The presented value at eased progress `p`, given the model value.
    open func value(atProgress p: Double, elapsed: Double, model: Value) -> Value { model }

    override var propertyName: String { property.name }

    override func begin(on layer: Layer) {
        modelValue = property.read(layer)
    }

    override func apply(to layer: Layer, elapsed: Double) {
        guard let current = property.read(layer) else { return }
        // A value that is not the one last presented was set by someone else: the new model.
        if let last = lastPresented, current != last { modelValue = current }
        let model = modelValue ?? current
        let presented = progress(atElapsed: elapsed).map { value(atProgress: $0, elapsed: elapsed - delay, model: model) } ?? model
        layer.withPresentation { property.write(layer, presented) }
        lastPresented = presented
    }

    override func end(on layer: Layer) {
        guard !fillsForwards, let model = modelValue, let current = property.read(layer) else { return }
        if let last = lastPresented, current != last { return }
        layer.withPresentation { property.write(layer, model) }
    }
}

/// From one value to another (or by an amount) along a timing curve: `CABasicAnimation`.
public final class BasicAnimation<Value: Interpolatable & Equatable>: PropertyAnimation<Value> {
    /// The start; `nil` starts from the model value.
    public var fromValue: Value?
    /// The end; `nil` ends at the model value.
    public var toValue: Value?

    public init(_ property: AnimatableProperty<Value>, from: Value? = nil, to: Value? = nil,
                duration: Double = 0.25, timing: TimingFunction = .linear) {
        fromValue = from
        toValue = to
        super.init(property)
        self.duration = duration
        timingFunction = timing
    }

    public override func value(atProgress p: Double, elapsed: Double, model: Value) -> Value {
        (fromValue ?? model).interpolated(to: toValue ?? model, t: p)
    }
}

/// Through several values at given times, each segment with its own curve: `CAKeyframeAnimation`.
public final class KeyframeAnimation<Value: Interpolatable & Equatable>: PropertyAnimation<Value> {
    public var values: [Value]
    /// Times 0…1 for each value, rising; `nil` spreads them evenly.
    public var keyTimes: [Double]?
    /// One curve per segment (`values.count - 1`); missing ones are linear.
    public var timingFunctions: [TimingFunction] = []

    public init(_ property: AnimatableProperty<Value>, values: [Value], keyTimes: [Double]? = nil,
                duration: Double = 0.25) {
        self.values = values
        self.keyTimes = keyTimes
        super.init(property)
        self.duration = duration
    }

    public override func value(atProgress p: Double, elapsed: Double, model: Value) -> Value {
        guard let first = values.first else { return model }
        guard values.count > 1 else { return first }
        let times = (keyTimes?.count == values.count) ? keyTimes!
            : values.indices.map { Double($0) / Double(values.count - 1) }
        if p <= times[0] { return first }
        for i in 1..<values.count where p <= times[i] {
            let span = times[i] - times[i - 1]
            let local = span > 0 ? (p - times[i - 1]) / span : 1
            let curve = i - 1 < timingFunctions.count ? timingFunctions[i - 1] : .linear
            return values[i - 1].interpolated(to: values[i], t: curve.value(at: local))
        }
        return values[values.count - 1]
    }
}
