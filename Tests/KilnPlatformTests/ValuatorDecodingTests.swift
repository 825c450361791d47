import KilnPlatform
import Testing

@Suite("XInput2 valuator decoding")
struct ValuatorDecodingTests {
    @Test("A sparse mask {0, 1, 4} maps packed values x, y, p to their valuators")
    func sparseMask() {
        let mask: [UInt8] = [0b0001_0011]
        let values = [120.0, 340.0, 0.75]

        let decoded = (0..<8).map { valuatorValue(at: $0, mask: mask, values: values) }

        #expect(decoded == [120, 340, nil, nil, 0.75, nil, nil, nil])
    }

    @Test("Set bits in earlier mask bytes count towards a valuator's packed position")
    func multiByteMask() {
        let mask: [UInt8] = [0b0000_1001, 0b0000_0010]
        let values = [1.0, 2.0, 3.0]

        let valuatorNine = valuatorValue(at: 9, mask: mask, values: values)
        let valuatorThree = valuatorValue(at: 3, mask: mask, values: values)

        #expect(valuatorNine == 3)
        #expect(valuatorThree == 2)
    }

    @Test("Valuators beyond the mask, negative indices and short value arrays give nil")
    func outOfRange() {
        let mask: [UInt8] = [0b0001_0011]

        let beyond = valuatorValue(at: 12, mask: mask, values: [1, 2, 3])
        let negative = valuatorValue(at: -1, mask: mask, values: [1, 2, 3])
        let short = valuatorValue(at: 4, mask: mask, values: [1, 2])

        #expect(beyond == nil)
        #expect(negative == nil)
        #expect(short == nil)
    }

    @Test("The tracker keeps the last good pressure when an event omits the axis")
    func lastGoodPressure() {
        let pressureAxis = ValuatorAxis(index: 4, minimum: 0, maximum: 2048)
        var tracker = ValuatorTracker(pressureAxis: pressureAxis)
        tracker.update(mask: [0b0001_0011], values: [10, 20, 1024])

        tracker.update(mask: [0b0000_0011], values: [11, 21])

        #expect(tracker.rawPressure == 1024)
        #expect(tracker.pressure == 0.5)
        #expect(tracker.lastValue(ofValuator: 0) == 11)
        #expect(tracker.lastValue(ofValuator: 1) == 21)
    }

    @Test("The tracker has no pressure before any event carries it")
    func noPressureYet() {
        var tracker = ValuatorTracker(pressureAxis: ValuatorAxis(index: 2, minimum: 0, maximum: 1))

        tracker.update(mask: [0b0000_0011], values: [5, 6])

        #expect(tracker.pressure == nil)
    }

    @Test("The tracker normalizes by the valuator's own range and clamps", arguments: [
        (150.0, 0.5), (100.0, 0), (50.0, 0), (200.0, 1), (400.0, 1),
    ])
    func normalizes(raw: Double, expected: Double) {
        let pressureAxis = ValuatorAxis(index: 2, minimum: 100, maximum: 200)
        var tracker = ValuatorTracker(pressureAxis: pressureAxis)

        tracker.update(mask: [0b0000_0100], values: [raw])

        #expect(tracker.pressure == expected)
    }
}
