import KilnPlatform
import Testing

@Suite("Axis ranges: one normalization for every pen backend")
struct AxisRangeTests {
    @Test("Values inside the range map linearly to 0…1, and values outside it are clamped", arguments: [
        (0.0, 0.0), (512.0, 0.25), (1024.0, 0.5), (2048.0, 1.0), (3000.0, 1.0), (-5.0, 0.0),
    ])
    func linearAndClamped(value: Double, expected: Double) {
        let range = AxisRange(minimum: 0, maximum: 2048)

        let fraction = range.normalized(value)

        #expect(fraction == expected)
    }

    @Test("A negative minimum shifts the range: its midpoint is 0.5, its ends 0 and 1", arguments: [
        (-100.0, 0.0), (-50.0, 0.25), (0.0, 0.5), (100.0, 1.0), (-400.0, 0.0), (250.0, 1.0),
    ])
    func negativeMinimum(value: Double, expected: Double) {
        let range = AxisRange(minimum: -100, maximum: 100)

        let fraction = range.normalized(value)

        #expect(fraction == expected)
    }

    @Test("An empty or reversed range maps every value to 0", arguments: [
        AxisRange(minimum: 5, maximum: 5), AxisRange(minimum: -1, maximum: -1), AxisRange(minimum: 10, maximum: 0),
    ])
    func emptyRange(range: AxisRange) {
        let fractions = [-10.0, 0, 5, 10, 1000].map(range.normalized)

        #expect(fractions == [0, 0, 0, 0, 0])
    }

    @Test("An evdev axis spanning all of Int32 normalizes its ends without overflow")
    func widestEvdevAxis() {
        let axis = EvdevAxisInfo(code: EvdevCode.absPressure, minimum: .min, maximum: .max)

        let ends = [axis.normalized(.min), axis.normalized(.max)]

        #expect(ends == [0, 1])
    }

    @Test("An evdev axis and an XInput2 valuator with the same bounds give the same pressure", arguments: [
        Int32(-300), -200, -1, 0, 1, 137, 700, 1100, 5000,
    ])
    func backendsAgree(raw: Int32) {
        let evdev = EvdevAxisInfo(code: EvdevCode.absPressure, minimum: -200, maximum: 1100)
        let valuator = ValuatorAxis(index: 2, minimum: -200, maximum: 1100)

        let fromEvdev = evdev.normalized(raw)
        let fromXInput = valuator.normalized(Double(raw))

        #expect(fromEvdev == fromXInput)
        #expect(fromEvdev == AxisRange(minimum: -200, maximum: 1100).normalized(Double(raw)))
        #expect((0...1).contains(fromEvdev))
    }
}
