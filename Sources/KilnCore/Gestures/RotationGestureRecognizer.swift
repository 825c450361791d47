import Foundation

/// Recognizes two pointers turning around each other, as UIKit's rotation recognizer does; a continuous gesture.
///
/// `rotation` is the angle, in radians, the line through the first two pointers has turned
/// since the second touched down: positive clockwise on the canvas (whose y axis points
/// down), and continuous past half a turn, so two full turns read 4π. The rotation begins
/// once that angle passes `minimumRotation`, and at `began` already holds it, so a turned
/// layer never jumps. It ends when fewer than two pointers remain; one that never began
/// fails when its pointers lift. A third pointer takes the place of one that lifts.
///
/// ```swift
/// let rotate = RotationGestureRecognizer { rotate in
///     photo.transform = Transform(rotationAngle: startAngle + rotate.rotation)
/// }
/// ```
public final class RotationGestureRecognizer: GestureRecognizer {
    /// How far, in radians, the pointers must turn before the rotation begins.
    public var minimumRotation: Double = 0.05

    /// How far the pointers have turned since the second touched down, in radians, clockwise positive.
    public private(set) var rotation: Double = 0
    /// How fast `rotation` changes, in radians per second, over the last ~100 ms.
    public var velocity: Double { tracker.velocity.x }

    private var pair = PointerPair()
    /// The pair's angle at the latest move, or `nil` while its pointers are too close to have one.
    private var lastAngle: Double?
    /// `rotation` when the pair formed, from which the slop is measured.
    private var slopOrigin: Double = 0
    private var tracker = VelocityTracker()

    /// Closer than this, in canvas points, two pointers have no meaningful angle.
    private static let minimumSeparation = 1.0

    override public func pointerBegan(_ event: PointerEvent) {
        if pair.add(event.id) { rebase(at: event.timestamp) }
    }

    override public func pointerMoved(_ event: PointerEvent) {
        guard pair.contains(event.id), let angle = pairAngle else { return }
        guard let lastAngle else {
            self.lastAngle = angle
            return
        }
        // The shortest turn from the last angle, so that crossing ±π does not jump.
        rotation += remainder(angle - lastAngle, 2 * Double.pi)
        self.lastAngle = angle
        tracker.add(Point(rotation, 0), at: event.timestamp)
        measureChanged(isPastSlop: abs(rotation - slopOrigin) > minimumRotation)
    }

    override public func pointerEnded(_ event: PointerEvent) {
        if pair.remove(event.id) { rebase(at: event.timestamp) }
        finishTwoPointerGesture(remaining: pair.order.count)
    }

    override public func reset() {
        super.reset()
        pair.reset()
        rotation = 0
        lastAngle = nil
        slopOrigin = 0
        tracker.reset()
    }

    /// The angle of the line from the pair's first pointer to its second, when they are apart.
    private var pairAngle: Double? {
        guard let vector = pair.vector(in: pointerLocations),
              hypot(vector.x, vector.y) >= Self.minimumSeparation else { return nil }
        return atan2(vector.y, vector.x)
    }

    /// Measures from the pair as it is now, keeping `rotation` where it was.
    private func rebase(at time: Double) {
        lastAngle = pairAngle
        slopOrigin = rotation
        tracker.add(Point(rotation, 0), at: time)
    }
}
