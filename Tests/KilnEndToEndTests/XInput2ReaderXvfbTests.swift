// The XInput2 pen reader against a real X server: a private Xvfb, which has a mouse and a
// keyboard but no tablet, so these check the second connection, the device listing, and
// the event path with xdotool's XTEST pointer standing in for a pen.
import CXInput2
import Foundation
import KilnCore
@testable import KilnPlatform
@testable import KilnRuntime
import KilnEndToEndSupport
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

    @Test("A pen removed from the X server (XISlaveRemoved) is reported gone, as removed, and its loss named")
    func removedPen() throws {
        let server = try XvfbSession(width: 640, height: 480)
        defer { server.stop() }
        // Xvfb has no tablet to unplug: a master pointer added to it brings an XTEST slave
        // pointer, which stands in for the pen, and removing the master removes that slave.
        let owner = try XInput2Connection(displayName: server.display)
        let reader = try XInput2PenReader(displayName: server.display, proximityTimeout: 1,
                                          treatingAsPens: { $0.name == "kilnpen XTEST pointer" })
        #expect(reader.attach(window: reader.rootWindow))
        _ = reader.poll(now: 0)

        try changeHierarchy(adding: "kilnpen", on: owner)
        let added = try updates(of: reader) { if case .appeared = $0 { true } else { false } }
        try changeHierarchy(removing: "kilnpen pointer", on: owner)
        let removed = try updates(of: reader) { if case .disappeared = $0 { true } else { false } }

        guard case .appeared(let key, _)? = added.last, case .disappeared(let goneKey, let name, let description)? = removed.last else {
            Issue.record("expected the pen to appear and go: \(added), \(removed)")
            return
        }
        #expect(goneKey == key && name == "kilnpen XTEST pointer")
        #expect(description.hasSuffix(": removed"), "\(description)")
        var hub = PenHub()
        hub.apply(.reading(PenReading(key: key, source: "xinput2", deviceName: name, isInProximity: true,
                                      isInContact: true, pressure: 0.5, rawPressure: 0.5)), at: 1)
        _ = hub.merge(PointerEvent(phase: .began, location: Point(10, 10), timestamp: 1))
        #expect(hub.apply(removed.last!, at: 1.5) == PenLoss(deviceName: name, source: "xinput2", time: 1.5, wasPressing: true))
    }

    /// Adds a master pointer and keyboard called `name` (with their XTEST slaves), or removes
    /// the master pointer called `removing` and its keyboard, with their slaves.
    private func changeHierarchy(adding name: String? = nil, removing master: String? = nil,
                                 on connection: XInput2Connection) throws {
        var change = XIAnyHierarchyChangeInfo()
        let display = connection.display
        let status: Int32
        if let master {
            guard let device = connection.devices().first(where: { $0.name == master }) else {
                throw EndToEndError("no X device called \(master)")
            }
            change.remove = XIRemoveMasterInfo(type: XIRemoveMaster, deviceid: device.id, return_mode: XIFloating,
                                               return_pointer: 0, return_keyboard: 0)
            status = XIChangeHierarchy(display, &change, 1)
        } else {
            status = (name ?? "").withCString { cName in
                change.add = XIAddMasterInfo(type: XIAddMaster, name: UnsafeMutablePointer(mutating: cName),
                                             send_core: True, enable: True)
                return XIChangeHierarchy(display, &change, 1)
            }
        }
        XSync(display, False)
        guard status == Success else { throw EndToEndError("XIChangeHierarchy refused: \(status)") }
    }

    /// Polls until an update satisfies `done` (at most five seconds); the updates so far.
    private func updates(of reader: XInput2PenReader, until done: (PenSourceUpdate) -> Bool) throws -> [PenSourceUpdate] {
        var seen: [PenSourceUpdate] = []
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            seen += reader.poll(now: 0)
            if let last = seen.last, done(last) { return seen }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw EndToEndError("no matching XInput2 update within 5 s; got \(seen)")
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
