import KilnCore
import Testing

/// A recognizer written as a prototype author writes one, with only KilnCore's public API:
/// two taps of one pointer, the second coming down within `maximumDistance` of the first
/// and within `maximumInterval` of its lift. Discrete: `ended` on the second lift.
final class NearbyDoubleTapRecognizer: GestureRecognizer {
    var maximumDistance = 24.0
    var maximumInterval = 0.3

    private(set) var firstDown: Point?
    private var lastLift: Double?
    private var taps = 0

    override func pointerBegan(_ event: PointerEvent) {
        guard numberOfPointers == 1 else { return transition(to: .failed) }
        if let firstDown, event.location.distance(to: firstDown) > maximumDistance {
            return transition(to: .failed)
        }
        firstDown = firstDown ?? event.location
    }

    override func pointerEnded(_ event: PointerEvent) {
        taps += 1
        lastLift = event.timestamp
        if taps == 2 { transition(to: .ended) }
    }

    override func pointerTicked(at time: Double) {
        if let lastLift, numberOfPointers == 0, time - lastLift > maximumInterval {
            transition(to: .failed)
        }
    }

    override func reset() {
        super.reset()
        firstDown = nil
        lastLift = nil
        taps = 0
    }
}

@Suite("A recognizer written outside the toolkit")
struct CustomRecognizerTests {
    private func tap(_ x: Double, _ y: Double, at time: Double) -> [PointerEvent] {
        [pointer(.began, x, y, at: time), pointer(.ended, x, y, at: time + 0.05)]
    }

    @Test("Two nearby taps are recognized through the dispatcher and the action gets the recognizer's own type")
    func recognizesTwoNearbyTaps() {
        let tree = GestureTree()
        let doubleTap = NearbyDoubleTapRecognizer()
        var reported: [(GestureState, Point?)] = []
        doubleTap.onChange { recognizer in reported.append((recognizer.state, recognizer.firstDown)) }
        tree.dispatcher.add(doubleTap, to: tree.card)

        for event in tap(200, 200, at: 0) + tap(210, 205, at: 0.2) { tree.dispatcher.handle(event) }

        #expect(reported.map(\.0) == [.ended])
        #expect(reported.first?.1 == Point(200, 200))
    }

    @Test("A second tap too far away fails it, and a new touch starts it afresh")
    func failsWhenTooFar() {
        let tree = GestureTree()
        let doubleTap = NearbyDoubleTapRecognizer()
        let log = ActionLog(doubleTap)
        tree.dispatcher.add(doubleTap, to: tree.card)

        for event in tap(120, 120, at: 0) + tap(280, 280, at: 0.2) { tree.dispatcher.handle(event) }
        let afterFar = doubleTap.state
        for event in tap(150, 150, at: 1) + tap(152, 150, at: 1.2) { tree.dispatcher.handle(event) }

        #expect(afterFar == .failed)
        #expect(log.states == [.ended])
    }

    @Test("Waiting too long after the first tap fails it on a frame, and a single tap that requires it to fail fires then")
    func failsOnATickAndReleasesADependent() {
        let tree = GestureTree()
        let doubleTap = NearbyDoubleTapRecognizer()
        let singleTap = TapGestureRecognizer()
        singleTap.require(toFail: doubleTap)
        let doubleLog = ActionLog(doubleTap), singleLog = ActionLog(singleTap)
        tree.dispatcher.add(doubleTap, to: tree.card)
        tree.dispatcher.add(singleTap, to: tree.card)

        for event in tap(200, 200, at: 0) { tree.dispatcher.handle(event) }
        tree.dispatcher.tick(at: 0.2)
        let heldBack = singleLog.states
        tree.dispatcher.tick(at: 0.4)

        #expect(heldBack.isEmpty, "the single tap waits while the double tap may still happen")
        #expect(doubleTap.state == .failed && doubleLog.states.isEmpty)
        #expect(singleLog.states == [.ended])
    }
}
