import KilnPlatform
import Testing

/// The 24 bytes of a 64-bit little-endian `struct input_event`, built field by field.
private func inputEventBytes(
    seconds: Int64, microseconds: Int64, type: UInt16, code: UInt16, value: Int32
) -> [UInt8] {
    var bytes: [UInt8] = []
    withUnsafeBytes(of: seconds.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: microseconds.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: type.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: code.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    return bytes
}

/// One pen frame at `seconds` + `microseconds`: position, pressure, then SYN_REPORT.
private func frameBytes(_ microseconds: Int64, x: Int32, pressure: Int32) -> [UInt8] {
    inputEventBytes(seconds: 100, microseconds: microseconds, type: 3, code: 0x00, value: x)
        + inputEventBytes(
            seconds: 100, microseconds: microseconds, type: 3, code: 0x18, value: pressure)
        + inputEventBytes(seconds: 100, microseconds: microseconds, type: 0, code: 0, value: 0)
}

private let pen = PenDevice(
    name: "Test pen", pressureAxis: EvdevAxisInfo(code: 0x18, minimum: 0, maximum: 1000))

@Suite("Evdev byte streams")
struct EvdevStreamTests {
    @Test("Whole events decode in order with their fields")
    func wholeEvents() {
        var stream = EvdevStream()
        let bytes = frameBytes(250_000, x: 1234, pressure: 500)

        let events = stream.decode(bytes)

        #expect(events == [
            EvdevEvent(microseconds: 100_250_000, type: 3, code: 0x00, value: 1234),
            EvdevEvent(microseconds: 100_250_000, type: 3, code: 0x18, value: 500),
            EvdevEvent(microseconds: 100_250_000, type: 0, code: 0, value: 0),
        ])
        #expect(stream.pendingByteCount == 0)
    }

    @Test("Negative values and epoch timestamps decode exactly")
    func negativeValueAndEpoch() {
        var stream = EvdevStream()
        let bytes = inputEventBytes(
            seconds: 1_364_787_581, microseconds: 497_486, type: 4, code: 0, value: -1_719_661_677)

        let events = stream.decode(bytes)

        #expect(events == [
            EvdevEvent(
                microseconds: 1_364_787_581_497_486, type: 4, code: 0, value: -1_719_661_677)
        ])
    }

    @Test("A read that ends mid-event keeps the remainder for the next read")
    func splitBuffer() {
        var stream = EvdevStream()
        let bytes = frameBytes(0, x: 7, pressure: 8)

        let first = stream.decode(bytes[..<30])
        let pendingAfterFirst = stream.pendingByteCount
        let second = stream.decode(bytes[30...])

        #expect(first.map(\.value) == [7])
        #expect(pendingAfterFirst == 6)
        #expect(second.map(\.value) == [8, 0])
        #expect(stream.pendingByteCount == 0)
    }

    @Test("Feeding one byte at a time gives the same events as one read")
    func byteAtATime() {
        var whole = EvdevStream()
        var trickle = EvdevStream()
        let bytes = frameBytes(1, x: -3, pressure: 999) + frameBytes(2, x: 4, pressure: 0)

        let expected = whole.decode(bytes)
        let trickled = bytes.flatMap { trickle.decode([$0]) }

        #expect(trickled == expected)
        #expect(trickled.count == 6)
    }

    @Test("SYN_DROPPED discards events up to the next SYN_REPORT, then decoding resumes")
    func synDropped() {
        var stream = EvdevStream()
        var machine = PenStateMachine(device: pen)
        let dropped = inputEventBytes(seconds: 100, microseconds: 2, type: 0, code: 3, value: 0)
        let bytes = frameBytes(1, x: 10, pressure: 100) + dropped
            + frameBytes(3, x: 99, pressure: 999) + frameBytes(4, x: 20, pressure: 300)

        let samples = machine.consume(stream.decode(bytes))

        #expect(samples.map(\.rawPressure) == [100, 300])
        #expect(samples.map(\.x) == [10, 20])
        #expect(machine.syncState == .needsResync)
    }

    @Test("A resync after SYN_DROPPED takes the device's current state")
    func resyncAfterDrop() {
        var stream = EvdevStream()
        var machine = PenStateMachine(device: pen)
        let dropped = inputEventBytes(seconds: 100, microseconds: 2, type: 0, code: 3, value: 0)
        let bytes =
            frameBytes(1, x: 10, pressure: 100) + dropped + frameBytes(3, x: 99, pressure: 999)
        _ = machine.consume(stream.decode(bytes))

        let sample = machine.resync(
            absoluteValues: [0x00: 55, 0x18: 500], pressedKeys: [0x140, 0x14a], time: 100.5)

        #expect(machine.syncState == .inSync)
        #expect(sample.x == 55)
        #expect(sample.pressure == 0.5)
        #expect(sample.isInContact)
    }
}
