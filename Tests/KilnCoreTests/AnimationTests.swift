import KilnCore
import KilnTestSupport
import Testing

@Suite("Layer animations")
struct AnimationTests {
    @Test("A basic animation presents interpolated values and returns to the model at the end")
    func basicAnimation() {
        let layer = Layer()
        layer.opacity = 1
        var finished: Bool?
        let fade = BasicAnimation(.opacity, from: 0, to: 0.5, duration: 1)
        fade.completion = { finished = $0 }
        layer.add(fade, forKey: "fade")

        layer.advanceAnimations(to: 10)
        layer.advanceAnimations(to: 10.5)

        #expect(isClose(layer.opacity, 0.25))
        #expect(finished == nil)

        layer.advanceAnimations(to: 11)

        #expect(layer.opacity == 1)
        #expect(finished == true)
        #expect(layer.animationKeys.isEmpty)
    }

    @Test("A begin time starts the animation then, not on the first frame after it was added")
    func beginTime() {
        let layer = Layer()
        let fade = BasicAnimation(.opacity, from: 0, to: 1, duration: 1)
        fade.beginTime = 10.2
        var finished: Bool?
        fade.completion = { finished = $0 }
        layer.add(fade, forKey: "fade")

        layer.advanceAnimations(to: 10.25)
        let first = layer.opacity
        layer.advanceAnimations(to: 11.2)

        #expect(isClose(first, 0.05))
        #expect(fade.startTime == 10.2 && finished == true)
    }

    @Test("Timing curves shape the progress; delay holds the model value")
    func curveAndDelay() {
        let layer = Layer()
        let move = BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .easeIn)
        move.delay = 0.5
        layer.add(move, forKey: "move")

        layer.advanceAnimations(to: 0)
        layer.advanceAnimations(to: 0.25)
        #expect(layer.position.x == 0)

        layer.advanceAnimations(to: 1.0)
        #expect(isClose(layer.position.x, 100 * TimingFunction.easeIn.value(at: 0.5)))
    }

    @Test("Repeats and autoreverse run the passes back and forth")
    func repeatAndReverse() {
        let layer = Layer()
        let bob = BasicAnimation(.positionY, from: 0, to: 10, duration: 1)
        bob.autoreverses = true
        bob.repeatCount = .infinity
        layer.add(bob, forKey: "bob")

        layer.advanceAnimations(to: 0)
        layer.advanceAnimations(to: 0.5)
        let forward = layer.position.y
        layer.advanceAnimations(to: 1.25)
        let back = layer.position.y
        layer.advanceAnimations(to: 100.5)

        #expect(isClose(forward, 5))
        #expect(isClose(back, 7.5))
        #expect(isClose(layer.position.y, 5))
        #expect(layer.animationKeys == ["bob"])
    }

    @Test("A keyframe animation passes through its values at its key times")
    func keyframes() {
        let layer = Layer()
        let shake = KeyframeAnimation(.positionX, values: [0, 10, -10, 0], keyTimes: [0, 0.25, 0.75, 1], duration: 1)
        layer.add(shake, forKey: "shake")

        layer.advanceAnimations(to: 0)
        layer.advanceAnimations(to: 0.25)
        let first = layer.position.x
        layer.advanceAnimations(to: 0.5)
        let middle = layer.position.x
        layer.advanceAnimations(to: 0.75)

        #expect(isClose(first, 10))
        #expect(isClose(middle, 0))
        #expect(isClose(layer.position.x, -10))
    }

    @Test("Setting the model during an animation becomes the value it returns to")
    func modelChangeDuringAnimation() {
        let layer = Layer()
        layer.add(BasicAnimation(.opacity, from: 0, to: 1, duration: 1), forKey: "fade")
        layer.advanceAnimations(to: 0)
        layer.advanceAnimations(to: 0.5)

        layer.opacity = 0.3
        layer.advanceAnimations(to: 0.75)
        #expect(isClose(layer.opacity, 0.75))
        layer.advanceAnimations(to: 2)

        #expect(isClose(layer.opacity, 0.3))
    }

    @Test("Removing an animation by key restores the model and reports not finished")
    func removal() {
        let layer = Layer()
        var finished: Bool?
        let fade = BasicAnimation(.opacity, from: 0, to: 1, duration: 1)
        fade.completion = { finished = $0 }
        layer.add(fade, forKey: "fade")
        layer.advanceAnimations(to: 0)
        layer.advanceAnimations(to: 0.5)

        layer.removeAnimation(forKey: "fade")

        #expect(layer.opacity == 1)
        #expect(finished == false)
    }

    @Test("Animating strokeEnd changes the content revision; animating position does not")
    func contentRevisions() {
        let shape = ShapeLayer()
        shape.add(BasicAnimation(.strokeEnd, from: 0, to: 1, duration: 1), forKey: "draw")
        shape.add(BasicAnimation(.positionX, from: 0, to: 1, duration: 1), forKey: "move")
        shape.advanceAnimations(to: 0)
        let before = shape.contentRevision

        shape.advanceAnimations(to: 0.5)

        #expect(shape.contentRevision == before + 1)
    }

    @Test("Animations run on sublayers through the root")
    func subtree() {
        let root = Layer(), child = Layer()
        root.addSublayer(child)
        child.add(BasicAnimation(.opacity, from: 0, to: 1, duration: 1), forKey: "fade")

        root.advanceAnimations(to: 0)
        root.advanceAnimations(to: 0.5)

        #expect(isClose(child.opacity, 0.5))
        #expect(root.hasAnimations)
    }
}

@Suite("Spring animations")
struct SpringAnimationTests {
    @Test("A spring settles on its target within its settling time")
    func settles() {
        let layer = Layer()
        let spring = SpringAnimation(.position, from: Point(0, 0), to: Point(100, 50),
                                     spring: Spring(dampingRatio: 0.7, response: 0.4))
        layer.position = Point(100, 50)
        layer.add(spring, forKey: "spring")
        layer.advanceAnimations(to: 0)

        layer.advanceAnimations(to: spring.duration * 0.999)

        #expect(layer.position.distance(to: Point(100, 50)) < 0.15)
    }

    @Test("A spring starts with the handed-over velocity, in points per second")
    func handsOverVelocity() {
        let layer = Layer()
        let spring = SpringAnimation(.position, from: Point(0, 0), to: Point(0, 0),
                                     initialVelocity: Point(500, -200), spring: Spring(dampingRatio: 1, response: 0.5))
        layer.add(spring, forKey: "spring")
        layer.advanceAnimations(to: 0)

        layer.advanceAnimations(to: 0.0001)

        let vx = layer.position.x / 0.0001, vy = layer.position.y / 0.0001
        #expect(abs(vx - 500) < 5)
        #expect(abs(vy + 200) < 2)
    }

    @Test("An underdamped spring overshoots its target")
    func overshoots() {
        let layer = Layer()
        let spring = SpringAnimation(.positionX, from: 0, to: 100, spring: Spring(dampingRatio: 0.4, response: 0.5))
        layer.add(spring, forKey: "spring")
        layer.advanceAnimations(to: 0)
        var peak = 0.0

        for i in 1...120 {
            layer.advanceAnimations(to: Double(i) / 120)
            peak = max(peak, layer.position.x)
        }

        #expect(peak > 110)
    }
}

@Suite("Transactions", .serialized)
struct TransactionTests {
    @Test("Outside a transaction a change is immediate")
    func immediate() {
        let layer = Layer()

        layer.opacity = 0.2

        #expect(layer.animationKeys.isEmpty)
    }

    @Test("Inside a transaction a change animates from the presented value over its duration")
    func implicit() {
        let layer = Layer()
        layer.position = Point(0, 0)

        Transaction.begin()
        Transaction.animationDuration = 1
        Transaction.animationTimingFunction = .linear
        layer.position = Point(100, 0)
        Transaction.commit()
        layer.advanceAnimations(to: 0)
        layer.advanceAnimations(to: 0.5)

        #expect(abs(layer.position.x - 50) < 1e-9)
        layer.advanceAnimations(to: 1)
        #expect(layer.position.x == 100)
    }

    @Test("The default implicit duration is a quarter second")
    func defaultDuration() {
        let layer = Layer()

        Transaction.begin()
        layer.opacity = 0
        Transaction.commit()

        #expect(layer.animation(forKey: "opacity")?.duration == 0.25)
    }

    @Test("Nested transactions inherit settings and can disable actions")
    func nesting() {
        let a = Layer(), b = Layer()

        Transaction.begin()
        Transaction.animationDuration = 2
        Transaction.begin()
        a.opacity = 0.5
        Transaction.disableActions = true
        b.opacity = 0.5
        Transaction.commit()
        Transaction.commit()

        #expect(a.animation(forKey: "opacity")?.duration == 2)
        #expect(b.animationKeys.isEmpty)
        #expect(b.opacity == 0.5)
    }

    @Test("A transaction's completion runs when its last animation ends")
    func completion() {
        let layer = Layer()
        var done = 0

        Transaction.animate(duration: 1, { layer.opacity = 0 }, completion: { done += 1 })
        layer.advanceAnimations(to: 0)
        layer.advanceAnimations(to: 0.9)
        #expect(done == 0)
        layer.advanceAnimations(to: 1.0)

        #expect(done == 1)
    }

    @Test("A transaction with no changes completes at once")
    func emptyCompletion() {
        var done = false

        Transaction.animate({}, completion: { done = true })

        #expect(done)
    }

    @Test("A new implicit change mid-flight continues from where the layer is")
    func retarget() {
        let layer = Layer()
        Transaction.animate(duration: 1, timing: .linear, { layer.positionX = 100 })
        layer.advanceAnimations(to: 0)
        layer.advanceAnimations(to: 0.5)

        Transaction.animate(duration: 1, timing: .linear, { layer.positionX = 0 })
        layer.advanceAnimations(to: 0.5)

        #expect(abs(layer.position.x - 50) < 1e-9)
        layer.advanceAnimations(to: 1.0)
        #expect(abs(layer.position.x - 25) < 1e-9)
    }
}
