import KilnCore
import PropertyBased
import Testing

@Suite("Decay")
struct DecayTests {
    @Test("A release is projected at a scroll view's rates: 1000 pt/s carries 499 pt at normal, 99 at fast")
    func projectionAtTheNamedRates() {
        #expect(abs(Decay.project(100, velocity: 1000) - 599) < 1e-9)
        #expect(abs(Decay.project(100, velocity: -1000, rate: DecelerationRate.fast) - 1) < 1e-9)
        #expect(Decay.project(100, velocity: 0) == 100)
    }

    @Test("The projection is where stepping a millisecond at a time comes to rest")
    func projectionIsTheLimitOfStepping() async {
        await propertyCheck(input: Gen.double(in: -500...500), Gen.double(in: -4000...4000),
                            Gen.double(in: 0.98...0.998)) { position, velocity, rate in
            var x = position, v = velocity
            for _ in 0..<20_000 {
                v *= rate
                x += v / 1000
            }

            #expect(abs(x - Decay.project(position, velocity: velocity, rate: rate)) < 1e-6)
        }
    }

    @Test("A fling starts at its value and velocity, never turns back, and approaches its resting value")
    func flingApproachesRest() async {
        await propertyCheck(input: Gen.double(in: -500...500), Gen.double(in: -4000...4000),
                            Gen.double(in: 0.98...0.999), Gen.double(in: 0...3)) { from, velocity, rate, time in
            let fling = Decay(from: from, initialVelocity: velocity, rate: rate, start: 1)

            let value = fling.value(at: 1 + time)

            #expect(abs(fling.value(at: 1) - from) < 1e-9 && abs(fling.velocity(at: 0.5) - velocity) < 1e-9)
            #expect(abs(value - from) <= abs(fling.restingValue - from) + 1e-9)
            #expect((value - from) * velocity >= 0)
            #expect(abs(fling.value(at: 60) - fling.restingValue) < 1e-6)
        }
    }

    @Test("Stepping by whole milliseconds carries a little less far than the continuous fling")
    func discreteAgainstContinuous() {
        let fling = Decay(from: 0, initialVelocity: 1000)

        #expect(abs(fling.restingValue - 499.5) < 1e-3)
        #expect(Decay.project(0, velocity: 1000) < fling.restingValue)
    }
}
