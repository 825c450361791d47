import Foundation
import KilnCore
import KilnTestSupport
import Testing

@Suite("Gestures recognizing together and in order")
struct GestureCombinationTests {
    @Test("Pan, pinch and rotation on one layer all run at once under two pointers")
    func panPinchRotateTogether() {
        let tree = GestureTree()
        let pan = PanGestureRecognizer()
        let pinch = PinchGestureRecognizer()
        let rotate = RotationGestureRecognizer()
        for recognizer in [pan, pinch, rotate] as [GestureRecognizer] { tree.dispatcher.add(recognizer, to: tree.card) }
        let log = ActionLog(pan, pinch, rotate)
        let start = Point(200, 200)

        for event in twoPointersDown(start - Point(50, 0), start + Point(50, 0)) { tree.dispatcher.handle(event) }
        // Over ten frames the centre moves by (20, 10), the fingers spread to twice their
        // distance, and their line turns a quarter turn clockwise.
        for frame in 1...10 {
            let f = Double(frame) / 10
            let centre = start + Point(20, 10) * f
            let half = polar(.zero, radius: 50 * (1 + f), angle: Double.pi / 2 * f)
            tree.dispatcher.handle(move(0, to: centre - half, at: f / 6))
            tree.dispatcher.handle(move(1, to: centre + half, at: f / 6))
        }
        let running = [pan.state, pinch.state, rotate.state]
        let end = polar(.zero, radius: 100, angle: Double.pi / 2)
        tree.dispatcher.handle(lift(0, at: Point(220, 210) - end, time: 0.2))
        tree.dispatcher.handle(lift(1, at: Point(220, 210) + end, time: 0.2))

        #expect(running == [.changed, .changed, .changed])
        #expect(isClose(pan.translation(in: nil), Point(20, 10)))
        #expect(abs(pinch.scale - 2) < 1e-9)
        #expect(abs(rotate.rotation - Double.pi / 2) < 1e-9)
        #expect([pan.state, pinch.state, rotate.state] == [.ended, .ended, .ended])
        #expect(log.states.filter { $0 == .began }.count == 3)
    }

    /// Attaches both recognizers to the card, `waiting` requiring `required` to fail.
    func attach<Waiting: GestureRecognizer, Required: GestureRecognizer>(
        _ waiting: Waiting, toFail required: Required, on tree: GestureTree) -> (Waiting, Required) {
        waiting.require(toFail: required)
        tree.dispatcher.add(waiting, to: tree.card)
        tree.dispatcher.add(required, to: tree.card)
        return (waiting, required)
    }

    /// A single tap and a double tap on the card, the single waiting for the double to fail.
    func makeTaps(_ tree: GestureTree) -> (single: TapGestureRecognizer, double: TapGestureRecognizer) {
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        return attach(TapGestureRecognizer(), toFail: double, on: tree)
    }

    @Test("A single tap that requires a double tap to fail fires only once the double tap's interval has passed")
    func singleWaitsForDouble() {
        let tree = GestureTree()
        let (single, double) = makeTaps(tree)
        let log = ActionLog(single)

        tree.dispatcher.handle(pointer(.began, 200, 200, at: 0))
        tree.dispatcher.handle(pointer(.ended, 200, 200, at: 0.1))
        tree.dispatcher.tick(at: 0.4)
        let withinInterval = single.state
        let calledWithinInterval = log.states
        tree.dispatcher.tick(at: 0.5)

        #expect(withinInterval == .possible)
        #expect(calledWithinInterval.isEmpty)
        #expect(double.state == .failed)
        #expect(single.state == .ended)
        #expect(log.states == [.ended])
    }

    @Test("A single tap waiting for a double tap still fires when another touch lands elsewhere meanwhile")
    func singleSurvivesTouchElsewhere() {
        let tree = GestureTree()
        let (single, _) = makeTaps(tree)
        let log = ActionLog(single)

        tree.dispatcher.handle(pointer(.began, 200, 200, at: 0))
        tree.dispatcher.handle(pointer(.ended, 200, 200, at: 0.1))
        tree.dispatcher.handle(pointer(.began, 200, 750, at: 0.2, id: 1))
        tree.dispatcher.handle(pointer(.ended, 200, 750, at: 0.3, id: 1))
        tree.dispatcher.tick(at: 0.5)

        #expect(single.state == .ended)
        #expect(log.states == [.ended])
    }

    @Test("A single tap waiting for a double tap fires when the double tap is reset, not waiting for ever")
    func singleReleasedByReset() {
        let tree = GestureTree()
        let (single, double) = makeTaps(tree)

        tree.dispatcher.handle(pointer(.began, 200, 200, at: 0))
        tree.dispatcher.handle(pointer(.ended, 200, 200, at: 0.1))
        let whileHeld = single.state
        double.reset()

        #expect(whileHeld == .possible)
        #expect(single.state == .ended)
    }

    @Test("A double tap fires the double tap and never the single that waits for it")
    func doubleWithoutSingle() {
        let tree = GestureTree()
        let (single, double) = makeTaps(tree)
        let singleLog = ActionLog(single)
        let doubleLog = ActionLog(double)

        for (down, up) in [(0.0, 0.1), (0.25, 0.3)] {
            tree.dispatcher.handle(pointer(.began, 200, 200, at: down))
            tree.dispatcher.handle(pointer(.ended, 200, 200, at: up))
        }
        tree.dispatcher.tick(at: 1)

        #expect(doubleLog.states == [.ended])
        #expect(singleLog.states.isEmpty)
        #expect(single.state == .failed)
    }

    /// A pan on the card that waits for a swipe right to fail.
    func makeSwipeAndPan(_ tree: GestureTree) -> (swipe: SwipeGestureRecognizer, pan: PanGestureRecognizer) {
        let (pan, swipe) = attach(PanGestureRecognizer(), toFail: SwipeGestureRecognizer(), on: tree)
        return (swipe, pan)
    }

    @Test("A flick right fires the swipe and fails the pan waiting for it")
    func swipeBeatsPan() {
        let tree = GestureTree()
        let (swipe, pan) = makeSwipeAndPan(tree)
        let panLog = ActionLog(pan)

        for event in drag(from: Point(150, 200), velocity: Point(1200, 0), moves: 8) { tree.dispatcher.handle(event) }
        tree.dispatcher.handle(pointer(.ended, 230, 200, at: 0.07))

        #expect(swipe.state == .ended)
        #expect(pan.state == .failed)
        #expect(panLog.states.isEmpty)
    }

    @Test("A slow drag fails the swipe at its time limit and the pan then runs, having lost nothing")
    func panAfterSlowSwipe() {
        let tree = GestureTree()
        let (swipe, pan) = makeSwipeAndPan(tree)
        let panLog = ActionLog(pan)

        for event in drag(from: Point(120, 200), velocity: Point(60, 0), moves: 48) { tree.dispatcher.handle(event) }
        let panBeforeLimit = pan.state
        tree.dispatcher.tick(at: 0.55)
        tree.dispatcher.handle(pointer(.moved, 154, 200, at: 0.56))
        tree.dispatcher.handle(pointer(.ended, 154, 200, at: 0.57))

        #expect(panBeforeLimit == .possible)
        #expect(swipe.state == .failed)
        #expect(panLog.states == [.began, .changed, .changed, .ended])
        #expect(isClose(pan.translation(in: nil), Point(34, 0)))
    }

    @Test("A drag the wrong way fails the swipe at once, so the pan begins without waiting")
    func wrongWaySwipeFreesPan() {
        let tree = GestureTree()
        let (swipe, pan) = makeSwipeAndPan(tree)

        for event in drag(from: Point(200, 250), velocity: Point(0, -1200), moves: 2) { tree.dispatcher.handle(event) }

        #expect(swipe.state == .failed)
        #expect(pan.state == .began)
    }

    /// A tap on the card that waits for a long press to fail, and may be held for 2 s itself.
    func makeTapAndLongPress(_ tree: GestureTree) -> (tap: TapGestureRecognizer, press: LongPressGestureRecognizer) {
        let tap = TapGestureRecognizer()
        tap.maximumPressDuration = 2
        return attach(tap, toFail: LongPressGestureRecognizer(), on: tree)
    }

    @Test("A quick tap fires the tap once the long press fails on the lift")
    func tapBeatsLongPress() {
        let tree = GestureTree()
        let (tap, press) = makeTapAndLongPress(tree)

        tree.dispatcher.handle(pointer(.began, 200, 200, at: 0))
        tree.dispatcher.tick(at: 0.1)
        tree.dispatcher.handle(pointer(.ended, 200, 200, at: 0.2))

        #expect(press.state == .failed)
        #expect(tap.state == .ended)
    }

    @Test("A hold begins the long press and fails the tap waiting for it, before the pointer lifts")
    func longPressBeatsTap() {
        let tree = GestureTree()
        let (tap, press) = makeTapAndLongPress(tree)
        let tapLog = ActionLog(tap)

        tree.dispatcher.handle(pointer(.began, 200, 200, at: 0))
        tree.dispatcher.tick(at: 0.5)
        let tapWhileHeld = tap.state
        tree.dispatcher.handle(pointer(.ended, 200, 200, at: 0.7))

        #expect(tapWhileHeld == .failed)
        #expect(press.state == .ended)
        #expect(tapLog.states.isEmpty)
    }
}
