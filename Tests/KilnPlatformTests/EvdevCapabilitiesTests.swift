import KilnPlatform
import Testing

@Suite("Evdev pens: which devices")
struct EvdevCapabilitiesTests {
    private let pressure = EvdevAxisInfo(code: EvdevCode.absPressure, minimum: 0, maximum: 4095)

    @Test("A device with ABS_PRESSURE and BTN_TOOL_PEN is a pen, with its range and touch button")
    func pen() {
        let tablet = EvdevCapabilities(
            name: "Test Tablet Pen", keys: [EvdevCode.btnToolPen, EvdevCode.btnTouch],
            axes: [EvdevCode.absPressure: pressure, EvdevCode.absX: EvdevAxisInfo(code: 0, minimum: 0, maximum: 15200)])

        let device = tablet.penDevice

        #expect(tablet.isPen)
        #expect(device?.pressureAxis.maximum == 4095)
        #expect(device?.hasTouchButton == true)
        #expect(device?.xAxis?.maximum == 15200)
    }

    @Test("A touch screen, a mouse and a pressure pad without a pen tool are not pens, each with its reason")
    func notPens() {
        let touchscreen = EvdevCapabilities(name: "Touch", keys: [EvdevCode.btnTouch],
                                            axes: [0x3a: EvdevAxisInfo(code: 0x3a, minimum: 0, maximum: 255)])
        let pad = EvdevCapabilities(name: "Pad", keys: [EvdevCode.btnTouch], axes: [EvdevCode.absPressure: pressure])
        let penWithoutPressure = EvdevCapabilities(name: "Stylus", keys: [EvdevCode.btnToolPen], axes: [:])

        #expect(touchscreen.penDevice == nil)
        #expect(touchscreen.whyNotAPen?.contains("neither") == true)
        #expect(pad.whyNotAPen?.contains("no pen tool (BTN_TOOL_PEN)") == true)
        #expect(penWithoutPressure.whyNotAPen?.contains("no pressure axis (ABS_PRESSURE)") == true)
    }

    @Test("Capability bitmaps decode bit N of byte N / 8 as code N")
    func bitmap() {
        var bits = [UInt8](repeating: 0, count: 0x150 / 8)
        bits[0x140 / 8] |= 1 << (0x140 % 8)
        bits[0x14a / 8] |= 1 << (0x14a % 8)
        bits[0] = 0b0000_0001

        #expect(evdevCodes(inBitmap: bits) == [0, EvdevCode.btnToolPen, EvdevCode.btnTouch])
    }
}
