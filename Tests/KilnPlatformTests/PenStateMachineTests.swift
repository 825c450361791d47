import KilnPlatform
import Testing

/// Builds evdev events for one frame at `time` seconds, ending with SYN_REPORT.
private func frame(
    at time: Double, _ fields: [(type: UInt16, code: UInt16, value: Int32)]
) -> [EvdevEvent] {
    let micros = Int64((time * 1_000_000).rounded())
    return (fields + [(0, 0, 0)]).map {
        EvdevEvent(microseconds: micros, type: $0.type, code: $0.code, value: $0.value)
    }
}

private let x: UInt16 = 0x00, y: UInt16 = 0x01, pressure: UInt16 = 0x18
private let toolPen: UInt16 = 0x140, touch: UInt16 = 0x14a
private let evAbs: UInt16 = 3, evKey: UInt16 = 1

private func device(
    pressureRange: ClosedRange<Int32> = 0...1023, hasTouchButton: Bool = true
) -> PenDevice {
    PenDevice(
        name: "Test pen",
        pressureAxis: EvdevAxisInfo(
            code: pressure, minimum: pressureRange.lowerBound, maximum: pressureRange.upperBound),
        xAxis: EvdevAxisInfo(code: x, minimum: 400, maximum: 40400, resolution: 200),
        yAxis: EvdevAxisInfo(code: y, minimum: 0, maximum: 20000, resolution: 0),
        hasTouchButton: hasTouchButton)
}

@Suite("Pen state machine")
struct PenStateMachineTests {
    @Test("Pressure is normalized by the device's own range and clamped", arguments: [
        (Int32(600), 0.5), (1100, 1), (2000, 1), (100, 0), (50, 0),
    ])
    func normalizedPressure(raw: Int32, expected: Double) {
        var machine = PenStateMachine(device: device(pressureRange: 100...1100))

        let sample = machine.consume(frame(at: 0, [(evKey, toolPen, 1), (evAbs, pressure, raw)]))

        #expect(sample.first?.pressure == expected)
        #expect(sample.first?.rawPressure == raw)
    }

    @Test("Contact follows BTN_TOUCH on a device that has it, whatever the pressure")
    func contactFromTouch() {
        var machine = PenStateMachine(device: device())

        let samples = machine.consume(
            frame(at: 0, [(evKey, toolPen, 1), (evAbs, pressure, 40)])
                + frame(at: 0.01, [(evKey, touch, 1), (evAbs, pressure, 60)])
                + frame(at: 0.02, [(evKey, touch, 0)]))

        #expect(samples.map(\.isInContact) == [false, true, false])
    }

    @Test("Contact means pressure above the minimum on a device without BTN_TOUCH")
    func contactFromPressure() {
        var machine = PenStateMachine(device: device(hasTouchButton: false))

        let samples = machine.consume(
            frame(at: 0, [(evKey, toolPen, 1), (evAbs, pressure, 0)])
                + frame(at: 0.01, [(evAbs, pressure, 1)])
                + frame(at: 0.02, [(evAbs, pressure, 0)]))

        #expect(samples.map(\.isInContact) == [false, true, false])
    }

    @Test("An axis missing from a frame keeps its last good value")
    func lastGoodValue() {
        var machine = PenStateMachine(device: device())

        let samples = machine.consume(
            frame(at: 0, [(evKey, toolPen, 1), (evAbs, x, 500), (evAbs, y, 600), (evAbs, pressure, 300)])
                + frame(at: 0.01, [(evAbs, x, 510)]))

        #expect(samples.last?.x == 510)
        #expect(samples.last?.y == 600)
        #expect(samples.last?.rawPressure == 300)
        #expect(samples.last?.time == 0.01)
    }

    @Test("Proximity follows BTN_TOOL_PEN in and out, and leaving ends contact")
    func proximityFromToolPen() {
        var machine = PenStateMachine(device: device())

        let samples = machine.consume(
            frame(at: 0, [(evKey, toolPen, 1), (evKey, touch, 1)])
                + frame(at: 0.01, [(evKey, toolPen, 0)]))

        #expect(samples.map(\.isInProximity) == [true, false])
        #expect(samples.map(\.isInContact) == [true, false])
    }

    @Test("A silent hovering pen leaves proximity after the timeout and returns with a frame")
    func proximityTimeout() {
        var machine = PenStateMachine(device: device(), proximityTimeout: 0.5)
        _ = machine.consume(frame(at: 1, [(evKey, toolPen, 1), (evAbs, x, 800)]))

        let early = machine.advance(to: 1.49)
        let late = machine.advance(to: 1.5)
        let again = machine.advance(to: 2)
        let back = machine.consume(frame(at: 2.5, [(evAbs, x, 900)]))

        #expect(early == nil)
        #expect(late?.isInProximity == false)
        #expect(late?.time == 1.5)
        #expect(again == nil)
        #expect(back.first?.isInProximity == true)
    }

    @Test("The proximity timeout never ends a contact, and nil disables it")
    func timeoutSparesContact() {
        var touching = PenStateMachine(device: device(), proximityTimeout: 0.5)
        var patient = PenStateMachine(device: device(), proximityTimeout: nil)
        _ = touching.consume(frame(at: 0, [(evKey, toolPen, 1), (evKey, touch, 1)]))
        _ = patient.consume(frame(at: 0, [(evKey, toolPen, 1)]))

        let touchingLater = touching.advance(to: 10)
        let patientLater = patient.advance(to: 10)

        #expect(touchingLater == nil)
        #expect(patientLater == nil)
        #expect(patient.current?.isInProximity == true)
    }

    @Test("Raw positions convert to millimetres from the axis minimum using the resolution")
    func millimetres() {
        var machine = PenStateMachine(device: device())
        var millimetreDevice = device()
        millimetreDevice.yAxis?.resolution = 100
        let sample = machine.consume(frame(at: 0, [(evAbs, x, 2400), (evAbs, y, 1500)]))[0]

        let withoutYResolution = machine.millimetres(of: sample)
        let withBoth = PenStateMachine(device: millimetreDevice).millimetres(of: sample)

        #expect(withoutYResolution == nil)
        #expect(withBoth?.x == 10)
        #expect(withBoth?.y == 15)
    }
}
