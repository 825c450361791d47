import KilnCore
import Testing

@Suite("Gesture failure requirements")
struct GestureRequirementTests {
    /// A card with a tap that requires its pan to fail.
    func makeTapAndPan(_ tree: GestureTree) -> (tap: TapGestureRecognizer, pan: PanGestureRecognizer) {
        let tap = TapGestureRecognizer()
        let pan = PanGestureRecognizer()
        tap.require(toFail: pan)
        tree.dispatcher.add(tap, to: tree.card)
        tree.dispatcher.add(pan, to: tree.card)
        return (tap, pan)
    }

    @Test("A quick tap fires the tap once the pan has failed, though the tap sees the lift first")
    func tapBeatsPan() {
        let tree = GestureTree()
        let (tap, pan) = makeTapAndPan(tree)
        let tapLog = ActionLog(tap)

        tree.dispatcher.handle(pointer(.began, 200, 200, at: 0))
        tree.dispatcher.handle(pointer(.moved, 203, 200, at: 0.05))
        tree.dispatcher.handle(pointer(.ended, 203, 200, at: 0.1))

        #expect(pan.state == .failed)
        #expect(tap.state == .ended)
        #expect(tapLog.states == [.ended])
    }

    @Test("A drag fires the pan and fails the tap as soon as the pan begins")
    func panBeatsTap() {
        let tree = GestureTree()
        let (tap, pan) = makeTapAndPan(tree)
        tap.maximumMovement = 100
        let log = ActionLog(tap, pan)

        for event in drag(from: Point(200, 200), velocity: Point(1200, 0), moves: 2) {
            tree.dispatcher.handle(event)
        }
        let tapWhenPanBegan = tap.state
        tree.dispatcher.handle(pointer(.ended, 220, 200, at: 0.05))

        #expect(tapWhenPanBegan == .failed)
        #expect(pan.state == .ended)
        #expect(log.states == [.began, .ended])
    }

    @Test("After a drag, the next quick tap still fires the tap")
    func tapAfterDrag() {
        let tree = GestureTree()
        let (tap, pan) = makeTapAndPan(tree)
        let script = drag(from: Point(200, 200), velocity: Point(1200, 0), moves: 3)
            + [pointer(.ended, 230, 200, at: 0.05),
               pointer(.began, 150, 150, at: 1), pointer(.ended, 150, 150, at: 1.1)]

        for event in script { tree.dispatcher.handle(event) }

        #expect(pan.state == .failed)
        #expect(tap.state == .ended)
    }

    /// A card with a press (heard first) that requires a pan to fail.
    func makePressAndPan(_ tree: GestureTree) -> (press: PressGestureRecognizer, pan: PanGestureRecognizer) {
        let press = PressGestureRecognizer()
        let pan = PanGestureRecognizer()
        press.require(toFail: pan)
        tree.dispatcher.add(press, to: tree.card)
        tree.dispatcher.add(pan, to: tree.card)
        return (press, pan)
    }

    @Test("A press that requires a pan waits at touch down even though it hears the touch first")
    func pressWaitsAtTouchDown() {
        let tree = GestureTree()
        let (press, pan) = makePressAndPan(tree)
        let log = ActionLog(press)

        tree.dispatcher.handle(pointer(.began, 200, 200, at: 0))
        tree.dispatcher.tick(at: 0.1)

        #expect(pan.state == .possible)
        #expect(press.state == .possible)
        #expect(log.states.isEmpty)
    }

    @Test("Transitions held back by a requirement replay in order once it fails")
    func heldTransitionsReplay() {
        let tree = GestureTree()
        let (press, pan) = makePressAndPan(tree)
        let log = ActionLog(press)

        tree.dispatcher.handle(pointer(.began, 200, 200, at: 0))
        tree.dispatcher.tick(at: 0.1)
        tree.dispatcher.tick(at: 0.2)
        tree.dispatcher.handle(pointer(.ended, 200, 200, at: 0.3))

        #expect(pan.state == .failed)
        #expect(log.states == [.began, .changed, .ended])
        #expect(press.state == .ended)
    }

    @Test("A held-back press fails when the pan it waits for begins")
    func heldBackFails() {
        let tree = GestureTree()
        let (press, pan) = makePressAndPan(tree)
        let log = ActionLog(press)

        for event in drag(from: Point(200, 200), velocity: Point(1200, 0), moves: 2) {
            tree.dispatcher.handle(event)
        }

        #expect(pan.state == .began)
        #expect(press.state == .failed)
        #expect(log.states.isEmpty)
    }

    @Test("A requirement that takes no part in the touch does not hold a recognizer back")
    func uninvolvedRequirement() {
        let tree = GestureTree()
        let footerPan = PanGestureRecognizer()
        let cardTap = TapGestureRecognizer()
        cardTap.require(toFail: footerPan)
        tree.dispatcher.add(footerPan, to: tree.footer)
        tree.dispatcher.add(cardTap, to: tree.card)
        let footerDrag = drag(from: Point(200, 750), velocity: Point(1200, 0), moves: 3)
            + [pointer(.ended, 230, 750, at: 0.05)]

        for event in footerDrag { tree.dispatcher.handle(event) }
        tree.dispatcher.handle(pointer(.began, 200, 200, at: 1))
        tree.dispatcher.handle(pointer(.ended, 200, 200, at: 1.1))

        #expect(footerPan.state == .possible)
        #expect(cardTap.state == .ended)
    }
}
