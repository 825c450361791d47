/// Recognizes one or more quick taps of a single pointer; a discrete gesture, `ended` on the last lift.
///
/// It fails when the pointer moves more than `maximumMovement` from where it came down,
/// is held longer than `maximumPressDuration`, a second pointer joins, or the next tap of
/// a multiple tap comes later than `maximumTapInterval` after the previous lift.
public final class TapGestureRecognizer: GestureRecognizer {
    /// How many taps make the gesture.
    public var numberOfTapsRequired = 1
    /// How far, in canvas points, the pointer may stray from where it came down.
    public var maximumMovement: Double = 10
    /// How long, in seconds, each tap may be held.
    public var maximumPressDuration: Double = 0.5
    /// How long, in seconds, the pointer may stay up between the taps of a multiple tap.
    public var maximumTapInterval: Double = 0.35

    /// Taps completed so far in the current gesture.
    public private(set) var tapCount = 0

    private var down: (id: Int, location: Point, time: Double)?
    private var lastLiftTime: Double?

    override public func pointerBegan(_ event: PointerEvent) {
        if down != nil {
            transition(to: .failed)
        } else if let lift = lastLiftTime, event.timestamp - lift > maximumTapInterval {
            transition(to: .failed)
        } else {
            down = (event.id, event.location, event.timestamp)
        }
    }

    override public func pointerMoved(_ event: PointerEvent) {
        guard let down, down.id == event.id else { return }
        if strays(event) { transition(to: .failed) }
    }

    override public func pointerEnded(_ event: PointerEvent) {
        guard let down, down.id == event.id else { return }
        if strays(event) {
            transition(to: .failed)
            return
        }
        self.down = nil
        lastLiftTime = event.timestamp
        tapCount += 1
        if tapCount >= numberOfTapsRequired {
            transition(to: .ended)
        }
    }

    override public func pointerTicked(at time: Double) {
        guard intendedState == .possible else { return }
        if let down, time - down.time > maximumPressDuration {
            transition(to: .failed)
        } else if down == nil, let lift = lastLiftTime, time - lift > maximumTapInterval {
            transition(to: .failed)
        }
    }

    override public func reset() {
        super.reset()
        tapCount = 0
        down = nil
        lastLiftTime = nil
    }

    /// Whether the event is too far from the touch-down point or too late.
    private func strays(_ event: PointerEvent) -> Bool {
        guard let down else { return false }
        return event.location.distance(to: down.location) > maximumMovement
            || event.timestamp - down.time > maximumPressDuration
    }
}
