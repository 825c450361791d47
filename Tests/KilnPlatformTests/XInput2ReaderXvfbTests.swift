// The XInput2 pen reader against a real X server: a private Xvfb, which has a mouse and a
// keyboard but no tablet, so these check the second connection, the device listing, and
// the event path with xdotool's XTEST pointer standing in for a pen.
import Foundation
@testable import KilnPlatform
import KilnTestSupport
import Testing

@Suite("XInput2 pen reader under Xvfb", .serialized)
struct XInput2ReaderXvfbTests {
    @Test("The XInput2 reader opens its own connection, lists Xvfb's devices and finds no pen")
    func readerOnXvfb() throws {
        let server = try XvfbSession(width: 640, height: 480)
        defer { server.stop() }

        let reader = try XInput2PenReader(displayName: server.display)
        let attached = reader.attach(window: reader.rootWindow)
        let updates = reader.poll(now: 0)

        #expect(reader.displayName == server.display)
        #expect(reader.allDevices.contains { $0.name == "Virtual core pointer" && $0.use == .masterPointer })
        #expect(reader.allDevices.contains { $0.use == .slavePointer })
        #expect(reader.pens.isEmpty)
        #expect(attached, "selecting hierarchy events on the root window is accepted")
        #expect(updates.isEmpty, "no pen to announce")
    }

    @Test("Real XI2 events of a slave pointer reach the reader: motion brings it near, button 1 is contact")
    func slaveEventsOnXvfb() throws {
        let server = try XvfbSession(width: 640, height: 480)
        defer { server.stop() }
        let xdotool = try ExternalCommand.require("xdotool", package: "xdotool")
        // Xvfb has no tablet: xdotool's XTEST pointer, a slave, stands in for the pen.
        let reader = try XInput2PenReader(displayName: server.display, proximityTimeout: 1,
                                          treatingAsPens: { $0.use == .slavePointer && $0.name.contains("XTEST") })
        let announced = reader.poll(now: 0)
        #expect(reader.attach(window: reader.rootWindow))

        try ExternalCommand.run(xdotool, ["mousemove", "100", "120", "mousedown", "1"], environment: server.environment, timeout: 10)
        let pressed = try readings(of: reader, until: { $0.isInContact })
        try ExternalCommand.run(xdotool, ["mousemove", "140", "160", "mouseup", "1"], environment: server.environment, timeout: 10)
        let released = try readings(of: reader, until: { !$0.isInContact })

        #expect(announced.count == 1, "the stand-in pen is announced: \(announced)")
        #expect(pressed.last?.isInProximity == true && pressed.last?.isInContact == true)
        #expect(released.last?.isInContact == false)
        #expect(pressed.allSatisfy { $0.source == "xinput2" && $0.pressure == 0 }, "no pressure valuator: 0")
    }

    /// Polls until a reading satisfies `done` (at most five seconds); the readings so far.
    private func readings(of reader: XInput2PenReader, until done: (PenReading) -> Bool) throws -> [PenReading] {
        var seen: [PenReading] = []
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            for case .reading(let reading) in reader.poll(now: 0) { seen.append(reading) }
            if let last = seen.last, done(last) { return seen }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw EndToEndError("no matching XInput2 reading within 5 s; got \(seen)")
    }

    @Test("Connecting to a display with no server is one clear error")
    func noServer() {
        // Above the range XvfbSession uses, so no test server can be listening there.
        #expect(throws: XInput2Error("cannot connect to the X server at :2999")) {
            try XInput2PenReader(displayName: ":2999")
        }
    }
}
