import KilnCore
import KilnTestSupport
import Testing

/// A 400×800 canvas with a card (100…300 × 100…300) holding a badge (110…150 × 110…150),
/// and a separate footer (0…400 × 700…800).
final class GestureTree {
    let root = Layer()
    let card = Layer()
    let badge = Layer()
    let footer = Layer()
    let dispatcher: GestureDispatcher

    init() {
        root.frame = Rect(0, 0, 400, 800)
        card.frame = Rect(100, 100, 200, 200)
        badge.frame = Rect(10, 10, 40, 40)
        footer.frame = Rect(0, 700, 400, 100)
        root.addSublayer(card)
        card.addSublayer(badge)
        root.addSublayer(footer)
        dispatcher = GestureDispatcher(root: root)
    }
}

@Suite("Gesture dispatcher")
struct GestureDispatcherTests {
    @Test("A captured pointer keeps going to its recognizer after it leaves the layer")
    func capture() {
        let tree = GestureTree()
        let pan = PanGestureRecognizer()
        let log = ActionLog(pan)
        tree.dispatcher.add(pan, to: tree.card)

        for event in drag(from: Point(200, 200), velocity: Point(0, 6000), moves: 12) {
            tree.dispatcher.handle(event)
        }
        tree.dispatcher.handle(pointer(.ended, 200, 800, at: 0.2))

        #expect(log.states.first == .began)
        #expect(log.states.last == .ended)
        #expect(isClose(pan.translation(in: nil), Point(0, 600)))
        #expect(tree.dispatcher.recognizers(capturing: 0).isEmpty)
    }

    @Test("A recognizer on a parent receives touches that hit a child, after the child's own")
    func ancestors() {
        let tree = GestureTree()
        let cardTap = TapGestureRecognizer()
        let badgeTap = TapGestureRecognizer()
        let rootTap = TapGestureRecognizer()
        tree.dispatcher.add(cardTap, to: tree.card)
        tree.dispatcher.add(badgeTap, to: tree.badge)
        tree.dispatcher.add(rootTap, to: tree.root)

        tree.dispatcher.handle(pointer(.began, 120, 120, at: 0))
        let captured = tree.dispatcher.recognizers(capturing: 0)
        tree.dispatcher.handle(pointer(.ended, 120, 120, at: 0.1))

        #expect(captured.map(ObjectIdentifier.init) == [badgeTap, cardTap, rootTap].map(ObjectIdentifier.init))
        #expect([badgeTap.state, cardTap.state, rootTap.state] == [.ended, .ended, .ended])
        #expect(cardTap.location(in: tree.card) == Point(20, 20))
    }

    @Test("A touch elsewhere does not reach a layer's recognizers")
    func elsewhere() {
        let tree = GestureTree()
        let cardTap = TapGestureRecognizer()
        tree.dispatcher.add(cardTap, to: tree.card)

        tree.dispatcher.handle(pointer(.began, 200, 750, at: 0))
        tree.dispatcher.handle(pointer(.ended, 200, 750, at: 0.1))

        #expect(cardTap.state == .possible)
    }

    @Test("Several recognizers on one layer receive the same touch and recognize together")
    func simultaneous() {
        let tree = GestureTree()
        let pan = PanGestureRecognizer()
        let press = PressGestureRecognizer()
        let log = ActionLog(pan, press)
        tree.dispatcher.add(pan, to: tree.card)
        tree.dispatcher.add(press, to: tree.card)

        for event in drag(from: Point(200, 200), velocity: Point(1200, 0), moves: 2) {
            tree.dispatcher.handle(event)
        }

        #expect(pan.state == .began)
        #expect(press.state == .changed)
        #expect(log.states == [.began, .changed, .began, .changed])
    }

    @Test("Events of a pointer that never began are ignored")
    func unknownPointer() {
        let tree = GestureTree()
        let pan = PanGestureRecognizer()
        tree.dispatcher.add(pan, to: tree.card)

        tree.dispatcher.handle(pointer(.moved, 200, 200, at: 0, id: 4))
        tree.dispatcher.handle(pointer(.moved, 300, 200, at: 0.1, id: 4))
        tree.dispatcher.handle(pointer(.ended, 300, 200, at: 0.2, id: 4))

        #expect(pan.state == .possible)
        #expect(pan.numberOfPointers == 0)
    }

    @Test("A cancelled pointer cancels the recognizers that captured it")
    func cancelledPointer() {
        let tree = GestureTree()
        let pan = PanGestureRecognizer()
        let log = ActionLog(pan)
        tree.dispatcher.add(pan, to: tree.card)

        for event in drag(from: Point(200, 200), velocity: Point(1200, 0), moves: 3) {
            tree.dispatcher.handle(event)
        }
        tree.dispatcher.handle(pointer(.cancelled, 230, 200, at: 0.03))
        tree.dispatcher.handle(pointer(.moved, 260, 200, at: 0.04))

        #expect(log.states == [.began, .changed, .cancelled])
        #expect(tree.dispatcher.recognizers(capturing: 0).isEmpty)
    }

    @Test("Hover events go to the hover handler and to no recognizer")
    func hover() {
        let tree = GestureTree()
        let press = PressGestureRecognizer()
        tree.dispatcher.add(press, to: tree.card)
        var hovered: [Point] = []
        tree.dispatcher.onHover = { hovered.append($0.location) }

        tree.dispatcher.handle(pointer(.hover, 200, 200, at: 0, device: .pen))

        #expect(hovered == [Point(200, 200)])
        #expect(press.state == .possible)
    }

    @Test("Frame ticks reach a held press through the dispatcher")
    func ticks() {
        let tree = GestureTree()
        let press = PressGestureRecognizer()
        tree.dispatcher.add(press, to: tree.card)

        tree.dispatcher.handle(pointer(.began, 200, 200, at: 1, device: .pen, pressure: 0.4))
        tree.dispatcher.tick(at: 1.5)

        #expect(press.state == .changed)
        #expect(press.duration == 0.5)
    }

    @Test("Removing a recognizer mid-gesture cancels it and stops its events")
    func removal() {
        let tree = GestureTree()
        let pan = PanGestureRecognizer()
        let log = ActionLog(pan)
        tree.dispatcher.add(pan, to: tree.card)
        for event in drag(from: Point(200, 200), velocity: Point(1200, 0), moves: 2) {
            tree.dispatcher.handle(event)
        }

        tree.dispatcher.remove(pan)
        tree.dispatcher.handle(pointer(.moved, 260, 200, at: 0.04))

        #expect(log.states == [.began, .cancelled])
        #expect(pan.layer == nil)
        #expect(tree.dispatcher.recognizers(on: tree.card).isEmpty)
    }

    @Test("A disabled recognizer is skipped when a touch begins")
    func disabled() {
        let tree = GestureTree()
        let tap = TapGestureRecognizer()
        tap.isEnabled = false
        tree.dispatcher.add(tap, to: tree.card)

        tree.dispatcher.handle(pointer(.began, 200, 200, at: 0))

        #expect(tree.dispatcher.recognizers(capturing: 0).isEmpty)
    }

    @Test("Two pointers on different layers go to different recognizers")
    func twoPointers() {
        let tree = GestureTree()
        let cardPan = PanGestureRecognizer()
        let footerPan = PanGestureRecognizer()
        tree.dispatcher.add(cardPan, to: tree.card)
        tree.dispatcher.add(footerPan, to: tree.footer)

        let card = drag(from: Point(200, 200), velocity: Point(1200, 0), moves: 3, id: 1)
        let footer = drag(from: Point(200, 750), velocity: Point(0, -2400), moves: 3, id: 2)
        for (a, b) in zip(card, footer) {
            tree.dispatcher.handle(a)
            tree.dispatcher.handle(b)
        }

        #expect(isClose(cardPan.translation(in: nil), Point(30, 0)))
        #expect(isClose(footerPan.translation(in: nil), Point(0, -60)))
    }
}
