/// Recognizes a drag: begins once the pointers have moved `minimumDistance`, then reports every move.
///
/// The translation is measured from the touch-down point, so at `began` it already equals
/// the distance moved through the slop and the dragged thing never jumps. With several
/// pointers it follows their centroid, without a jump when a pointer joins or lifts. With
/// `minimumNumberOfTouches` above one it waits for that many pointers, measures from the
/// moment they are all down, and ends when fewer remain: a two-finger pan.
public class PanGestureRecognizer: GestureRecognizer {
    /// How far the pointers must move before the pan begins (the slop), in canvas points.
    public var minimumDistance: Double = 10
    /// The pan does not begin until this many pointers are down, and ends when fewer remain.
    public var minimumNumberOfTouches = 1
    /// Pointers beyond this many are ignored.
    public var maximumNumberOfTouches = Int.max

    /// The pointers followed, in the order they touched down, with their last locations.
    private var tracked: [(id: Int, location: Point)] = []
    /// How far the centroid has moved since touch down, in canvas points.
    private var offset = Point.zero
    /// The part of `offset` that `setTranslation(_:in:)` has taken away.
    private var translationOrigin = Point.zero
    private var tracker = VelocityTracker()

    /// How far the pan has moved since touch down (or since `setTranslation`), in a layer's coordinates (`nil`: the canvas).
    public func translation(in layer: Layer?) -> Point {
        let canvas = offset - translationOrigin
        return layer?.convertVector(fromCanvas: canvas) ?? canvas
    }

    /// Redefines the current translation, in a layer's coordinates (`nil`: the canvas); the velocity is unaffected.
    public func setTranslation(_ translation: Point, in layer: Layer?) {
        let canvas = layer?.convertVector(toCanvas: translation) ?? translation
        translationOrigin = offset - canvas
    }

    /// The pan's velocity over the last ~100 ms, in a layer's points per second (`nil`: the canvas).
    public func velocity(in layer: Layer?) -> Point {
        let canvas = tracker.velocity
        return layer?.convertVector(fromCanvas: canvas) ?? canvas
    }

    /// Whether the pan may begin now that it has moved through the slop; subclasses add conditions.
    func shouldBegin() -> Bool { true }

    override public func pointerBegan(_ event: PointerEvent) {
        guard tracked.count < maximumNumberOfTouches else { return }
        tracked.append((event.id, event.location))
        if tracked.count == minimumNumberOfTouches && intendedState == .possible {
            // Motion with too few pointers down does not count towards the pan.
            offset = .zero
            tracker.reset()
            tracker.add(offset, at: event.timestamp)
        }
    }

    override public func pointerMoved(_ event: PointerEvent) {
        guard follow(event) else { return }
        switch intendedState {
        case .possible where offset.length > minimumDistance && tracked.count >= minimumNumberOfTouches:
            transition(to: shouldBegin() ? .began : .failed)
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }

    override public func pointerEnded(_ event: PointerEvent) {
        guard follow(event) else { return }
        tracked.removeAll { $0.id == event.id }
        if intendedState.isRecognized {
            if tracked.count < minimumNumberOfTouches { transition(to: .ended) }
        } else if tracked.isEmpty {
            transition(to: .failed)
        }
    }

    override public func reset() {
        super.reset()
        tracked = []
        offset = .zero
        translationOrigin = .zero
        tracker.reset()
    }

    /// The centroid of the followed pointers, in canvas points.
    var centroid: Point? {
        guard !tracked.isEmpty else { return nil }
        return tracked.reduce(Point.zero) { $0 + $1.location } / Double(tracked.count)
    }

    /// Moves a followed pointer, accumulating the centroid's motion; false for an ignored pointer.
    private func follow(_ event: PointerEvent) -> Bool {
        guard let index = tracked.firstIndex(where: { $0.id == event.id }) else { return false }
        let delta = event.location - tracked[index].location
        tracked[index].location = event.location
        offset += delta / Double(tracked.count)
        tracker.add(offset, at: event.timestamp)
        return true
    }
}
