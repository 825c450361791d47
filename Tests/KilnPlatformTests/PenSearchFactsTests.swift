import KilnPlatform
import Testing

@Suite("Why no pens were found")
struct PenSearchFactsTests {
    @Test("No DISPLAY and no /dev/input: both places say why")
    func nothingAtAll() {
        let facts = PenSearchFacts()

        let reasons = facts.reasonsForNoPens

        #expect(reasons == [
            "XInput2: no X server (DISPLAY is not set)",
            "evdev: there is no /dev/input (no input devices are visible here, as in a container)",
        ])
    }

    @Test("A Wayland session without XWayland's DISPLAY is named as such")
    func wayland() {
        let facts = PenSearchFacts(waylandDisplay: "wayland-0", inputDirectoryExists: true)

        #expect(facts.reasonsForNoPens.first?.contains("Wayland session (wayland-0)") == true)
    }

    @Test("An X server that cannot be reached, or has no pens, says which and how many pointers it has")
    func xServer() {
        let unreachable = PenSearchFacts(display: ":5", xProblem: "cannot connect to the X server at :5")
        let penless = PenSearchFacts(display: ":0", xPointerCount: 3)

        #expect(unreachable.reasonsForNoPens.first == "XInput2: cannot connect to the X server at :5")
        #expect(penless.reasonsForNoPens.first
                == "XInput2: none of the 3 pointer devices of the X server at :0 has an \"Abs Pressure\" valuator")
    }

    @Test("Unreadable event devices and a user outside group `input`: the fix is named")
    func notInGroup() {
        let facts = PenSearchFacts(display: ":0", inputDirectoryExists: true, eventNodeCount: 7, readableCount: 0,
                                   isInInputGroup: false)

        let evdev = facts.reasonsForNoPens.last ?? ""

        #expect(evdev.hasPrefix("evdev: none of the 7 event devices in /dev/input is readable"))
        #expect(evdev.contains("you are not in group `input`"))
        #expect(evdev.contains("usermod -aG input"))
    }

    @Test("Readable devices without a pen, and a few unreadable ones, are counted")
    func readableButNoPen() {
        let facts = PenSearchFacts(display: ":0", inputDirectoryExists: true, eventNodeCount: 9, readableCount: 6,
                                   isInInputGroup: true)

        let evdev = facts.reasonsForNoPens.last ?? ""

        #expect(evdev.hasPrefix("evdev: none of the 6 readable event devices in /dev/input has ABS_PRESSURE and BTN_TOOL_PEN"))
        #expect(evdev.contains("(3 more cannot be read)"))
        #expect(evdev.contains("you are in group `input`"))
    }

    @Test("An empty /dev/input is named")
    func emptyDirectory() {
        let facts = PenSearchFacts(display: ":0", inputDirectoryExists: true)

        #expect(facts.reasonsForNoPens.last == "evdev: /dev/input has no event devices")
    }

    @Test("Any pen found, from either place, means no reasons")
    func pensFound() {
        let viaX = PenSearchFacts(display: ":0", xPointerCount: 4, xPenCount: 1)
        let viaEvdev = PenSearchFacts(inputDirectoryExists: true, eventNodeCount: 2, readableCount: 2, evdevPenCount: 1)

        #expect(viaX.reasonsForNoPens.isEmpty)
        #expect(viaEvdev.reasonsForNoPens.isEmpty)
    }
}
