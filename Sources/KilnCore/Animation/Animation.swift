/// Timing shared by every animation: duration, delay, repetition, reversal, easing, and
/// what happens at the end. Subclasses say what is animated.
///
/// An animation starts on the first frame after it is added, so adding one needs no clock;
/// give it a ``beginTime`` to start it at a moment of its own, such as a touch's.
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

    /// The scene time it starts at, as `CAAnimation`'s `beginTime`; `nil` (the default):
    /// the first frame after it is added.
    ///
    /// A touch's `timestamp` starts an animation at the touch, so the first frame drawn
    /// already shows it under way, as the time since the touch says.
    public var beginTime: Double?
    /// The scene time it started at: its ``beginTime``, or the first frame after it was added.
    public internal(set) var startTime: Double?
    var transactionGroups: [TransactionGroup] = []

    /// An animation with the default timing: a quarter of a second, once, linear.
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
///
/// Several animations may drive one property under different keys: they share one
/// `PropertyTrack`, so each sees the same model value, the one added last shows, and the
/// property returns to the model only when the last of them ends.
open class PropertyAnimation<Value: Interpolatable & Equatable>: Animation {
    /// The property the animation drives.
    public let property: AnimatableProperty<Value>
    private var track: PropertyTrack<Value>?

    /// An animation of `property`; subclasses say how its value changes.
    public init(_ property: AnimatableProperty<Value>) {
        self.property = property
        super.init()
    }

    /// The value the layer holds when no animation runs; the end point when `toValue` is `nil`.
    public var modelValue: Value? { track?.model }

    /// The presented value at eased progress `p`, given the model value.
    open func value(atProgress p: Double, elapsed: Double, model: Value) -> Value { model }

    override var propertyName: String { property.name }

    override func begin(on layer: Layer) {
        let running = layer.animationEntries.lazy
            .compactMap { $0.animation as? PropertyAnimation<Value> }
            .first { $0 !== self && $0.propertyName == self.propertyName && $0.track != nil }
        if let shared = running?.track {
            track = shared
        } else if let model = property.read(layer) {
            track = PropertyTrack(model: model)
        }
        track?.join(ObjectIdentifier(self))
    }

    override func apply(to layer: Layer, elapsed: Double) {
        guard let track, let current = property.read(layer) else { return }
        track.adoptModel(ifChanged: current)
        let presented = progress(atElapsed: elapsed)
            .map { value(atProgress: $0, elapsed: elapsed - delay, model: track.model) } ?? track.model
        layer.withPresentation { property.write(layer, presented) }
        track.present(presented, by: ObjectIdentifier(self))
    }

    override func end(on layer: Layer) {
        guard let track else { return }
        self.track = nil
        let shown = track.leave(ObjectIdentifier(self))
        guard let current = property.read(layer) else { return }
        track.adoptModel(ifChanged: current)
        // The last one to end keeps its final value when it fills forwards.
        if shown == nil && fillsForwards { return }
        let value = shown ?? track.model
        guard current != value else { return }
        layer.withPresentation { property.write(layer, value) }
        track.presented = value
    }
}

/// The model value of one layer property and what each animation driving it last presented.
final class PropertyTrack<Value: Equatable> {
    /// The value underneath the animations.
    private(set) var model: Value
    /// The value last written by any of the animations.
    var presented: Value?
    /// The animations on the property in the order they began, with what each last presented.
    private var members: [(id: ObjectIdentifier, presented: Value?)] = []

    init(model: Value) {
        self.model = model
    }

    func join(_ id: ObjectIdentifier) {
        members.append((id, nil))
    }

    /// A value other than the one last presented was set by someone else: the new model.
    func adoptModel(ifChanged current: Value) {
        if let presented, current != presented { model = current }
    }

    func present(_ value: Value, by id: ObjectIdentifier) {
        presented = value
        if let index = members.firstIndex(where: { $0.id == id }) { members[index].presented = value }
    }

    /// Removes an animation; returns what the remaining ones show (the latest one's last
    /// value), or `nil` when none remains or none has shown anything yet.
    func leave(_ id: ObjectIdentifier) -> Value? {
        members.removeAll { $0.id == id }
        return members.last { $0.presented != nil }?.presented
    }
}

/// From one value to another (or by an amount) along a timing curve: `CABasicAnimation`.
///
/// As in Core Animation, at most two of `fromValue`, `toValue` and `byValue` are meant to be
/// set: from and to run between them; from and by run from `from` to `from + by`; by and to
/// from `to − by` to `to`; one of them alone runs from or to the model value, `by` alone from
/// the model to `model + by`. `byValue` exists only for values that can be added
/// (`VectorValue`: numbers, points, sizes and rectangles; not colours or transforms); when `fromValue` and `toValue` are both set it is
/// ignored.
public final class BasicAnimation<Value: Interpolatable & Equatable>: PropertyAnimation<Value> {
    /// The start; `nil` starts from the model value.
    public var fromValue: Value?
    /// The end; `nil` ends at the model value.
    public var toValue: Value?
    /// The amount of `byValue` with how to add and subtract it, set through `byValue`.
    fileprivate var offset: Offset?

    fileprivate struct Offset {
        let amount: Value
        let added: (Value) -> Value
        let subtracted: (Value) -> Value
    }

    /// An animation of `property` from `from` to `to` (each `nil`: the model value) over `duration` seconds, eased by `timing`.
    public init(_ property: AnimatableProperty<Value>, from: Value? = nil, to: Value? = nil,
                duration: Double = 0.25, timing: TimingFunction = .linear) {
        fromValue = from
        toValue = to
        super.init(property)
        self.duration = duration
        timingFunction = timing
    }

    /// The start and end for the given model value, following `fromValue`, `toValue` and `byValue`.
    public func endpoints(model: Value) -> (from: Value, to: Value) {
        switch (fromValue, toValue, offset) {
        case let (from?, to?, _): (from, to)
        case let (from?, nil, by?): (from, by.added(from))
        case let (nil, to?, by?): (by.subtracted(to), to)
        case let (nil, nil, by?): (model, by.added(model))
        default: (fromValue ?? model, toValue ?? model)
        }
    }

    public override func value(atProgress p: Double, elapsed: Double, model: Value) -> Value {
        let (from, to) = endpoints(model: model)
        return from.interpolated(to: to, t: p)
    }
}

extension BasicAnimation where Value: VectorValue {
    /// An animation by `by` (CABasicAnimation's `byValue`), from `from` or to `to` if given.
    public convenience init(_ property: AnimatableProperty<Value>, from: Value? = nil, to: Value? = nil,
                            by: Value, duration: Double = 0.25, timing: TimingFunction = .linear) {
        self.init(property, from: from, to: to, duration: duration, timing: timing)
        byValue = by
    }

    /// The change over the animation, relative to `fromValue`, `toValue` or the model value.
    public var byValue: Value? {
        get { offset?.amount }
        set { offset = newValue.map { by in Offset(amount: by, added: { $0 + by }, subtracted: { $0 - by }) } }
    }
}

/// Through several values at given times, each segment with its own curve: `CAKeyframeAnimation`.
public final class KeyframeAnimation<Value: Interpolatable & Equatable>: PropertyAnimation<Value> {
    /// The values passed through, in order.
    public var values: [Value]
    /// Times 0…1 for each value, rising; `nil` spreads them evenly.
    public var keyTimes: [Double]?
    /// One curve per segment (`values.count - 1`); missing ones are linear.
    public var timingFunctions: [TimingFunction] = []

    /// An animation of `property` through `values`, at `keyTimes` (fractions of `duration`; `nil` spaces them evenly).
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
