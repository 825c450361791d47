import Foundation
@testable import KilnPlatform
import Testing

/// One `struct input_event` as the kernel writes it on 64-bit Linux, little-endian.
private func eventBytes(at time: Double, _ type: UInt16, _ code: UInt16, _ value: Int32) -> [UInt8] {
    let seconds = Int64(time.rounded(.down))
    let micros = Int64(((time - Double(seconds)) * 1_000_000).rounded())
    func bytes<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
    return bytes(seconds) + bytes(micros) + bytes(type) + bytes(code) + bytes(value)
}

/// A frame of events at `time`, closed by SYN_REPORT.
private func frameBytes(at time: Double, _ fields: [(UInt16, UInt16, Int32)]) -> [UInt8] {
    (fields + [(EvdevCode.evSyn, EvdevCode.synReport, 0)]).flatMap { eventBytes(at: time, $0.0, $0.1, $0.2) }
}

private let device = PenDevice(
    name: "Test Tablet Pen",
    pressureAxis: EvdevAxisInfo(code: EvdevCode.absPressure, minimum: 0, maximum: 1000))

/// A tablet reading the read end of a pipe, and the write end to feed it.
private final class PipeTablet {
    let tablet: EvdevTablet
    private var writeEnd: Int32

    /// A pipe has no ioctls, so the device's state after SYN_DROPPED comes from `deviceState`
    /// when given; without it, asking fails as it would on a pipe.
    init(absoluteAxes: [UInt16]? = nil,
         deviceState: ((EvdevDeviceFile, [UInt16]) -> EvdevDeviceState?)? = nil) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0, fcntl(ends[0], F_SETFL, O_NONBLOCK) == 0 else { throw POSIXError(.EMFILE) }
        writeEnd = ends[1]
        let file = EvdevDeviceFile(descriptor: ends[0], path: "/dev/input/event99", usesMonotonicClock: true)
        if let deviceState {
            tablet = EvdevTablet(file: file, device: device, absoluteAxes: absoluteAxes, proximityTimeout: 0.5,
                                 queryState: deviceState)
        } else {
            tablet = EvdevTablet(file: file, device: device, absoluteAxes: absoluteAxes, proximityTimeout: 0.5)
        }
    }

    deinit { unplug() }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
    }

    /// Closes the write end: the reader sees the end of the stream, as when a device goes.
    func unplug() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
    }

    func readings(now: Double) -> [PenReading] {
        tablet.poll(now: now).compactMap { if case .reading(let reading) = $0 { reading } else { nil } }
    }
}

@Suite("Evdev tablet reading")
struct EvdevTabletTests {
    @Test("A new tablet is announced once, then each SYN_REPORT frame is one normalized reading")
    func frames() throws {
        let pipe = try PipeTablet()
        pipe.send(frameBytes(at: 1.0, [(EvdevCode.evKey, EvdevCode.btnToolPen, 1), (EvdevCode.evAbs, EvdevCode.absPressure, 0)])
                  + frameBytes(at: 1.01, [(EvdevCode.evKey, EvdevCode.btnTouch, 1), (EvdevCode.evAbs, EvdevCode.absPressure, 250)]))

        let first = pipe.tablet.poll(now: 1.02)
        let second = pipe.tablet.poll(now: 1.03)

        guard case .appeared(let key, let description)? = first.first else {
            Issue.record("the first poll should announce the tablet, got \(first)")
            return
        }
        #expect(key == "evdev:/dev/input/event99")
        #expect(description.contains("Test Tablet Pen") && description.contains("0…1000"))
        let readings = first.compactMap { if case .reading(let r) = $0 { r } else { nil } }
        #expect(readings.map(\.isInContact) == [false, true])
        #expect(readings.last?.pressure == 0.25)
        #expect(readings.last?.source == "evdev")
        #expect(second.isEmpty)
    }

    @Test("An event split across two reads becomes a reading once its last bytes arrive")
    func partialReads() throws {
        let pipe = try PipeTablet()
        let bytes = frameBytes(at: 2.0, [(EvdevCode.evKey, EvdevCode.btnToolPen, 1), (EvdevCode.evAbs, EvdevCode.absPressure, 500)])
        pipe.send(Array(bytes[..<30]))

        let early = pipe.readings(now: 2.0)
        pipe.send(Array(bytes[30...]))
        let late = pipe.readings(now: 2.01)

        #expect(early.isEmpty)
        #expect(late.map(\.pressure) == [0.5])
    }

    @Test("After SYN_DROPPED the events up to the next SYN_REPORT are discarded, then frames apply again")
    func dropped() throws {
        let pipe = try PipeTablet()
        pipe.send(frameBytes(at: 3.0, [(EvdevCode.evKey, EvdevCode.btnToolPen, 1), (EvdevCode.evAbs, EvdevCode.absPressure, 100)])
                  + eventBytes(at: 3.01, EvdevCode.evSyn, EvdevCode.synDropped, 0)
                  + frameBytes(at: 3.01, [(EvdevCode.evAbs, EvdevCode.absPressure, 900)])
                  + frameBytes(at: 3.02, [(EvdevCode.evAbs, EvdevCode.absPressure, 300)]))

        let readings = pipe.readings(now: 3.03)

        #expect(readings.map(\.pressure) == [0.1, 0.3], "the 900 of the dropped stretch never shows")
    }

    @Test("After SYN_DROPPED the device is asked for its keys and every axis it has, and the pen stands where it says")
    func resyncFromDevice() throws {
        let tiltX: UInt16 = 0x1a, distance: UInt16 = 0x19
        var asked: [[UInt16]] = []
        let pipe = try PipeTablet(absoluteAxes: [tiltX, EvdevCode.absPressure, EvdevCode.absY, distance, EvdevCode.absX]) { _, axes in
            asked.append(axes)
            return EvdevDeviceState(absoluteValues: [EvdevCode.absX: 40, EvdevCode.absPressure: 700, tiltX: 12],
                                    pressedKeys: [EvdevCode.btnToolPen, EvdevCode.btnTouch])
        }
        pipe.send(frameBytes(at: 3.0, [(EvdevCode.evKey, EvdevCode.btnToolPen, 1), (EvdevCode.evAbs, EvdevCode.absPressure, 100)])
                  + eventBytes(at: 3.01, EvdevCode.evSyn, EvdevCode.synDropped, 0)
                  + frameBytes(at: 3.01, [(EvdevCode.evKey, EvdevCode.btnTouch, 1), (EvdevCode.evAbs, EvdevCode.absPressure, 900)])
                  + frameBytes(at: 3.02, [(EvdevCode.evAbs, EvdevCode.absPressure, 300)]))

        let readings = pipe.readings(now: 3.03)

        #expect(asked == [[EvdevCode.absX, EvdevCode.absY, EvdevCode.absPressure, distance, tiltX]],
                "asked once, for every axis the device has, in code order")
        #expect(readings.map(\.pressure) == [0.1, 0.7, 0.3])
        #expect(readings.map(\.isInContact) == [false, true, true], "BTN_TOUCH, pressed in the dropped stretch, comes from the device")
    }

    @Test("A hovering pen that never sends proximity-out leaves after the timeout")
    func proximityTimeout() throws {
        let pipe = try PipeTablet()
        pipe.send(frameBytes(at: 10.0, [(EvdevCode.evKey, EvdevCode.btnToolPen, 1)]))
        _ = pipe.readings(now: 10.0)

        let before = pipe.readings(now: 10.4)
        let after = pipe.readings(now: 10.6)

        #expect(before.isEmpty)
        #expect(after.map(\.isInProximity) == [false])
    }

    @Test("A device that goes away mid-stroke is reported gone once and then left alone")
    func unplugged() throws {
        let pipe = try PipeTablet()
        pipe.send(frameBytes(at: 4.0, [(EvdevCode.evKey, EvdevCode.btnToolPen, 1), (EvdevCode.evKey, EvdevCode.btnTouch, 1)]))
        _ = pipe.tablet.poll(now: 4.0)

        pipe.unplug()
        let gone = pipe.tablet.poll(now: 4.1)
        let later = pipe.tablet.poll(now: 4.2)

        #expect(gone.count == 1)
        if case .disappeared(let key, let name, let description)? = gone.first {
            #expect(name == "Test Tablet Pen")
            #expect(key == "evdev:/dev/input/event99")
            #expect(description.contains("gone"))
        } else {
            Issue.record("expected a disappearance, got \(gone)")
        }
        #expect(!pipe.tablet.isConnected)
        #expect(later.isEmpty)
    }

    @Test("A read that fails with EIO mid-press, as a device torn away under its reader, is the device gone")
    func failingRead() throws {
        // A pseudo-terminal: in raw mode it passes event bytes unchanged, and once its other
        // end is closed, reading fails with EIO, as a vanished device's node can.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var locked: Int32 = 0, number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN: unlock the pair and learn the other end's number.
        guard master >= 0, ioctl(master, 0x4004_5431, &locked) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw POSIXError(.ENOTTY)
        }
        let other = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        var raw = termios()
        guard other >= 0, tcgetattr(other, &raw) == 0 else { throw POSIXError(.ENOTTY) }
        cfmakeraw(&raw)
        tcsetattr(other, TCSANOW, &raw)
        _ = fcntl(master, F_SETFL, O_NONBLOCK)
        let file = EvdevDeviceFile(descriptor: master, path: "/dev/input/event98", usesMonotonicClock: true)
        let tablet = EvdevTablet(file: file, device: device)
        let frame = frameBytes(at: 5.0, [(EvdevCode.evKey, EvdevCode.btnToolPen, 1), (EvdevCode.evKey, EvdevCode.btnTouch, 1),
                                         (EvdevCode.evAbs, EvdevCode.absPressure, 400)])
        _ = frame.withUnsafeBytes { write(other, $0.baseAddress, $0.count) }
        let pressing = tablet.poll(now: 5.0)

        close(other)
        let gone = tablet.poll(now: 5.1)

        #expect(pressing.contains(PenSourceUpdate.reading(PenReading(key: "evdev:/dev/input/event98", source: "evdev",
                                                      deviceName: "Test Tablet Pen", isInProximity: true,
                                                      isInContact: true, pressure: 0.4, rawPressure: 400))))
        #expect(gone == [PenSourceUpdate.disappeared(key: "evdev:/dev/input/event98", name: "Test Tablet Pen",
                                      description: "\(tablet.summary): the device is gone (unplugged?)")])
        #expect(!tablet.isConnected)
    }

    @Test("kiln devices --watch's watcher: the tablet there at the start is present, then unplugged it is removed, once")
    func watcher() throws {
        let pipe = try PipeTablet()
        let watcher = DeviceWatcher(sources: [pipe.tablet], scope: "a test tablet")

        let first = watcher.poll(now: 1)
        let quiet = watcher.poll(now: 2)
        pipe.unplug()
        let unplugged = watcher.poll(now: 3)
        let after = watcher.poll(now: 4)

        #expect(first.map(\.kind) == [.present] && first.first?.line.hasPrefix("pen present: \"Test Tablet Pen\"") == true)
        #expect(quiet.isEmpty)
        #expect(unplugged.map(\.line) == ["pen removed: \(pipe.tablet.summary): the device is gone (unplugged?)"])
        #expect(after.isEmpty)
    }

    @Test("A missing path and a file that is not an event device are one clear reason each")
    func unusablePaths() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-not-a-tablet-\(UUID().uuidString)")
        try Data("hello".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        #expect(throws: EvdevOpenError(path: "/nonexistent/event7", reason: "no such device")) {
            try EvdevTablet.open(path: "/nonexistent/event7")
        }
        #expect(throws: EvdevOpenError(path: file.path, reason: "not an input event device")) {
            try EvdevTablet.open(path: file.path)
        }
    }

    @Test("Permission denied names group `input`")
    func permission() {
        let error = EvdevOpenError.fromErrno(EACCES, path: "/dev/input/event3")

        #expect(error.description.hasPrefix("/dev/input/event3: permission denied"))
        #expect(error.description.contains("group `input`"))
    }
}
