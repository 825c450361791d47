import KilnCore
import KilnTestSupport
import Testing

// MARK: Script helpers shared by the gesture tests

/// One pointer event for a script, mouse unless told, in canvas points and seconds.
func pointer(_ phase: PointerPhase, _ x: Double, _ y: Double, at time: Double,
             id: Int = 0, device: PointerDevice = .mouse, pressure: Double? = nil) -> PointerEvent {
    PointerEvent(id: id, phase: phase, location: Point(x, y), timestamp: time,
                 device: device, pressure: pressure)
}

/// A straight drag sampled at 120 Hz: `began` at `from`, then moves at `velocity`, `moves` of them.
func drag(from start: Point, velocity: Point, moves: Int, startTime: Double = 0, id: Int = 0) -> [PointerEvent] {
    let began = PointerEvent(id: id, phase: .began, location: start, timestamp: startTime)
    return [began] + (1...moves).map { i in
        let t = Double(i) / 120
        return PointerEvent(id: id, phase: .moved, location: start + velocity * t,
                            timestamp: startTime + t)
    }
}

/// Records the states a recognizer's action is called with.
final class ActionLog {
    var states: [GestureState] = []

    init(_ recognizers: GestureRecognizer...) {
        for recognizer in recognizers {
            recognizer.onChange { [unowned self] in self.states.append($0.state) }
        }
    }
}

extension GestureRecognizer {
    /// Feeds a script of events in order.
    func feed(_ events: [PointerEvent]) {
        for event in events { handle(event) }
    }
}

// MARK: Pan

@Suite("Pan gesture recognizer")
struct PanGestureTests {
    @Test("A pan stays possible within the slop and begins beyond it with the slop in its translation")
    func beginsBeyondSlop() {
        let pan = PanGestureRecognizer()
        let log = ActionLog(pan)

        pan.feed([pointer(.began, 100, 100, at: 0), pointer(.moved, 106, 108, at: 0.02)])
        let stateWithinSlop = pan.state
        pan.handle(pointer(.moved, 109, 112, at: 0.04))

        #expect(stateWithinSlop == .possible)
        #expect(pan.state == .began)
        #expect(log.states == [.began])
        #expect(pan.translation(in: nil) == Point(9, 12))
    }

    @Test("A running pan reports changed on every move and ended on lift")
    func changesAndEnds() {
        let pan = PanGestureRecognizer()
        let log = ActionLog(pan)

        pan.feed(drag(from: Point(0, 0), velocity: Point(600, 0), moves: 5))
        pan.handle(pointer(.ended, 25, 0, at: 5.0 / 120))

        #expect(log.states == [.began, .changed, .changed, .ended])
        #expect(pan.state == .ended)
        #expect(isClose(pan.translation(in: nil), Point(25, 0)))
    }

    @Test("A pan that never leaves the slop fails on lift without calling its action")
    func failsWithinSlop() {
        let pan = PanGestureRecognizer()
        let log = ActionLog(pan)

        pan.feed([pointer(.began, 50, 50, at: 0), pointer(.moved, 55, 50, at: 0.1),
                  pointer(.ended, 55, 50, at: 0.2)])

        #expect(pan.state == .failed)
        #expect(log.states.isEmpty)
    }

    @Test("A cancelled pointer cancels a running pan and fails an undecided one")
    func cancellation() {
        let running = PanGestureRecognizer()
        let undecided = PanGestureRecognizer()
        let log = ActionLog(running)

        running.feed(drag(from: .zero, velocity: Point(0, 1200), moves: 3)
                     + [pointer(.cancelled, 0, 30, at: 0.03)])
        undecided.feed([pointer(.began, 0, 0, at: 0), pointer(.cancelled, 0, 0, at: 0.01)])

        #expect(log.states == [.began, .changed, .cancelled])
        #expect(running.state == .cancelled)
        #expect(undecided.state == .failed)
    }

    @Test("setTranslation redefines the translation while the velocity keeps its course")
    func setTranslation() {
        let pan = PanGestureRecognizer()
        pan.feed(drag(from: .zero, velocity: Point(240, 0), moves: 12))

        pan.setTranslation(.zero, in: nil)
        pan.handle(pointer(.moved, 26, 0, at: 13.0 / 120))

        #expect(isClose(pan.translation(in: nil), Point(2, 0)))
        #expect(abs(pan.velocity(in: nil).x - 240) < 2.4)
    }

    @Test("Translation and velocity in a scaled layer are in that layer's points")
    func layerCoordinates() {
        let root = Layer()
        root.frame = Rect(0, 0, 400, 400)
        let zoomed = Layer()
        zoomed.frame = Rect(100, 100, 100, 100)
        zoomed.transform = Transform(scaleX: 2, y: 2)
        root.addSublayer(zoomed)
        let pan = PanGestureRecognizer()

        pan.feed(drag(from: Point(150, 150), velocity: Point(240, 120), moves: 12))

        #expect(isClose(pan.translation(in: zoomed), Point(12, 6)))
        let velocity = pan.velocity(in: zoomed)
        #expect(abs(velocity.x - 120) < 1.2 && abs(velocity.y - 60) < 0.6)
        #expect(isClose(pan.location(in: zoomed), zoomed.convert(Point(174, 162), from: nil)))
    }

    @Test("The velocity of a constant 300 pt/s drag is exact within 1 % at lift")
    func constantVelocity() {
        let pan = PanGestureRecognizer()
        pan.feed(drag(from: Point(20, 400), velocity: Point(300, -150), moves: 60))

        pan.handle(pointer(.ended, 20 + 300 * 61 / 120, 400 - 150 * 61 / 120, at: 61.0 / 120))

        let velocity = pan.velocity(in: nil)
        #expect(pan.state == .ended)
        #expect(abs(velocity.x - 300) < 3)
        #expect(abs(velocity.y + 150) < 1.5)
    }

    @Test("Stopping 150 ms before lift leaves about zero velocity")
    func stopBeforeLift() {
        let pan = PanGestureRecognizer()
        pan.feed(drag(from: Point(20, 400), velocity: Point(300, 0), moves: 60))
        let whileMoving = pan.velocity(in: nil)

        pan.handle(pointer(.ended, 170, 400, at: 0.5 + 0.15))

        #expect(abs(whileMoving.x - 300) < 3)
        #expect(pan.velocity(in: nil).length < 1)
    }

    @Test("A finished pan starts afresh when the next touch begins")
    func resetsOnNextTouch() {
        let pan = PanGestureRecognizer()
        pan.feed(drag(from: .zero, velocity: Point(1200, 0), moves: 3) + [pointer(.ended, 30, 0, at: 0.03)])
        let stateAfterLift = pan.state

        pan.handle(pointer(.began, 200, 200, at: 1))

        #expect(stateAfterLift == .ended)
        #expect(pan.state == .possible)
        #expect(pan.translation(in: nil) == .zero)
        #expect(pan.velocity(in: nil) == .zero)
    }

    @Test("With two pointers the pan follows their centroid, without a jump when one joins")
    func twoPointers() {
        let pan = PanGestureRecognizer()
        pan.feed(drag(from: Point(100, 100), velocity: Point(1200, 0), moves: 2))
        let before = pan.translation(in: nil)

        pan.handle(pointer(.began, 300, 300, at: 0.02, id: 1))
        let afterJoin = pan.translation(in: nil)
        pan.handle(pointer(.moved, 320, 300, at: 0.03, id: 1))

        #expect(isClose(before, Point(20, 0)))
        #expect(afterJoin == before)
        #expect(isClose(pan.translation(in: nil), Point(30, 0)))
    }

    @Test("Pointers beyond the maximum number of touches are ignored")
    func maximumTouches() {
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        pan.feed(drag(from: Point(100, 100), velocity: Point(1200, 0), moves: 2))

        pan.feed([pointer(.began, 300, 300, at: 0.02, id: 1), pointer(.moved, 390, 300, at: 0.03, id: 1)])

        #expect(isClose(pan.translation(in: nil), Point(20, 0)))
    }

    @Test("Disabling a running pan cancels it")
    func disabling() {
        let pan = PanGestureRecognizer()
        let log = ActionLog(pan)
        pan.feed(drag(from: .zero, velocity: Point(1200, 0), moves: 3))

        pan.isEnabled = false
        pan.handle(pointer(.moved, 50, 0, at: 0.1))

        #expect(log.states == [.began, .changed, .cancelled])
        #expect(pan.state == .possible)
    }

    @Test("Events of a pointer the pan never saw begin are ignored")
    func unknownPointer() {
        let pan = PanGestureRecognizer()

        pan.feed([pointer(.moved, 0, 0, at: 0, id: 7), pointer(.moved, 90, 0, at: 0.1, id: 7),
                  pointer(.ended, 90, 0, at: 0.2, id: 7)])

        #expect(pan.state == .possible)
        #expect(pan.numberOfPointers == 0)
    }

    /// Found by `GestureRecognizerPropertyTests`: a touch down then a move to (∞, ∞) began
    /// the pan with an infinite translation and ended it with a NaN one.
    @Test("A location that is not finite leaves the pointer where it was: no touch begins there, no translation turns NaN")
    func nonFiniteLocations() {
        let pan = PanGestureRecognizer()
        let log = ActionLog(pan)

        pan.feed([pointer(.began, .nan, 0, at: 0, id: 1), pointer(.began, 100, 100, at: 0),
                  pointer(.moved, .infinity, .infinity, at: 0.01), pointer(.moved, 130, 100, at: 0.02),
                  pointer(.moved, .nan, -.infinity, at: 0.03), pointer(.ended, .nan, .nan, at: 0.04)])

        #expect(log.states == [.began, .ended])
        #expect(pan.numberOfPointers == 0)
        #expect(pan.translation(in: nil) == Point(30, 0))
        #expect(pan.location(in: nil) == Point(130, 100))
        #expect(pan.velocity(in: nil).x.isFinite && pan.velocity(in: nil).y.isFinite)
    }
}
