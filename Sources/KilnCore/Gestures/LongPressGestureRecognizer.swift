/// Recognizes pointers held still for a while, as UIKit's long press recognizer does; a continuous gesture.
///
/// It begins once `numberOfTouchesRequired` pointers have been down for
/// `minimumPressDuration` without any straying more than `allowableMovement` from where it
/// came down, then changes on every move (movement is free once it has begun) and ends when
/// a pointer lifts. Lifting early, straying, or more pointers than required fail it. With
/// `numberOfTapsRequired` above zero, that many quick taps must come first (tap, then press
/// and hold). Time passes through `tick(at:)`, so a press begins on a frame even when the
/// pointers are perfectly still.
///
/// Use ``PressGestureRecognizer`` instead to follow a press's duration and pressure from
/// the moment it touches down, as a pressure or hold-to-confirm control does.
///
/// ```swift
/// let hold = LongPressGestureRecognizer { [weak self] hold in
///     if hold.state == .began { self?.showMenu(at: hold.location(in: nil)) }
/// }
/// ```
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// How long, in seconds, the pointers must be held before the press begins.
    public var minimumPressDuration: Double = 0.5
    /// How far, in canvas points, each pointer may stray from where it came down before the press begins.
    public var allowableMovement: Double = 10
    /// How many pointers must be held down together.
    public var numberOfTouchesRequired = 1
    /// How many quick taps must come before the press (none unless told).
    public var numberOfTapsRequired = 0

    /// Where each pointer of the current touch came down.
    private var starts: [Int: Point] = [:]
    /// When the required number of pointers were first down together in the current touch.
    private var touchTime: Double?
    private var tapCount = 0
    private var lastLiftTime: Double?

    /// How long, in seconds, each of the preceding taps may be held (as a tap's default).
    private static let maximumTapDuration = 0.5
    /// How long, in seconds, the pointers may stay up between taps (as a tap's default).
    private static let maximumTapInterval = 0.35

    override public func pointerBegan(_ event: PointerEvent) {
        guard intendedState == .possible else { return }
        if starts.isEmpty, let lift = lastLiftTime, event.timestamp - lift > Self.maximumTapInterval {
            transition(to: .failed)
            return
        }
        starts[event.id] = event.location
        if starts.count > numberOfTouchesRequired {
            transition(to: .failed)
        } else if starts.count == numberOfTouchesRequired {
            touchTime = touchTime ?? event.timestamp
            advance(to: event.timestamp)
        }
    }

    override public func pointerMoved(_ event: PointerEvent) {
        guard let start = starts[event.id] else { return }
        switch intendedState {
        case .possible where event.location.distance(to: start) > allowableMovement:
            transition(to: .failed)
        case .possible:
            advance(to: event.timestamp)
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }

    override public func pointerEnded(_ event: PointerEvent) {
        guard starts.removeValue(forKey: event.id) != nil else { return }
        if intendedState == .possible { advance(to: event.timestamp) }
        if intendedState.isRecognized {
            transition(to: .ended)
        } else if intendedState == .possible {
            countTap(endingAt: event.timestamp)
        }
    }

    override public func pointerTicked(at time: Double) {
        guard intendedState == .possible else { return }
        if starts.isEmpty, let lift = lastLiftTime, time - lift > Self.maximumTapInterval {
            transition(to: .failed)
        } else {
            advance(to: time)
        }
    }

    override public func reset() {
        super.reset()
        starts = [:]
        touchTime = nil
        tapCount = 0
        lastLiftTime = nil
    }

    /// Begins once held long enough for the press, or fails a tap held too long.
    private func advance(to time: Double) {
        guard let touchTime else { return }
        let held = time - touchTime
        if tapCount < numberOfTapsRequired {
            if held > Self.maximumTapDuration { transition(to: .failed) }
        } else if held >= minimumPressDuration {
            transition(to: .began)
        }
    }

    /// A pointer lifted before the press began: the end of a tap once all have lifted, else a failure.
    private func countTap(endingAt time: Double) {
        guard tapCount < numberOfTapsRequired, touchTime != nil else {
            transition(to: .failed)
            return
        }
        guard starts.isEmpty else { return }
        tapCount += 1
        touchTime = nil
        lastLiftTime = time
    }
}
