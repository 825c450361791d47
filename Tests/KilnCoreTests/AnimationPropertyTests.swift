import KilnCore
import KilnTestSupport
import Testing

/// Runs `animation` on `layer` from time 0 and returns what `read` gives at `time`.
private func presented<T>(_ layer: Layer, _ animation: Animation, at time: Double, _ read: () -> T) -> T {
    layer.add(animation, forKey: "under test")
    layer.advanceAnimations(to: 0)
    layer.advanceAnimations(to: time)
    return read()
}

@Suite("Basic animations by an amount")
struct BasicAnimationByTests {
    /// The x position a layer at model x = 10 shows at the start, middle and end of `move`.
    func samples(_ move: BasicAnimation<Double>) -> [Double] {
        let layer = Layer()
        layer.position = Point(10, 0)
        layer.add(move, forKey: "move")
        return [0, 0.5, 0.999_999].map { time in
            layer.advanceAnimations(to: time)
            return layer.position.x
        }
    }

    func expectRun(_ move: BasicAnimation<Double>, from: Double, to: Double) {
        let values = samples(move)
        #expect(isClose(values[0], from))
        #expect(isClose(values[1], (from + to) / 2))
        #expect(isClose(values[2], to, within: 1e-4))
    }

    @Test("From and by run from `from` to `from + by`")
    func fromBy() {
        expectRun(BasicAnimation(.positionX, from: 100, by: 50, duration: 1), from: 100, to: 150)
    }

    @Test("By and to run from `to − by` to `to`")
    func byTo() {
        expectRun(BasicAnimation(.positionX, to: 100, by: 40, duration: 1), from: 60, to: 100)
    }

    @Test("By alone runs from the model value to the model value plus by")
    func byAlone() {
        expectRun(BasicAnimation(.positionX, by: 30, duration: 1), from: 10, to: 40)
    }

    @Test("From and to win over by")
    func fromToIgnoresBy() {
        expectRun(BasicAnimation(.positionX, from: 0, to: 20, by: 1000, duration: 1), from: 0, to: 20)
    }

    @Test("From alone ends at the model value; to alone starts from it")
    func oneEndpoint() {
        expectRun(BasicAnimation(.positionX, from: 50, duration: 1), from: 50, to: 10)
        expectRun(BasicAnimation(.positionX, to: 50, duration: 1), from: 10, to: 50)
    }

    @Test("By alone follows the model when it changes mid-flight, and the layer returns to it")
    func byFollowsModel() {
        let layer = Layer()
        layer.position = Point(10, 0)
        layer.add(BasicAnimation(.positionX, by: 30, duration: 1), forKey: "nudge")
        layer.advanceAnimations(to: 0)
        layer.advanceAnimations(to: 0.25)

        layer.positionX = 100
        layer.advanceAnimations(to: 0.5)
        #expect(isClose(layer.position.x, 115))
        layer.advanceAnimations(to: 1)

        #expect(layer.position.x == 100)
    }

    @Test("By works for points and can be set after creation")
    func pointBy() {
        let layer = Layer()
        layer.position = Point(5, 5)
        let move = BasicAnimation(.position, duration: 1)
        move.byValue = Point(10, -20)
        #expect(move.byValue == Point(10, -20))

        let middle = presented(layer, move, at: 0.5) { layer.position }

        #expect(isClose(middle, Point(10, -5)))
        #expect(move.endpoints(model: Point(5, 5)) == (Point(5, 5), Point(15, -15)))
    }

    @Test("By grows bounds component by component")
    func boundsBy() {
        let layer = Layer()
        layer.bounds = Rect(0, 0, 10, 10)

        let middle = presented(layer, BasicAnimation(.bounds, by: Rect(0, 0, 20, 40), duration: 1), at: 0.5) {
            layer.bounds
        }

        #expect(middle == Rect(0, 0, 20, 30))
    }
}

@Suite("Several animations on one property")
struct SharedPropertyAnimationTests {
    let model = Point(100, 200)

    /// A layer at `model` with a spring (key "spring") and then a basic animation (key
    /// "slide") on its position, both started at time 0; the completions record their results.
    func makeLayer(finished: @escaping (String, Bool) -> Void) -> Layer {
        let layer = Layer()
        layer.position = model
        let spring = SpringAnimation(.position, from: Point(0, 0), spring: Spring(dampingRatio: 1, response: 1))
        spring.completion = { finished("spring", $0) }
        let slide = BasicAnimation(.position, from: Point(-50, 0), to: Point(50, 0), duration: 1)
        slide.completion = { finished("slide", $0) }
        layer.add(spring, forKey: "spring")
        layer.add(slide, forKey: "slide")
        layer.advanceAnimations(to: 0)
        layer.advanceAnimations(to: 0.5)
        return layer
    }

    @Test("Both see the model value; the one added last shows")
    func shareModel() {
        let layer = makeLayer { _, _ in }

        #expect(isClose(layer.position, Point(0, 0)))
        let spring = layer.animation(forKey: "spring") as? SpringAnimation<Point>
        let slide = layer.animation(forKey: "slide") as? BasicAnimation<Point>
        #expect(spring?.modelValue == model)
        #expect(slide?.modelValue == model)
    }

    @Test("Removing the one shown first hands over to the other, then the model returns")
    func removeShownFirst() {
        var results: [String: Bool] = [:]
        let layer = makeLayer { results[$0] = $1 }
        let spring = layer.animation(forKey: "spring") as! SpringAnimation<Point>

        layer.removeAnimation(forKey: "slide")
        let springShown = spring.value(atProgress: 0.5, elapsed: 0.5, model: model)
        #expect(isClose(layer.position, springShown))
        layer.advanceAnimations(to: 0.75)
        #expect(layer.position != model)
        layer.removeAnimation(forKey: "spring")

        #expect(layer.position == model)
        #expect(results == ["slide": false, "spring": false])
    }

    @Test("Removing the hidden one first leaves the other showing, then the model returns")
    func removeHiddenFirst() {
        var results: [String: Bool] = [:]
        let layer = makeLayer { results[$0] = $1 }

        layer.removeAnimation(forKey: "spring")
        #expect(isClose(layer.position, Point(0, 0)))
        layer.advanceAnimations(to: 0.75)
        #expect(isClose(layer.position, Point(25, 0)))
        layer.removeAnimation(forKey: "slide")

        #expect(layer.position == model)
        #expect(results == ["spring": false, "slide": false])
    }

    @Test("Running both to the end leaves the model and reports both finished")
    func runToEnd() {
        var results: [String: Bool] = [:]
        let layer = makeLayer { results[$0] = $1 }
        let springEnd = layer.animation(forKey: "spring")!.totalDuration
        #expect(springEnd > 1)

        layer.advanceAnimations(to: 1)
        #expect(results == ["slide": true])
        #expect(layer.position != model)
        layer.advanceAnimations(to: springEnd)

        #expect(layer.position == model)
        #expect(results == ["slide": true, "spring": true])
    }

    @Test("A model change while both run is the value both return to")
    func modelChange() {
        let layer = makeLayer { _, _ in }

        layer.position = Point(7, 8)
        layer.advanceAnimations(to: 0.6)
        #expect((layer.animation(forKey: "spring") as? SpringAnimation<Point>)?.modelValue == Point(7, 8))
        layer.removeAnimation(forKey: "slide")
        layer.removeAnimation(forKey: "spring")

        #expect(layer.position == Point(7, 8))
    }

    @Test("An animation added after another began takes its model value, not its presented one")
    func lateJoiner() {
        let layer = Layer()
        layer.opacity = 1
        layer.add(BasicAnimation(.opacity, from: 0, to: 0.2, duration: 1), forKey: "a")
        layer.advanceAnimations(to: 0)
        layer.advanceAnimations(to: 0.5)
        let late = BasicAnimation(.opacity, from: 0.5, duration: 1)
        layer.add(late, forKey: "b")

        layer.advanceAnimations(to: 0.75)
        #expect(late.modelValue == 1)
        #expect(layer.opacity == 0.5)
        layer.advanceAnimations(to: 1.25)
        #expect(layer.animationKeys == ["b"])
        #expect(isClose(layer.opacity, 0.75))
        layer.advanceAnimations(to: 2)

        #expect(layer.opacity == 1)
        #expect(layer.animationKeys.isEmpty)
    }
}

@Suite("Emitter birth rate animation")
struct EmitterBirthRateAnimationTests {
    @Test("A basic animation on birthRate drives it over time; the live count rises then falls")
    func firesEmitter() {
        var cell = EmitterCell(name: "spark", contents: Bitmap(width: 2, height: 2, fill: .white))
        cell.birthRate = 200
        cell.lifetime = 0.3
        let emitter = EmitterLayer(configuration: EmitterConfiguration(cells: [cell], seed: 9))
        emitter.birthRate = 0
        let burst = BasicAnimation(.birthRate, from: 1, to: 0, duration: 1)
        emitter.add(burst, forKey: "fire")
        var rates: [Double] = [], counts: [Int] = []

        for frame in 0...120 {
            emitter.advanceAnimations(to: Double(frame) / 60)
            rates.append(emitter.birthRate)
            counts.append(emitter.aliveCount)
        }

        #expect(rates[0] == 1)
        #expect(isClose(rates[30], 0.5))
        #expect(rates[120] == 0)
        let peak = counts.max()!
        let peakFrame = counts.firstIndex(of: peak)!
        #expect(peak > 20)
        #expect(peakFrame > 0 && peakFrame < 60)
        #expect(counts[120] == 0)
        #expect(emitter.animationKeys.isEmpty)
    }
}

@Suite("Keyframe timing functions")
struct KeyframeTimingTests {
    @Test("Each segment follows its own curve; segments without one are linear")
    func perSegmentCurves() {
        let layer = Layer()
        let path = KeyframeAnimation(.positionX, values: [0, 100, 200, 300], duration: 3)
        path.timingFunctions = [.easeIn, .easeOut]
        layer.add(path, forKey: "path")
        layer.advanceAnimations(to: 0)
        var xs: [Double] = []

        for time in [0.5, 1.5, 2.5, 1.0, 2.0] {
            layer.advanceAnimations(to: time)
            xs.append(layer.position.x)
        }

        #expect(isClose(xs[0], 100 * TimingFunction.easeIn.value(at: 0.5)))
        #expect(isClose(xs[1], 100 + 100 * TimingFunction.easeOut.value(at: 0.5)))
        #expect(isClose(xs[2], 250))
        #expect(isClose(xs[3], 100))
        #expect(isClose(xs[4], 200))
        #expect(xs[0] < 50 && xs[1] > 150)
    }

    @Test("Curves apply within uneven key times")
    func curvesWithKeyTimes() {
        let layer = Layer()
        let fade = KeyframeAnimation(.opacity, values: [0, 1, 0], keyTimes: [0, 0.2, 1], duration: 1)
        fade.timingFunctions = [.linear, .easeInEaseOut]

        let value = presented(layer, fade, at: 0.4) { layer.opacity }

        #expect(isClose(value, 1 - TimingFunction.easeInEaseOut.value(at: 0.25)))
    }
}

@Suite("Animatable properties")
struct AnimatablePropertyTests {
    @Test("Bounds pass through the midpoint")
    func bounds() {
        let layer = Layer()
        let grow = BasicAnimation(.bounds, from: Rect(0, 0, 10, 20), to: Rect(10, 20, 30, 60), duration: 1)

        #expect(presented(layer, grow, at: 0.5) { layer.bounds } == Rect(5, 10, 20, 40))
    }

    @Test("A transform passes through the midpoint rotation, scale and translation")
    func transform() {
        let layer = Layer()
        let end = Transform(scaleX: 3, y: 3).concatenating(Transform(rotationAngle: 1))
            .concatenating(Transform(translationX: 40, y: -20))
        let turn = BasicAnimation(.transform, from: .identity, to: end, duration: 1)

        let middle = presented(layer, turn, at: 0.5) { layer.transform }

        #expect(isClose(layer.rotation, 0.5))
        #expect(isClose(layer.uniformScale, 2))
        #expect(isClose(middle.tx, 20) && isClose(middle.ty, -10))
    }

    @Test("The background colour passes through the midpoint")
    func backgroundColor() {
        let layer = Layer()
        let blush = BasicAnimation(.backgroundColor, from: Color(red: 0, green: 0.2, blue: 1),
                                   to: Color(red: 1, green: 0.6, blue: 0), duration: 1)

        let middle = presented(layer, blush, at: 0.5) { layer.backgroundColor }

        #expect(middle.map { isClose($0, Color(red: 0.5, green: 0.4, blue: 0.5)) } == true)
    }

    @Test("Corner radius and line width pass through their midpoints")
    func radiusAndLineWidth() {
        let layer = Layer()
        #expect(presented(layer, BasicAnimation(.cornerRadius, from: 4, to: 20, duration: 1), at: 0.5) {
            layer.cornerRadius
        } == 12)
        let shape = ShapeLayer()
        #expect(presented(shape, BasicAnimation(.lineWidth, from: 1, to: 9, duration: 1), at: 0.5) {
            shape.lineWidth
        } == 5)
    }

    @Test("Gradient colours and locations pass through their midpoints")
    func gradient() {
        let gradient = GradientLayer()
        gradient.colors = [.black, .white]
        let colors = BasicAnimation(.colors, to: [.white, Color(red: 0, green: 0, blue: 1)], duration: 1)
        let middle = presented(gradient, colors, at: 0.5) { gradient.colors }
        #expect(middle.count == 2)
        #expect(isClose(middle[0], Color(red: 0.5, green: 0.5, blue: 0.5)))
        #expect(isClose(middle[1], Color(red: 0.5, green: 0.5, blue: 1)))

        let spread = GradientLayer()
        spread.colors = [.black, .white]
        let locations = BasicAnimation(.locations, from: [0, 1], to: [0.4, 0.6], duration: 1)
        #expect(presented(spread, locations, at: 0.5) { spread.locations } == [0.2, 0.8])
    }

    @Test("Shadow opacity, radius and colour pass through their midpoints")
    func shadow() {
        let layer = Layer()
        layer.add(BasicAnimation(.shadowOpacity, from: 0, to: 0.8, duration: 1), forKey: "opacity")
        layer.add(BasicAnimation(.shadowRadius, from: 2, to: 10, duration: 1), forKey: "radius")
        layer.add(BasicAnimation(.shadowColor, from: .black, to: Color(red: 1, green: 0, blue: 0.5), duration: 1),
                  forKey: "colour")

        layer.advanceAnimations(to: 0)
        layer.advanceAnimations(to: 0.5)

        #expect(isClose(layer.shadowOpacity, 0.4))
        #expect(isClose(layer.shadowRadius, 6))
        #expect(isClose(layer.shadowColor, Color(red: 0.5, green: 0, blue: 0.25)))
    }
}
