import Kiln
import Testing
@testable import BottomSheet

@Suite("Sheet physics")
struct SheetPhysicsTests {
    let detents = DetentHeights(collapsed: 104, medium: 405, large: 790)

    @Test("A release is projected at a scroll view's deceleration rate: 1000 pt/s carries 499 pt")
    func projection() {
        let projected = SheetPhysics.project(100, velocity: 1000, decelerationRate: 0.998)

        #expect(abs(projected - 599) < 1e-9)
        #expect(SheetPhysics.project(100, velocity: 0, decelerationRate: 0.998) == 100)
        #expect(abs(SheetPhysics.project(100, velocity: -1000, decelerationRate: 0.99) - 1) < 1e-9)
    }

    @Test("The detent nearest the projection is chosen, not the one nearest the release",
          arguments: [
              (0.0, Detent.medium), (300, .medium), (800, .large), (1500, .large),
              (-300, .medium), (-500, .collapsed), (-2500, .collapsed),
          ])
    func detentForVelocity(_ velocity: Double, expected: Detent) {
        let projected = SheetPhysics.project(detents.medium, velocity: velocity, decelerationRate: 0.998)

        #expect(detents.nearest(to: projected) == expected)
    }

    @Test("Rubber banding is bounded by its dimension, rises continuously, and starts at the coefficient")
    func rubberBandBounded() {
        let c = 0.55, d = 844.0
        var previous = 0.0
        for step in 1...20_000 {
            let x = Double(step) * 0.5
            let y = SheetPhysics.rubberBand(x, coefficient: c, dimension: d)
            #expect(y > previous && y < d)
            #expect(y - previous < 0.5 * c + 1e-9, "never faster than the finger times the coefficient")
            previous = y
        }

        let slope = SheetPhysics.rubberBand(1e-3, coefficient: c, dimension: d) / 1e-3
        #expect(abs(slope - c) < 1e-3)
        #expect(SheetPhysics.rubberBand(1e7, coefficient: c, dimension: d) < d)
    }

    @Test("A banded value is continuous across the range's ends and undone by unbanding")
    func bandedContinuity() {
        let range = 104.0...790.0
        for edge in [range.lowerBound, range.upperBound] {
            let below = SheetPhysics.banded(edge - 1e-6, within: range, coefficient: 0.55, dimension: 844)
            let above = SheetPhysics.banded(edge + 1e-6, within: range, coefficient: 0.55, dimension: 844)
            #expect(abs(above - below) < 1e-5)
        }
        for value in stride(from: -400.0, through: 1400, by: 37) {
            let shown = SheetPhysics.banded(value, within: range, coefficient: 0.55, dimension: 844)
            let back = SheetPhysics.unbanded(shown, within: range, coefficient: 0.55, dimension: 844)
            #expect(abs(back - value) < 1e-6)
        }
    }

    @Test("The scrim darkens steadily with height and holds each detent's opacity there")
    func scrimMonotonic() {
        let opacities = (collapsed: 0.0, medium: 0.08, large: 0.38)
        var previous = -1.0
        for height in stride(from: 0.0, through: 900, by: 0.5) {
            let opacity = SheetPhysics.scrimOpacity(atHeight: height, detents: detents, opacities: opacities)
            #expect(opacity >= previous && (0...0.38).contains(opacity))
            previous = opacity
        }

        #expect(SheetPhysics.scrimOpacity(atHeight: 104, detents: detents, opacities: opacities) == 0)
        #expect(abs(SheetPhysics.scrimOpacity(atHeight: 405, detents: detents, opacities: opacities) - 0.08) < 1e-12)
        #expect(abs(SheetPhysics.scrimOpacity(atHeight: 790, detents: detents, opacities: opacities) - 0.38) < 1e-12)
    }

    @Test("A value spring starts where it is told, at the velocity it is given, and ends on its target")
    func valueSpring() {
        let spring = ValueSpring(from: 300, to: 405, initialVelocity: 1200,
                                 spring: Spring(dampingRatio: 0.86, response: 0.42), start: 2)

        #expect(abs(spring.value(at: 2) - 300) < 1e-9)
        #expect(abs(spring.velocity(at: 2) - 1200) < 1e-6)
        #expect(spring.isSettled(at: 5) && abs(spring.value(at: 5) - 405) < 0.1)
    }

    @Test("A value spring with no distance to go still carries its velocity")
    func valueSpringWithoutDistance() {
        let spring = ValueSpring(from: 405, to: 405, initialVelocity: -800,
                                 spring: Spring(dampingRatio: 0.86, response: 0.42), start: 0)

        #expect(abs(spring.velocity(at: 0) + 800) < 1e-6)
        #expect(spring.value(at: 0.05) < 405 - 20)
    }
}
