import Foundation
@testable import KilnCore
import Testing

/// A recognizer made exclusive with `recognizesSimultaneously` keeps the others sharing its
/// pointers from running with it unless they allow it: either side's yes is enough, as in UIKit.
@Suite("Recognizers kept from running together")
struct GestureExclusivityTests {
    /// One pointer down at (100, 100), then moved right by `steps` of 10 pt, 20 ms apart.
    func dragRight(_ tree: GestureTree, steps: Int) {
        tree.dispatcher.handle(PointerEvent(id: 0, phase: .began, location: Point(100, 100), timestamp: 0))
        for step in 1...steps {
            tree.dispatcher.handle(move(0, to: Point(100 + 10 * Double(step), 100), at: 0.02 * Double(step)))
        }
    }

    @Test("By default a pan and a swipe on one layer both recognize a quick flick")
    func togetherByDefault() {
        let tree = GestureTree()
        let pan = PanGestureRecognizer(), swipe = SwipeGestureRecognizer()
        tree.dispatcher.add(pan, to: tree.card)
        tree.dispatcher.add(swipe, to: tree.card)
        dragRight(tree, steps: 8)
        #expect(pan.state == .changed && swipe.state == .ended)
    }

    @Test("A pan already running keeps out an exclusive swipe: the swipe fails instead")
    func runningPeerKeepsOut() {
        let tree = GestureTree()
        let pan = PanGestureRecognizer(), swipe = SwipeGestureRecognizer()
        swipe.recognizesSimultaneously = { _ in false }
        tree.dispatcher.add(pan, to: tree.card)
        tree.dispatcher.add(swipe, to: tree.card)
        dragRight(tree, steps: 8)
        // The pan began past its 10 pt slop, before the swipe had its 50 pt.
        #expect(pan.state == .changed)
        #expect(swipe.state == .failed)
    }

    @Test("Either side allowing is enough: one allows the other, the other refuses, both recognize a flick",
          arguments: [true, false])
    func eitherSideAllows(panAllows: Bool) {
        let tree = GestureTree()
        let pan = PanGestureRecognizer(), swipe = SwipeGestureRecognizer()
        pan.recognizesSimultaneously = { _ in panAllows }
        swipe.recognizesSimultaneously = { _ in !panAllows }
        tree.dispatcher.add(pan, to: tree.card)
        tree.dispatcher.add(swipe, to: tree.card)

        dragRight(tree, steps: 8)

        #expect(pan.state == .changed && swipe.state == .ended)
    }

    @Test("Both refusing keeps them apart: the pan already running fails the swipe")
    func bothRefuse() {
        let tree = GestureTree()
        let pan = PanGestureRecognizer(), swipe = SwipeGestureRecognizer()
        pan.recognizesSimultaneously = { _ in false }
        swipe.recognizesSimultaneously = { _ in false }
        tree.dispatcher.add(pan, to: tree.card)
        tree.dispatcher.add(swipe, to: tree.card)

        dragRight(tree, steps: 8)

        #expect(pan.state == .changed)
        #expect(swipe.state == .failed)
    }

    @Test("Every pair of answers: a yes from either runs them together, a no without a yes keeps them apart, no say runs together")
    func everyPairOfAnswers() {
        typealias Answer = ((GestureRecognizer) -> Bool)?
        let yes: Answer = { _ in true }, no: Answer = { _ in false }
        let pairs: [(Answer, Answer, together: Bool)] = [
            (nil, nil, true), (yes, nil, true), (yes, yes, true), (yes, no, true),
            (no, nil, false), (no, no, false),
        ]

        for (first, second, together) in pairs {
            let a = PanGestureRecognizer(), b = PinchGestureRecognizer()
            a.recognizesSimultaneously = first
            b.recognizesSimultaneously = second

            #expect(a.recognizesTogether(with: b) == together && b.recognizesTogether(with: a) == together)
        }
    }

    @Test("An exclusive recognizer that recognizes first fails the undecided ones beside it")
    func firstExclusiveFailsOthers() {
        let tree = GestureTree()
        let swipe = SwipeGestureRecognizer(), pan = PanGestureRecognizer()
        pan.minimumDistance = 200
        swipe.recognizesSimultaneously = { _ in false }
        tree.dispatcher.add(swipe, to: tree.card)
        tree.dispatcher.add(pan, to: tree.card)
        dragRight(tree, steps: 8)
        #expect(swipe.state == .ended)
        #expect(pan.state == .failed, "the pan would have begun at 200 pt; the swipe took the touch at 50")
    }

    @Test("Allowing one partner by name lets that one run along and keeps the rest out")
    func allowOne() {
        let tree = GestureTree()
        let pan = PanGestureRecognizer(), pinch = PinchGestureRecognizer(), rotate = RotationGestureRecognizer()
        pinch.recognizesSimultaneously = { $0 === rotate }
        for recognizer in [pan, pinch, rotate] as [GestureRecognizer] { tree.dispatcher.add(recognizer, to: tree.card) }
        for event in twoPointersDown(Point(150, 200), Point(250, 200)) { tree.dispatcher.handle(event) }
        // Spread and turn together, without moving the centre: the pan stays undecided.
        for frame in 1...10 {
            let f = Double(frame) / 10
            let half = polar(.zero, radius: 50 * (1 + f), angle: Double.pi / 4 * f)
            tree.dispatcher.handle(move(0, to: Point(200, 200) - half, at: f / 5))
            tree.dispatcher.handle(move(1, to: Point(200, 200) + half, at: f / 5))
        }
        #expect(pinch.state == .changed && rotate.state == .changed)
        #expect(pan.state == .failed, "the pinch recognized first and does not allow the pan")
    }
}
