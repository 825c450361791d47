import KilnCore
import KilnPlatform
import Testing

private let stylus = XInputDeviceInfo(
    id: 12, name: "Test Tablet Pen stylus", use: .slavePointer,
    valuators: [
        XInputValuator(label: "Abs X", axis: ValuatorAxis(index: 0, minimum: 0, maximum: 30000)),
        XInputValuator(label: "Abs Y", axis: ValuatorAxis(index: 1, minimum: 0, maximum: 20000)),
        XInputValuator(label: "Abs Pressure", axis: ValuatorAxis(index: 2, minimum: 100, maximum: 1100)),
    ])

@Suite("XInput2 pens: which devices, and their events")
struct XInputPenTrackerTests {
    @Test("Only enabled slave pointers with an Abs Pressure valuator are pens; never a master")
    func penDevices() {
        var master = stylus
        master.use = .masterPointer
        var disabled = stylus
        disabled.isEnabled = false
        let mouse = XInputDeviceInfo(id: 6, name: "Xvfb mouse", use: .slavePointer, valuators: [
            XInputValuator(label: "Rel X", axis: ValuatorAxis(index: 0, minimum: -1, maximum: -1)),
        ])

        let pens = [stylus, master, disabled, mouse].map(\.isPen)

        #expect(pens == [true, false, false, false])
        #expect(stylus.pressureAxis?.index == 2)
    }

    @Test("Pressure is normalized with (v − min) / (max − min) from the packed values")
    func normalized() {
        var tracker = XInputPenTracker(device: stylus)
        let event = XInputPenEvent(kind: .motion, deviceID: 12, valuatorMask: [0b0000_0111],
                                   values: [1500, 900, 600])

        let reading = tracker.apply(event, at: 0)

        #expect(reading.pressure == 0.5)
        #expect(reading.rawPressure == 600)
        #expect(reading.source == "xinput2" && reading.key == "xinput2:12")
    }

    @Test("An event without the pressure valuator keeps the last good pressure")
    func lastGoodValue() {
        var tracker = XInputPenTracker(device: stylus)
        _ = tracker.apply(XInputPenEvent(kind: .motion, deviceID: 12, valuatorMask: [0b0000_0111],
                                         values: [1, 2, 850]), at: 0)

        // Only x changed: the mask has bit 0 alone, one packed value.
        let reading = tracker.apply(XInputPenEvent(kind: .motion, deviceID: 12, valuatorMask: [0b0000_0001],
                                                   values: [40]), at: 0.01)

        #expect(reading.pressure == 0.75)
    }

    @Test("The pressure value is found by packed indexing when lower valuators are missing")
    func packedIndexing() {
        var tracker = XInputPenTracker(device: stylus)

        // Bits {1, 2}: the first value is y, the second is pressure.
        let reading = tracker.apply(XInputPenEvent(kind: .motion, deviceID: 12, valuatorMask: [0b0000_0110],
                                                   values: [700, 1100]), at: 0)

        #expect(reading.pressure == 1)
    }

    @Test("Contact follows button 1: press, motion with the button held, release")
    func contact() {
        var tracker = XInputPenTracker(device: stylus)
        let press = XInputPenEvent(kind: .buttonPress, deviceID: 12, button: 1, valuatorMask: [], values: [])
        let held = XInputPenEvent(kind: .motion, deviceID: 12, buttonMask: [0b0000_0010], valuatorMask: [], values: [])
        let barrel = XInputPenEvent(kind: .buttonRelease, deviceID: 12, button: 2, valuatorMask: [], values: [])
        let release = XInputPenEvent(kind: .buttonRelease, deviceID: 12, button: 1, valuatorMask: [], values: [])

        let states = [press, held, barrel, release].enumerated().map { index, event in
            tracker.apply(event, at: Double(index) * 0.01).isInContact
        }

        #expect(states == [true, true, true, false])
    }

    @Test("A pen silent for the timeout without contact leaves proximity; in contact it stays")
    func proximityTimeout() {
        var tracker = XInputPenTracker(device: stylus, proximityTimeout: 1)
        _ = tracker.apply(XInputPenEvent(kind: .buttonPress, deviceID: 12, button: 1, valuatorMask: [], values: []), at: 0)

        let whilePressed = tracker.advance(to: 5)
        _ = tracker.apply(XInputPenEvent(kind: .buttonRelease, deviceID: 12, button: 1, valuatorMask: [], values: []), at: 5)
        let early = tracker.advance(to: 5.5)
        let left = tracker.advance(to: 6.0)
        let again = tracker.advance(to: 7.0)

        #expect(whilePressed == nil)
        #expect(early == nil)
        #expect(left?.isInProximity == false)
        #expect(again == nil, "leaving is reported once")
    }

    @Test("A device named as an eraser is an eraser")
    func eraser() {
        var eraser = stylus
        eraser.name = "Test Tablet Pen eraser"

        #expect(eraser.tool == .eraser)
        #expect(stylus.tool == .pen)
    }

    @Test("Pens that appear and disappear between two device listings are told apart from the rest")
    func hotplug() {
        var replaced = stylus
        replaced.name = "Other Tablet Pen stylus"
        var other = stylus
        other.id = 15

        let changes = penChanges(from: [stylus, other], to: [replaced, other])

        #expect(changes.appeared.map(\.name) == ["Other Tablet Pen stylus"])
        #expect(changes.disappeared.map(\.name) == ["Test Tablet Pen stylus"])
    }
}
