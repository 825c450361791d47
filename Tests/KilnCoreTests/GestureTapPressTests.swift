import KilnCore
import KilnTestSupport
import Testing

@Suite("Tap gesture recognizer")
struct TapGestureTests {
    @Test("A quick tap is recognized on lift, where it lifted")
    func quickTap() {
        let tap = TapGestureRecognizer()
        let log = ActionLog(tap)

        tap.handle(pointer(.began, 40, 60, at: 1))
        let whileDown = tap.state
        tap.feed([pointer(.moved, 43, 62, at: 1.05), pointer(.ended, 44, 63, at: 1.1)])

        #expect(whileDown == .possible)
        #expect(tap.state == .ended)
        #expect(log.states == [.ended])
        #expect(tap.location(in: nil) == Point(44, 63))
    }

    @Test("A tap fails once the pointer strays more than 10 points")
    func movesTooFar() {
        let tap = TapGestureRecognizer()
        let log = ActionLog(tap)

        tap.feed([pointer(.began, 40, 60, at: 0), pointer(.moved, 51, 60, at: 0.05)])
        let afterMove = tap.state
        tap.handle(pointer(.ended, 40, 60, at: 0.1))

        #expect(afterMove == .failed)
        #expect(tap.state == .failed)
        #expect(log.states.isEmpty)
    }

    @Test("A tap held longer than half a second fails, on the next frame or at lift")
    func heldTooLong() {
        let ticked = TapGestureRecognizer()
        let lifted = TapGestureRecognizer()

        ticked.handle(pointer(.began, 10, 10, at: 0))
        ticked.tick(at: 0.45)
        let beforeLimit = ticked.state
        ticked.tick(at: 0.55)
        lifted.feed([pointer(.began, 10, 10, at: 0), pointer(.ended, 10, 10, at: 0.6)])

        #expect(beforeLimit == .possible)
        #expect(ticked.state == .failed)
        #expect(lifted.state == .failed)
    }

    @Test("The tap's limits can be tuned")
    func tunedLimits() {
        let tap = TapGestureRecognizer()
        tap.maximumMovement = 30
        tap.maximumPressDuration = 1

        tap.feed([pointer(.began, 0, 0, at: 0), pointer(.moved, 25, 0, at: 0.5),
                  pointer(.ended, 25, 0, at: 0.9)])

        #expect(tap.state == .ended)
    }

    @Test("A double tap waits for the second tap and fails if it comes too late")
    func doubleTap() {
        let quick = TapGestureRecognizer()
        let slow = TapGestureRecognizer()
        for tap in [quick, slow] { tap.numberOfTapsRequired = 2 }
        let firstTap = [pointer(.began, 5, 5, at: 0), pointer(.ended, 5, 5, at: 0.1)]

        quick.feed(firstTap)
        let afterOneTap = quick.state
        quick.feed([pointer(.began, 6, 5, at: 0.3), pointer(.ended, 6, 5, at: 0.4)])
        slow.feed(firstTap)
        slow.tick(at: 0.5)

        #expect(afterOneTap == .possible)
        #expect(quick.state == .ended)
        #expect(quick.tapCount == 2)
        #expect(slow.state == .failed)
    }

    @Test("A second pointer touching down fails a tap")
    func secondPointer() {
        let tap = TapGestureRecognizer()

        tap.feed([pointer(.began, 5, 5, at: 0), pointer(.began, 50, 5, at: 0.05, id: 1)])

        #expect(tap.state == .failed)
    }

    @Test("A cancelled pointer fails a tap")
    func cancelled() {
        let tap = TapGestureRecognizer()

        tap.feed([pointer(.began, 5, 5, at: 0), pointer(.cancelled, 5, 5, at: 0.05)])

        #expect(tap.state == .failed)
    }
}

@Suite("Press gesture recognizer")
struct PressGestureTests {
    @Test("A press begins on touch down with the pointer's pressure")
    func beginsOnTouchDown() {
        let press = PressGestureRecognizer()
        let log = ActionLog(press)

        press.handle(pointer(.began, 80, 80, at: 2, device: .pen, pressure: 0.2))

        #expect(press.state == .began)
        #expect(log.states == [.began])
        #expect(press.pressure == 0.2)
        #expect(press.device == .pen)
        #expect(press.duration == 0)
    }

    @Test("A still press changes on every frame as its duration advances, and ends on lift")
    func durationAdvancesWithTicks() {
        let press = PressGestureRecognizer()
        let log = ActionLog(press)
        var durations: [Double] = []
        press.onChange { press in
            log.states.append(press.state)
            durations.append(press.duration)
        }

        press.handle(pointer(.began, 80, 80, at: 2, device: .pen, pressure: 0.2))
        press.tick(at: 2.25)
        press.tick(at: 2.5)
        press.handle(pointer(.moved, 80, 80, at: 2.6, device: .pen, pressure: 0.7))
        press.handle(pointer(.ended, 80, 80, at: 3, device: .pen, pressure: 0.7))

        #expect(log.states == [.began, .changed, .changed, .changed, .ended])
        #expect(durations == [0, 0.25, 0.5, 2.6 - 2, 1])
        #expect(press.pressure == 0.7)
    }

    @Test("A press with a minimum duration begins on the first frame after it")
    func minimumDuration() {
        let press = PressGestureRecognizer()
        press.minimumPressDuration = 0.5
        let log = ActionLog(press)

        press.handle(pointer(.began, 0, 0, at: 0))
        press.tick(at: 0.4)
        let early = press.state
        press.tick(at: 0.5)

        #expect(early == .possible)
        #expect(press.state == .began)
        #expect(log.states == [.began])
    }

    @Test("A press lifted before its minimum duration fails")
    func liftedEarly() {
        let press = PressGestureRecognizer()
        press.minimumPressDuration = 0.5
        let log = ActionLog(press)

        press.feed([pointer(.began, 0, 0, at: 0), pointer(.ended, 0, 0, at: 0.3)])

        #expect(press.state == .failed)
        #expect(log.states.isEmpty)
    }

    @Test("A press moves freely by default but fails beyond a set allowable movement before it begins")
    func allowableMovement() {
        let free = PressGestureRecognizer()
        let strict = PressGestureRecognizer()
        strict.minimumPressDuration = 0.5
        strict.allowableMovement = 10
        let script = [pointer(.began, 0, 0, at: 0), pointer(.moved, 200, 0, at: 0.1)]

        free.feed(script)
        strict.feed(script)

        #expect(free.state == .changed)
        #expect(strict.state == .failed)
    }

    @Test("A cancelled pointer cancels a running press")
    func cancelled() {
        let press = PressGestureRecognizer()
        let log = ActionLog(press)

        press.feed([pointer(.began, 0, 0, at: 0), pointer(.cancelled, 0, 0, at: 0.2)])

        #expect(press.state == .cancelled)
        #expect(log.states == [.began, .cancelled])
    }
}

@Suite("Screen edge pan gesture recognizer")
struct ScreenEdgePanGestureTests {
    func makeEdgePan(_ edges: RectEdges = .left) -> ScreenEdgePanGestureRecognizer {
        let edgePan = ScreenEdgePanGestureRecognizer(edges: edges)
        edgePan.canvasRect = Rect(0, 0, 390, 844)
        return edgePan
    }

    @Test("An edge pan that starts within 20 points of the left edge begins like a pan")
    func insideMargin() {
        let edgePan = makeEdgePan()
        let log = ActionLog(edgePan)

        edgePan.feed(drag(from: Point(15, 400), velocity: Point(1200, 0), moves: 3))

        #expect(edgePan.state == .changed)
        #expect(log.states == [.began, .changed])
        #expect(isClose(edgePan.translation(in: nil), Point(30, 0)))
    }

    @Test("An edge pan that starts outside the margin fails at touch down")
    func outsideMargin() {
        let edgePan = makeEdgePan()

        edgePan.handle(pointer(.began, 25, 400, at: 0))

        #expect(edgePan.state == .failed)
    }

    @Test("Only the chosen edges count, each with its own side of the canvas")
    func chosenEdges() {
        let right = makeEdgePan(.right)
        let left = makeEdgePan(.left)

        #expect(right.isNearEdge(Point(375, 10)))
        #expect(!right.isNearEdge(Point(5, 10)))
        #expect(left.isNearEdge(Point(5, 10)))
        #expect(!left.isNearEdge(Point(375, 10)))
    }

    @Test("Without a canvas rectangle the edge pan measures against the root layer's frame")
    func rootFrame() {
        let root = Layer()
        root.frame = Rect(0, 0, 300, 600)
        let row = Layer()
        row.frame = Rect(0, 100, 300, 80)
        root.addSublayer(row)
        let dispatcher = GestureDispatcher(root: root)
        let edgePan = ScreenEdgePanGestureRecognizer(edges: [.right, .bottom])
        dispatcher.add(edgePan, to: row)

        #expect(edgePan.isNearEdge(Point(285, 140)))
        #expect(!edgePan.isNearEdge(Point(270, 140)))
        #expect(edgePan.isNearEdge(Point(100, 590)))
    }
}
