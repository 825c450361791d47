import Foundation
import KilnCore
import Testing

/// Pointer 0 touching down at `a` and pointer 1 at `b`, both at `time`.
func twoPointersDown(_ a: Point, _ b: Point, at time: Double = 0) -> [PointerEvent] {
    [PointerEvent(id: 0, phase: .began, location: a, timestamp: time),
     PointerEvent(id: 1, phase: .began, location: b, timestamp: time)]
}

/// A move of pointer `id` to `location` at `time`.
func move(_ id: Int, to location: Point, at time: Double) -> PointerEvent {
    PointerEvent(id: id, phase: .moved, location: location, timestamp: time)
}

/// A lift of pointer `id` at `location` and `time`.
func lift(_ id: Int, at location: Point, time: Double) -> PointerEvent {
    PointerEvent(id: id, phase: .ended, location: location, timestamp: time)
}

/// The point `radius` from `centre` at `angle` radians, clockwise on the canvas.
func polar(_ centre: Point, radius: Double, angle: Double) -> Point {
    centre + Point(cos(angle), sin(angle)) * radius
}

@Suite("Pinch gesture recognizer")
struct PinchGestureTests {
    @Test("A pinch stays possible within 4 points and begins beyond, its scale measured from the second touch down")
    func beginsBeyondSlop() {
        let pinch = PinchGestureRecognizer()
        let log = ActionLog(pinch)

        pinch.feed(twoPointersDown(Point(100, 100), Point(200, 100)) + [move(1, to: Point(203, 100), at: 0.1)])
        let withinSlop = (pinch.state, pinch.scale)
        pinch.handle(move(1, to: Point(205, 100), at: 0.2))
        let atBegan = pinch.scale
        pinch.handle(move(1, to: Point(300, 100), at: 0.3))

        #expect(withinSlop == (.possible, 1.03))
        #expect(atBegan == 1.05)
        #expect(pinch.scale == 2)
        #expect(log.states == [.began, .changed])
    }

    @Test("A running pinch ends when fewer than two pointers remain, keeping its scale")
    func endsOnLift() {
        let pinch = PinchGestureRecognizer()
        let log = ActionLog(pinch)

        pinch.feed(twoPointersDown(Point(0, 0), Point(100, 0)) + [move(1, to: Point(50, 0), at: 0.1)])
        pinch.handle(lift(1, at: Point(50, 0), time: 0.2))

        #expect(pinch.state == .ended)
        #expect(pinch.scale == 0.5)
        #expect(log.states == [.began, .ended])
    }

    @Test("A pinch that never began fails when its pointers lift; one pointer alone never begins")
    func failsWithoutBeginning() {
        let still = PinchGestureRecognizer()
        let alone = PinchGestureRecognizer()

        still.feed(twoPointersDown(Point(0, 0), Point(100, 0)) + [lift(0, at: Point(0, 0), time: 0.1)])
        let afterOneLift = still.state
        still.handle(lift(1, at: Point(100, 0), time: 0.2))
        alone.feed(drag(from: Point(0, 0), velocity: Point(3000, 0), moves: 10))
        let aloneWhileDragging = alone.state
        alone.handle(lift(0, at: Point(250, 0), time: 0.1))

        #expect(afterOneLift == .possible)
        #expect(still.state == .failed)
        #expect(aloneWhileDragging == .possible)
        #expect(alone.state == .failed)
    }

    @Test("A pinch's velocity is its scale's rate of change: positive spreading, negative closing")
    func velocity() {
        let spreading = PinchGestureRecognizer()
        let closing = PinchGestureRecognizer()

        // The distance grows from 100 by 200 points a second: the scale by 2 a second.
        for (pinch, rate) in [(spreading, 200.0), (closing, -200.0)] {
            pinch.feed(twoPointersDown(Point(0, 0), Point(100, 0)))
            for frame in 1...12 {
                let t = Double(frame) / 120
                pinch.handle(move(1, to: Point(100 + rate * t, 0), at: t))
            }
        }

        #expect(abs(spreading.velocity - 2) < 1e-9)
        #expect(abs(closing.velocity + 2) < 1e-9)
    }

    @Test("A third pointer carries a pinch on without a jump when one of the first two lifts")
    func thirdPointer() {
        let pinch = PinchGestureRecognizer()
        let third = PointerEvent(id: 2, phase: .began, location: Point(100, 0), timestamp: 0.2)

        pinch.feed(twoPointersDown(Point(0, 0), Point(100, 0)) + [move(1, to: Point(200, 0), at: 0.1), third])
        pinch.handle(lift(0, at: Point(0, 0), time: 0.3))
        let afterLift = (pinch.state, pinch.scale)
        pinch.handle(move(2, to: Point(0, 0), at: 0.4))

        #expect(afterLift == (.began, 2))
        #expect(pinch.state == .changed)
        #expect(pinch.scale == 4)
    }

    @Test("The pinch's location is the centre of its pointers, and a cancelled pointer cancels it")
    func centreAndCancel() {
        let pinch = PinchGestureRecognizer()
        let log = ActionLog(pinch)

        pinch.feed(twoPointersDown(Point(100, 100), Point(200, 300)) + [move(1, to: Point(200, 400), at: 0.1)])
        let centre = pinch.location(in: nil)
        pinch.handle(PointerEvent(id: 0, phase: .cancelled, location: Point(100, 100), timestamp: 0.2))

        #expect(centre == Point(150, 250))
        #expect(log.states == [.began, .cancelled])
    }
}

@Suite("Rotation gesture recognizer")
struct RotationGestureTests {
    let centre = Point(200, 200)

    /// Two pointers on a line through the centre, then the second turned to each of `angles`.
    func turn(_ rotate: RotationGestureRecognizer, through angles: [Double], radius: Double = 100) {
        rotate.feed(twoPointersDown(centre, polar(centre, radius: radius, angle: angles[0])))
        for (index, angle) in angles.enumerated().dropFirst() {
            rotate.handle(move(1, to: polar(centre, radius: radius, angle: angle), at: Double(index) / 120))
        }
    }

    @Test("A rotation begins once turned past 0.05 radians, clockwise positive, measured from the second touch down")
    func beginsBeyondSlop() {
        let rotate = RotationGestureRecognizer()
        let log = ActionLog(rotate)

        turn(rotate, through: [0, 0.03])
        let withinSlop = rotate.state
        rotate.handle(move(1, to: polar(centre, radius: 100, angle: 0.1), at: 0.1))
        let atBegan = rotate.rotation
        rotate.handle(move(1, to: polar(centre, radius: 100, angle: -Double.pi / 2), at: 0.2))
        rotate.handle(lift(1, at: polar(centre, radius: 100, angle: -Double.pi / 2), time: 0.3))

        #expect(withinSlop == .possible)
        #expect(abs(atBegan - 0.1) < 1e-12)
        #expect(abs(rotate.rotation + Double.pi / 2) < 1e-12)
        #expect(log.states == [.began, .changed, .ended])
    }

    @Test("Rotation is continuous past half a turn: two full turns read 4π, either way")
    func unwraps() {
        let clockwise = RotationGestureRecognizer()
        let anticlockwise = RotationGestureRecognizer()
        let steps = (0...16).map { Double($0) * Double.pi / 4 }

        turn(clockwise, through: steps.map { 3 * Double.pi / 4 + $0 })
        turn(anticlockwise, through: steps.map { 3 * Double.pi / 4 - $0 })

        #expect(abs(clockwise.rotation - 4 * Double.pi) < 1e-9)
        #expect(abs(anticlockwise.rotation + 4 * Double.pi) < 1e-9)
    }

    @Test("A rotation's velocity is in radians per second, negative turning anticlockwise")
    func velocity() {
        let clockwise = RotationGestureRecognizer()
        let anticlockwise = RotationGestureRecognizer()
        let times = (0...12).map { Double($0) / 120 }

        turn(clockwise, through: times.map { 3 * $0 })
        turn(anticlockwise, through: times.map { -3 * $0 })

        #expect(abs(clockwise.velocity - 3) < 1e-9)
        #expect(abs(anticlockwise.velocity + 3) < 1e-9)
    }

    @Test("A rotation that never turned far enough fails when its pointers lift")
    func failsWithoutBeginning() {
        let rotate = RotationGestureRecognizer()
        let log = ActionLog(rotate)

        turn(rotate, through: [0, 0.02, 0.04])
        rotate.feed([lift(0, at: centre, time: 0.1), lift(1, at: polar(centre, radius: 100, angle: 0.04), time: 0.1)])

        #expect(rotate.state == .failed)
        #expect(log.states.isEmpty)
    }
}
