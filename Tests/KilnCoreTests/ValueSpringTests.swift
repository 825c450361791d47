import KilnCore
import PropertyBased
import Testing

@Suite("Value spring")
struct ValueSpringTests {
    let spring = Spring(dampingRatio: 0.86, response: 0.42)

    @Test("A value spring starts where it is told, at the velocity it is given, and ends on its target")
    func startsAndSettles() {
        let motion = ValueSpring(from: 300, to: 405, initialVelocity: 1200, spring: spring, start: 2)

        #expect(abs(motion.value(at: 2) - 300) < 1e-9)
        #expect(abs(motion.velocity(at: 2) - 1200) < 1e-6)
        #expect(motion.isSettled(at: 5) && abs(motion.value(at: 5) - 405) < 0.1)
        #expect(!motion.isSettled(at: 2.1))
    }

    @Test("A value spring with no distance to go still carries its velocity")
    func withoutDistance() {
        let motion = ValueSpring(from: 405, to: 405, initialVelocity: -800, spring: spring)

        #expect(abs(motion.velocity(at: 0) + 800) < 1e-6)
        #expect(motion.value(at: 0.05) < 405 - 20)
    }

    @Test("Stepped frame by frame, a spring follows its closed form and settles on its target")
    func steppingSettles() async {
        await propertyCheck(input: Gen.double(in: -1000...1000), Gen.double(in: -1000...1000),
                            Gen.double(in: -5000...5000), Gen.double(in: 0.3...1.5)) { from, to, velocity, ratio in
            let closed = ValueSpring(from: from, to: to, initialVelocity: velocity,
                                     spring: Spring(dampingRatio: ratio, response: 0.4))
            var stepped = closed

            for frame in 1...240 {
                stepped.step(by: 1.0 / 60)
                let time = Double(frame) / 60
                #expect(abs(stepped.value(at: time) - closed.value(at: time)) < 1e-6 * max(1, abs(from - to) + abs(velocity)))
            }

            #expect(stepped.isSettled(at: stepped.start + 20))
        }
    }

    @Test("Released from rest without overshoot, a spring stays on its side of the target")
    func criticalSpringConservesSign() async {
        await propertyCheck(input: Gen.double(in: -1000...1000), Gen.double(in: -1000...1000),
                            Gen.double(in: 1...3), Gen.double(in: 0...10)) { from, to, ratio, time in
            let motion = ValueSpring(from: from, to: to, spring: Spring(dampingRatio: ratio, response: 0.4))

            let offset = motion.value(at: time) - to

            #expect(offset * (from - to) >= 0 || abs(offset) < 1e-9, "it never crosses its target")
            #expect(abs(offset) <= abs(from - to) + 1e-9)
        }
    }
}
