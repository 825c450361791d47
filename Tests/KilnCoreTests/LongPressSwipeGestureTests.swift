import KilnCore
import KilnTestSupport
import Testing

@Suite("Long press gesture recognizer")
struct LongPressGestureTests {
    @Test("A long press begins on the frame after half a second held still, changes on moves and ends on lift")
    func beginsAfterDuration() {
        let press = LongPressGestureRecognizer()
        let log = ActionLog(press)

        press.feed([pointer(.began, 50, 50, at: 0), pointer(.moved, 56, 53, at: 0.2)])
        press.tick(at: 0.45)
        let beforeDuration = press.state
        press.tick(at: 0.5)
        let atDuration = press.state
        press.tick(at: 0.6)
        press.feed([pointer(.moved, 150, 50, at: 0.7), pointer(.ended, 150, 50, at: 0.8)])

        #expect(beforeDuration == .possible)
        #expect(atDuration == .began)
        #expect(log.states == [.began, .changed, .ended])
        #expect(press.location(in: nil) == Point(150, 50))
    }

    @Test("A long press fails when the pointer strays past 10 points or lifts before the duration")
    func fails() {
        let strayed = LongPressGestureRecognizer()
        let lifted = LongPressGestureRecognizer()
        let log = ActionLog(strayed, lifted)

        strayed.feed([pointer(.began, 50, 50, at: 0), pointer(.moved, 61, 50, at: 0.1)])
        strayed.tick(at: 0.6)
        lifted.feed([pointer(.began, 50, 50, at: 0), pointer(.ended, 50, 50, at: 0.4)])

        #expect(strayed.state == .failed)
        #expect(lifted.state == .failed)
        #expect(log.states.isEmpty)
    }

    @Test("A pointer held long enough but lifted before any frame begins and ends the press at the lift")
    func liftWithoutFrames() {
        let press = LongPressGestureRecognizer()
        let log = ActionLog(press)

        press.feed([pointer(.began, 50, 50, at: 0), pointer(.ended, 50, 50, at: 0.7)])

        #expect(log.states == [.began, .ended])
    }

    @Test("A two-finger long press waits for both fingers, ends when one lifts, and fails with a third")
    func twoFingers() {
        let press = LongPressGestureRecognizer()
        let crowded = LongPressGestureRecognizer()
        for recognizer in [press, crowded] { recognizer.numberOfTouchesRequired = 2 }
        let log = ActionLog(press)

        press.handle(pointer(.began, 50, 50, at: 0))
        press.tick(at: 1)
        let withOneFinger = press.state
        press.handle(pointer(.began, 90, 50, at: 1, id: 1))
        press.tick(at: 1.5)
        press.handle(pointer(.ended, 90, 50, at: 1.6, id: 1))
        crowded.feed([pointer(.began, 50, 50, at: 0), pointer(.began, 60, 50, at: 0, id: 1),
                      pointer(.began, 70, 50, at: 0, id: 2)])

        #expect(withOneFinger == .possible)
        #expect(log.states == [.began, .ended])
        #expect(crowded.state == .failed)
    }

    @Test("With one tap required, a tap then a hold begins the press; a hold alone or a late second touch fails")
    func tapThenHold() {
        let tapped = LongPressGestureRecognizer()
        let held = LongPressGestureRecognizer()
        let late = LongPressGestureRecognizer()
        for recognizer in [tapped, held, late] { recognizer.numberOfTapsRequired = 1 }
        let tap = [pointer(.began, 50, 50, at: 0), pointer(.ended, 50, 50, at: 0.1)]

        tapped.feed(tap + [pointer(.began, 52, 50, at: 0.3)])
        tapped.tick(at: 0.75)
        let beforeDuration = tapped.state
        tapped.tick(at: 0.8)
        held.handle(pointer(.began, 50, 50, at: 0))
        held.tick(at: 1)
        late.feed(tap)
        late.tick(at: 0.5)

        #expect(beforeDuration == .possible)
        #expect(tapped.state == .began)
        #expect(held.state == .failed)
        #expect(late.state == .failed)
    }
}

@Suite("Swipe gesture recognizer")
struct SwipeGestureTests {
    @Test("A quick stroke right is recognized while still moving, once it has gone 50 points")
    func recognizedWhileMoving() {
        let swipe = SwipeGestureRecognizer()
        let log = ActionLog(swipe)
        let stroke = drag(from: Point(100, 100), velocity: Point(1200, 120), moves: 6)

        swipe.feed(Array(stroke.prefix(5)))
        let after40Points = swipe.state
        swipe.handle(stroke[5])

        #expect(after40Points == .possible)
        #expect(swipe.state == .ended)
        #expect(log.states == [.ended])
        #expect(isClose(swipe.location(in: nil), Point(150, 105)))
    }

    @Test("A swipe fails going the wrong way, and succeeds that way once the direction is permitted")
    func direction() {
        let right = SwipeGestureRecognizer()
        let either = SwipeGestureRecognizer()
        either.direction = [.left, .right]
        let leftwards = drag(from: Point(200, 100), velocity: Point(-1200, 0), moves: 6)

        right.feed(Array(leftwards.prefix(3)))
        let after20Points = right.state
        either.feed(leftwards)

        #expect(after20Points == .failed)
        #expect(either.state == .ended)
    }

    @Test("A swipe fails when too slow, too crooked, or lifted first")
    func fails() {
        let slow = SwipeGestureRecognizer()
        let crooked = SwipeGestureRecognizer()
        let lifted = SwipeGestureRecognizer()
        slow.direction = .down

        slow.feed(drag(from: Point(100, 100), velocity: Point(0, 90), moves: 70))
        // 40° off the axis: across is more than half of along, but it heads the right way.
        crooked.feed(drag(from: Point(100, 100), velocity: Point(1000, 839), moves: 12))
        let crookedWhileMoving = crooked.state
        crooked.handle(pointer(.ended, 200, 184, at: 0.11))
        lifted.feed(drag(from: Point(100, 100), velocity: Point(1200, 0), moves: 3)
            + [pointer(.ended, 130, 100, at: 0.03)])

        #expect(slow.state == .failed)
        #expect(crookedWhileMoving == .possible)
        #expect(crooked.state == .failed)
        #expect(lifted.state == .failed)
    }

    @Test("A two-finger swipe up needs exactly two pointers")
    func twoFingers() {
        let two = SwipeGestureRecognizer()
        let one = SwipeGestureRecognizer()
        let three = SwipeGestureRecognizer()
        for swipe in [two, one, three] {
            swipe.direction = .up
            swipe.numberOfTouchesRequired = 2
        }
        let up = Point(0, -1200)
        let pair = zip(drag(from: Point(100, 300), velocity: up, moves: 6),
                       drag(from: Point(160, 300), velocity: up, moves: 6, id: 1)).flatMap { [$0, $1] }

        two.feed(pair)
        one.feed(drag(from: Point(100, 300), velocity: up, moves: 6))
        three.feed(Array(pair.prefix(2)) + [pointer(.began, 220, 300, at: 0, id: 2)])

        #expect(two.state == .ended)
        #expect(one.state == .failed)
        #expect(three.state == .failed)
    }
}

@Suite("Pan gesture recognizer, number of touches")
struct PanTouchCountTests {
    @Test("A pan needing two pointers never begins with one, and measures from when the second touched down")
    func twoFingerPan() {
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        let log = ActionLog(pan)

        pan.feed(drag(from: Point(100, 100), velocity: Point(1200, 0), moves: 6))
        let withOnePointer = pan.state
        pan.feed([pointer(.began, 150, 200, at: 0.1, id: 1), pointer(.moved, 150, 230, at: 0.11, id: 1)])
        let translation = pan.translation(in: nil)
        pan.handle(pointer(.ended, 150, 230, at: 0.12, id: 1))

        #expect(withOnePointer == .possible)
        #expect(translation == Point(0, 15))
        #expect(log.states == [.began, .ended])
        #expect(pan.state == .ended)
    }
}
