import KilnCore
import Testing

@Suite("Shake detector")
struct ShakeDetectorTests {
    /// A horizontal zigzag sampled at 120 Hz: `legs` straight legs of `amplitude` points,
    /// each lasting `legDuration` seconds, starting rightwards at `startTime`; `legs - 1` reversals.
    func zigzag(legs: Int, legDuration: Double, amplitude: Double = 40,
                startTime: Double = 0) -> [(point: Point, time: Double)] {
        let samplesPerLeg = Int((legDuration * 120).rounded())
        var samples = [(point: Point(200, 300), time: startTime)]
        for leg in 0..<legs {
            let direction: Double = leg.isMultiple(of: 2) ? 1 : -1
            let legStart = samples.last!
            for i in 1...samplesPerLeg {
                let progress = Double(i) / Double(samplesPerLeg)
                samples.append((legStart.point.offsetBy(dx: direction * amplitude * progress, dy: 0),
                                legStart.time + legDuration * progress))
            }
        }
        return samples
    }

    /// Feeds samples and returns the times at which the detector fired.
    func firings(_ detector: inout ShakeDetector, _ samples: [(point: Point, time: Double)]) -> [Double] {
        samples.filter { detector.add($0.point, at: $0.time) }.map(\.time)
    }

    @Test("Three quick reversals within 0.6 s fire the shake once")
    func threeReversals() {
        var detector = ShakeDetector()

        let fired = firings(&detector, zigzag(legs: 4, legDuration: 0.1))

        #expect(fired.count == 1)
    }

    @Test("Two reversals do not make a shake")
    func twoReversals() {
        var detector = ShakeDetector()

        let fired = firings(&detector, zigzag(legs: 3, legDuration: 0.1))

        #expect(fired.isEmpty)
    }

    @Test("Three reversals spread over more than 0.6 s do not make a shake")
    func slowReversals() {
        var detector = ShakeDetector()

        let fired = firings(&detector, zigzag(legs: 4, legDuration: 0.35))

        #expect(fired.isEmpty)
    }

    @Test("Reversals just inside the window still count")
    func justInside() {
        var detector = ShakeDetector()

        let fired = firings(&detector, zigzag(legs: 4, legDuration: 0.29))

        #expect(fired.count == 1)
    }

    @Test("A long shake fires once; after a pause a new shake fires again")
    func firesOncePerShake() {
        var detector = ShakeDetector()
        let first = zigzag(legs: 10, legDuration: 0.08)
        let second = zigzag(legs: 4, legDuration: 0.08, startTime: first.last!.time + 1)

        let fired = firings(&detector, first + second)

        #expect(fired.count == 2)
        #expect(fired.last! > first.last!.time)
    }

    @Test("Jitter shorter than a leg and vertical shaking are not shakes")
    func jitterAndVertical() {
        var jittery = ShakeDetector()
        var vertical = ShakeDetector()
        let jitter = zigzag(legs: 8, legDuration: 0.05, amplitude: 4)
        let upAndDown = zigzag(legs: 8, legDuration: 0.08).map {
            (point: Point($0.point.y, $0.point.x), time: $0.time)
        }

        let jitterFired = firings(&jittery, jitter)
        let verticalFired = firings(&vertical, upAndDown)

        #expect(jitterFired.isEmpty)
        #expect(verticalFired.isEmpty)
    }

    @Test("Reset forgets the reversals so far")
    func reset() {
        var detector = ShakeDetector()
        let shake = zigzag(legs: 4, legDuration: 0.1)
        let beforeLastLeg = shake.count - 12

        let firstPart = firings(&detector, Array(shake[..<beforeLastLeg]))
        detector.reset()
        let rest = firings(&detector, Array(shake[beforeLastLeg...]))

        #expect(firstPart.isEmpty)
        #expect(rest.isEmpty)
    }
}
