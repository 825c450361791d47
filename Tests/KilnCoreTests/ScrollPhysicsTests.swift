import KilnCore
import PropertyBased
import Testing

@Suite("Scroll physics")
struct ScrollPhysicsTests {
    /// A list 3000 points long in a viewport 700 points tall.
    func makeList(offset: Double = 1000) -> ScrollPhysics {
        ScrollPhysics(contentSize: 3000, viewportSize: 700, contentOffset: offset)
    }

    /// Steps `axis` frame by frame at 120 Hz from `start` until it rests, at most `seconds` long.
    func run(_ axis: inout ScrollPhysics, from start: Double, for seconds: Double = 10) -> Double {
        var time = start
        while !axis.advance(to: time), time < start + seconds { time += 1.0 / 120 }
        return time
    }

    @Test("A fling travels velocity/1000 × rate/(1 − rate): 499 pt at normal, 99 pt at fast, for 1000 pt/s",
          arguments: [(DecelerationRate.normal, 499.0), (DecelerationRate.fast, 99.0)])
    func flingDistance(rate: Double, expected: Double) {
        var list = makeList()
        list.decelerationRate = rate
        let backwards = list.project(velocity: -1000)

        list.endDrag(velocity: 1000, at: 2)
        _ = run(&list, from: 2)

        #expect(abs(ScrollPhysics.project(velocity: 1000, rate: rate) - expected) < 1e-9)
        #expect(abs(backwards - (1000 - expected)) < 1e-9)
        // It stops once slower than 4 pt/s, which leaves under velocity/(1000 ln(1/rate)) to go.
        let travelled = list.contentOffset - 1000
        #expect(travelled < expected + 0.5 && travelled > expected - 2.5)
        #expect(list.phase == .resting)
    }

    @Test("Past an end a drag moves the content (1 − 1/(x·0.55/d + 1))·d, d the viewport",
          arguments: [(0.01, 0.0055), (100.0, 50.99), (300, 133.53), (700, 248.39), (5000, 557.97)])
    func rubberBand(overshoot: Double, expected: Double) {
        var list = makeList(offset: 0)

        list.beginDrag()
        list.drag(by: -overshoot)

        let formula = (1 - 1 / (overshoot * 0.55 / 700 + 1)) * 700
        #expect(abs(-list.contentOffset - formula) < 1e-9)
        #expect(abs(-list.contentOffset - expected) < 0.005)
        list.drag(by: overshoot)
        #expect(abs(list.contentOffset) < 1e-9, "dragging back over the same distance returns exactly")
    }

    @Test("A drag that catches the content past its end takes it up where it is drawn")
    func catchingMidBounce() {
        var list = makeList()
        list.beginDrag()
        list.drag(by: 3000)
        list.endDrag(velocity: 0, at: 0)
        list.advance(to: 0.05)
        let drawn = list.contentOffset

        list.beginDrag()
        list.drag(by: 0)

        #expect(drawn > list.maximumOffset)
        #expect(abs(list.contentOffset - drawn) < 1e-6)
    }

    @Test("Released past either end, it springs back inside and rests on the end within a second")
    func springBack() async {
        await propertyCheck(input: Gen.double(in: -2000...2000), Gen.double(in: -3000...3000)) { pull, velocity in
            var list = makeList(offset: pull < 0 ? 0 : 2300)
            list.beginDrag()
            list.drag(by: pull)

            list.endDrag(velocity: velocity, at: 1)
            let stopped = run(&list, from: 1)

            #expect(list.offsetRange.contains(list.contentOffset))
            #expect(list.phase == .resting)
            if abs(pull) > 1 && pull * velocity <= 0 { #expect(stopped - 1 < 1.0) }
        }
    }

    @Test("A fling past an end bounces and lands exactly on that end")
    func flingPastTheEnd() {
        var list = makeList(offset: 2200)

        list.endDrag(velocity: 3000, at: 0)
        var beyond = 0.0
        var time = 0.0
        while !list.advance(to: time), time < 10 {
            beyond = max(beyond, list.contentOffset - list.maximumOffset)
            time += 1.0 / 120
        }

        #expect(beyond > 10)
        #expect(list.contentOffset == list.maximumOffset)
    }

    @Test("Without bounces the content stops hard at its ends")
    func noBounce() {
        var list = makeList(offset: 2200)
        list.bounces = false

        list.beginDrag()
        list.drag(by: 500)
        let dragged = list.contentOffset
        list.endDrag(velocity: 3000, at: 0)
        _ = run(&list, from: 0)

        #expect(dragged == list.maximumOffset)
        #expect(list.contentOffset == list.maximumOffset)
    }

    @Test("Insets shift the range: the offset runs from minus the top inset to the end plus the bottom one")
    func insets() {
        var list = makeList(offset: 0)
        list.contentInsetStart = 44
        list.contentInsetEnd = 34

        list.beginDrag()
        list.drag(by: -30)
        list.endDrag(velocity: 0, at: 0)

        #expect(list.offsetRange == -44...2334)
        #expect(list.contentOffset == -30 && list.phase == .resting, "inside the inset it rests where it is")
        list.drag(by: -100)
        list.endDrag(velocity: 0, at: 1)
        _ = run(&list, from: 1)
        #expect(list.contentOffset == -44)
    }

    @Test("Content shorter than its viewport stays put, unless it always bounces")
    func shortContent() {
        var short = ScrollPhysics(contentSize: 300, viewportSize: 700)
        var bouncy = short
        bouncy.alwaysBounces = true

        short.drag(by: 80)
        bouncy.drag(by: 80)

        #expect(!short.canScroll && short.contentOffset == 0)
        #expect(bouncy.canScroll && bouncy.contentOffset > 0 && bouncy.contentOffset < 80 * 0.55)
    }

    @Test("A range axis runs over its range and rubber-bands over its dimension")
    func rangeAxis() {
        var sheet = ScrollPhysics(range: 104...790, dimension: 844)

        sheet.drag(by: 800)

        #expect(sheet.offsetRange == 104...790 && sheet.viewportSize == 844)
        #expect(abs(sheet.contentOffset - (790 + RubberBand(dimension: 844).offset(for: 114))) < 1e-9)
    }
}
