/// Recognizes a press and reports how long and how hard it is held, moving or not.
///
/// It begins on touch down, or once held for `minimumPressDuration`, and then changes on
/// every move and every frame (`tick(at:)`) so that `duration` and `pressure` can drive a
/// progress indicator even while the pointer is still. It ends on lift. Moving further than
/// `allowableMovement` before it begins fails it; after it begins, movement is free.
///
/// For UIKit's long press (begins after half a second held still, changes only on moves,
/// with a number of touches and taps), use ``LongPressGestureRecognizer``.
public final class PressGestureRecognizer: GestureRecognizer {
    /// How long, in seconds, the pointer must be held before the press begins.
    public var minimumPressDuration: Double = 0
    /// How far, in canvas points, the pointer may move before the press begins (no limit unless told).
    public var allowableMovement: Double = .infinity

    /// Seconds since the pointer came down, as of the latest event or frame.
    public private(set) var duration: Double = 0
    /// The latest normalized pressure, or `nil` when the device reports none.
    public private(set) var pressure: Double?
    /// The device of the pressing pointer, so a scene can fall back to time for a mouse.
    public private(set) var device: PointerDevice?

    private var down: (id: Int, location: Point, time: Double)?

    override public func pointerBegan(_ event: PointerEvent) {
        guard down == nil else { return }
        down = (event.id, event.location, event.timestamp)
        duration = 0
        pressure = event.pressure
        device = event.device
        advance()
    }

    override public func pointerMoved(_ event: PointerEvent) {
        guard let down, down.id == event.id else { return }
        pressure = event.pressure
        updateDuration(to: event.timestamp)
        if intendedState == .possible && event.location.distance(to: down.location) > allowableMovement {
            transition(to: .failed)
        } else {
            advance()
        }
    }

    override public func pointerEnded(_ event: PointerEvent) {
        guard let down, down.id == event.id else { return }
        pressure = event.pressure
        updateDuration(to: event.timestamp)
        if intendedState == .possible && duration >= minimumPressDuration {
            transition(to: .began)
        }
        transition(to: intendedState.isRecognized ? .ended : .failed)
        self.down = nil
    }

    override public func pointerTicked(at time: Double) {
        guard down != nil else { return }
        let before = duration
        updateDuration(to: time)
        if duration > before || intendedState == .possible { advance() }
    }

    override public func reset() {
        super.reset()
        down = nil
        duration = 0
        pressure = nil
        device = nil
    }

    /// Begins once held long enough; reports a change while running.
    private func advance() {
        switch intendedState {
        case .possible where duration >= minimumPressDuration:
            transition(to: .began)
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }

    /// Moves `duration` forward (never back) to the time given.
    private func updateDuration(to time: Double) {
        guard let down else { return }
        duration = max(duration, time - down.time)
    }
}
