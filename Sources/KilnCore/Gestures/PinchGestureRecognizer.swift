/// Recognizes two pointers moving apart or together, as UIKit's pinch recognizer does; a continuous gesture.
///
/// The pinch begins once the distance between its first two pointers has changed by more
/// than `minimumDistanceChange` since the second touched down. `scale` is measured from that
/// touch-down, so at `began` it already holds the change through the slop and a zoomed
/// layer never jumps. The pinch ends when fewer than two pointers remain; one that never
/// began fails when its pointers lift. A third pointer takes the place of one that lifts,
/// with no jump in `scale`. `location(in:)` is the centre of the pointers, the natural
/// anchor for a zoom.
///
/// ```swift
/// let pinch = PinchGestureRecognizer { pinch in
///     let zoom = startScale * pinch.scale
///     photo.transform = Transform(scaleX: zoom, y: zoom)
/// }
/// dispatcher.add(pinch, to: photo)
/// ```
public final class PinchGestureRecognizer: GestureRecognizer {
    /// How far, in canvas points, the distance between the pointers must change before the pinch begins.
    public var minimumDistanceChange: Double = 4

    /// The distance between the pointers now over their distance when the second touched down; 1 until they move.
    public private(set) var scale: Double = 1
    /// How fast `scale` changes, in scale per second, over the last ~100 ms; negative while pinching in.
    public var velocity: Double { tracker.velocity.x }

    private var pair = PointerPair()
    /// The pointers' distance when `scale` was last `base`: at touch down, or when the pair changed.
    private var reference: Double = 0
    private var base: Double = 1
    private var tracker = VelocityTracker()

    /// Below this distance apart, in canvas points, two pointers give no usable reference.
    private static let minimumSeparation = 1.0

    override public func pointerBegan(_ event: PointerEvent) {
        if pair.add(event.id) { rebase(at: event.timestamp) }
    }

    override public func pointerMoved(_ event: PointerEvent) {
        guard pair.contains(event.id), let distance = pair.distance(in: pointerLocations) else { return }
        guard reference >= Self.minimumSeparation else {
            rebase(at: event.timestamp)
            return
        }
        let newScale = base * distance / reference
        guard newScale.isFinite else { return }
        scale = newScale
        tracker.add(Point(scale, 0), at: event.timestamp)
        measureChanged(isPastSlop: abs(distance - reference) > minimumDistanceChange)
    }

    override public func pointerEnded(_ event: PointerEvent) {
        if pair.remove(event.id) { rebase(at: event.timestamp) }
        finishTwoPointerGesture(remaining: pair.order.count)
    }

    override public func reset() {
        super.reset()
        pair.reset()
        scale = 1
        base = 1
        reference = 0
        tracker.reset()
    }

    /// Measures from the pair as it is now, keeping `scale` where it was.
    private func rebase(at time: Double) {
        guard let distance = pair.distance(in: pointerLocations) else { return }
        base = scale
        reference = distance
        tracker.add(Point(scale, 0), at: time)
    }
}
