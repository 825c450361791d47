import Foundation
import KilnCore
import Testing

/// `rotation` and `uniformScale` are two views of one `transform`: animations of both at once
/// must each see back what it wrote, and end where they would alone.
@Suite("Rotation and scale animated together")
struct RotationScaleTogetherTests {
    /// Steps `layer`'s animations at 60 frames a second until none is left (or 10 s pass).
    func runToEnd(_ layer: Layer) {
        var time = 0.0
        layer.advanceAnimations(to: time)
        while !layer.animationKeys.isEmpty && time < 10 {
            time += 1.0 / 60
            layer.advanceAnimations(to: time)
        }
    }

    @Test("A tilt back to upright and a scale spring end upright at full size")
    func tiltAndSpringEnd() {
        let card = Layer()
        card.add(BasicAnimation(.rotation, from: -0.3, to: nil, duration: 0.4), forKey: "tilt")
        card.add(SpringAnimation(.scale, from: 0.6, spring: Spring(dampingRatio: 0.5, response: 0.5)), forKey: "pop")

        runToEnd(card)

        #expect(card.animationKeys.isEmpty)
        #expect(abs(card.rotation) < 1e-12)
        #expect(abs(card.uniformScale - 1) < 1e-12)
        #expect(card.transform == .identity)
    }

    @Test("A scale that starts at zero keeps the rotation it is given meanwhile")
    func scaleFromZero() {
        let badge = Layer()
        badge.rotation = 0.5
        badge.add(BasicAnimation(.scale, from: 0, to: nil, duration: 0.3), forKey: "grow")
        badge.add(BasicAnimation(.rotation, from: 0.2, to: nil, duration: 0.5), forKey: "turn")

        runToEnd(badge)

        #expect(abs(badge.rotation - 0.5) < 1e-12)
        #expect(abs(badge.uniformScale - 1) < 1e-12)
    }

    @Test("A scale spring that overshoots through zero into a mirror image keeps the rotation")
    func scaleThroughZero() {
        let layer = Layer()
        layer.rotation = 0.25
        layer.uniformScale = 0.5
        layer.uniformScale = -0.25

        #expect(layer.uniformScale == -0.25)
        #expect(layer.rotation == 0.25)
        layer.uniformScale = 0
        layer.rotation = 0.75
        layer.uniformScale = 2
        #expect(layer.rotation == 0.75)
        #expect(abs(layer.transform.a - 2 * cos(0.75)) < 1e-12)
    }

    @Test("Setting the transform itself is read back through both views")
    func transformWins() {
        let layer = Layer()
        layer.rotation = 1
        layer.transform = Transform(scaleX: 3, y: 3).concatenating(Transform(rotationAngle: -0.5))

        #expect(abs(layer.rotation + 0.5) < 1e-12)
        #expect(abs(layer.uniformScale - 3) < 1e-12)
    }
}
