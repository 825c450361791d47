import Testing
import KilnCore

private let named: [TimingFunction] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]

private let samples = stride(from: 0.0, through: 1.0, by: 0.001).map { $0 }

@Test("Linear timing returns its input exactly")
func linearIsIdentity() {
    let curve = TimingFunction.linear

    let values = samples.map { curve.value(at: $0) }

    #expect(values == samples)
}

@Test("Ease-in-ease-out is half way at half time")
func easeInEaseOutMidpoint() {
    let value = TimingFunction.easeInEaseOut.value(at: 0.5)

    #expect(abs(value - 0.5) < 1e-6)
}

@Test("Ease-in-ease-out is point-symmetric about the middle")
func easeInEaseOutIsSymmetric() {
    let curve = TimingFunction.easeInEaseOut

    let errors = samples.map { curve.value(at: $0) + curve.value(at: 1 - $0) - 1 }

    #expect(errors.allSatisfy { abs($0) < 2e-6 })
}

@Test("Ease-out mirrors ease-in")
func easeOutMirrorsEaseIn() {
    let errors = samples.map {
        TimingFunction.easeIn.value(at: $0) + TimingFunction.easeOut.value(at: 1 - $0) - 1
    }

    #expect(errors.allSatisfy { abs($0) < 2e-6 })
}

@Test("Ease-in and the default curve match values solved independently")
func knownValues() {
    // Reference values from bisecting the Bézier to machine precision.
    let easeIn = TimingFunction.easeIn.value(at: 0.25)
    let standard = TimingFunction.default.value(at: 0.5)

    #expect(abs(easeIn - 0.093_464_650_7) < 1e-6)
    #expect(abs(standard - 0.802_403_387_6) < 1e-6)
}

@Test("Every named curve starts at exactly 0 and ends at exactly 1, clamping beyond",
      arguments: named)
func endpointsAreExact(curve: TimingFunction) {
    let ends = [curve.value(at: 0), curve.value(at: 1)]
    let beyond = [curve.value(at: -0.5), curve.value(at: 1.5)]

    #expect(ends == [0, 1])
    #expect(beyond == [0, 1])
}

@Test("Every named curve never goes backwards", arguments: named)
func namedCurvesAreMonotonic(curve: TimingFunction) {
    let values = samples.map { curve.value(at: $0) }

    let steps = zip(values, values.dropFirst()).map { $1 - $0 }

    #expect(steps.allSatisfy { $0 >= -1e-6 })
}

@Test("A curve with a vertical tangent still lands within 1e-6 of the input time")
func verticalTangentSolves() {
    // x′(0.5) = 0 here, where Newton's method cannot step; y(s) = 3s² − 2s³ is monotonic,
    // so the test can recover the curve parameter from each result.
    let curve = TimingFunction(controlPoints: 1, 0, 0, 1)
    func x(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s + s * s * s }
    func parameter(ofY y: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if 3 * mid * mid - 2 * mid * mid * mid < y { low = mid } else { high = mid }
        }
        return low
    }
    let inputs = stride(from: 0.0, through: 1.0, by: 0.001).map { $0 } + [0.5, 0.5 + 1e-9]

    let errors = inputs.map { t in x(parameter(ofY: curve.value(at: t))) - t }

    #expect(errors.allSatisfy { abs($0) < 1e-6 })
}

@Test("Control points beyond 0…1 in y overshoot; x is clamped into 0…1")
func overshootingCurve() {
    let curve = TimingFunction(controlPoints: 0.3, -0.5, 1.4, 1.6)

    let early = curve.value(at: 0.1), late = curve.value(at: 0.95)

    #expect(early < 0)
    #expect(late > 1)
    #expect(curve.controlPoint2.x == 1)
}

@Test("Names from tuning files map to the standard curves")
func namesMapToCurves() {
    let names = ["linear", "easeIn", "easeOut", "easeInOut", "default"]

    let curves = names.map { TimingFunction(name: $0) }

    #expect(curves == named)
    #expect(TimingFunction(name: "easeInEaseOut") == .easeInEaseOut)
    #expect(TimingFunction(name: "bouncy") == nil)
}
