import Foundation
import KilnCore
@testable import KilnPlatform
import Testing

@Suite("kiln devices: the report")
struct DeviceReportTests {
    @Test("Event devices that are there but cannot be read are listed, grouped by reason")
    func unreadableDevices() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["event0", "event1"] {
            try Data("not a device".utf8).write(to: folder.appendingPathComponent(name))
        }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("event2").path,
                                                   withDestinationPath: "/nonexistent/event2")
        let scan = EvdevDirectory.scan(folder.path)
        let report = DeviceReport(display: nil, xDevices: [], evdev: scan, audio: ("dummy", [], nil),
                                  controllers: ([], nil), facts: PenSearchFacts())

        let lines = report.lines
        let heading = try #require(lines.firstIndex { $0.hasPrefix("Event devices present but unreadable") })

        #expect(Array(lines[(heading + 1)...].prefix(2)) == [
            "  \(folder.path)/event0, \(folder.path)/event1: not an input event device",
            "  \(folder.path)/event2: no such device",
        ])
    }

    @Test("Without unreadable devices the report has no such section")
    func allReadable() {
        let scan = EvdevDirectory.scan("/nonexistent/input")
        let report = DeviceReport(display: nil, xDevices: [], evdev: scan, audio: ("dummy", [], nil),
                                  controllers: ([], nil), facts: PenSearchFacts())

        #expect(!report.lines.contains { $0.contains("unreadable") })
    }
}

/// What `kiln devices` says about touchpad pinch and rotate, and how a touchpad's gesture
/// events become two fingers.
@Suite("Touchpad gestures")
struct TouchpadGestureTests {
    func report(_ touchpad: Result<String, XInput2Error>?) -> [String] {
        var report = DeviceReport(display: ":5", xDevices: [], evdev: EvdevDirectory.scan("/nonexistent/input"),
                                  audio: ("dummy", [], nil), controllers: ([], nil), facts: PenSearchFacts())
        report.touchpadGestures = touchpad
        return report.lines.filter { $0.hasPrefix("Touchpad") }
    }

    @Test("Devices says whether the X server has XInput 2.4, and what to do without it")
    func devicesLine() {
        #expect(report(.success(":5")) == ["Touchpad pinch and rotate: XInput 2.4 on :5; they reach the scenes' recognizers"])
        let old = XInput2Error("the X server at :5 has XInput 2.3; touchpad pinch and rotate need 2.4")
        #expect(report(.failure(old)) == [
            "Touchpad pinch and rotate: unavailable (the X server at :5 has XInput 2.3; touchpad pinch and rotate "
                + "need 2.4); Alt-drag the mouse for two fingers instead",
        ])
        #expect(report(nil).isEmpty)
    }

    @Test("A pinch begins two fingers about the pointer, spreads them by its scale, turns them by its angle")
    func pinchBecomesFingers() throws {
        var pinch = TouchpadPinch()
        // A window at 2 window points per canvas point.
        let toCanvas = { (p: Point) in Point(x: p.x / 2, y: p.y / 2) }
        let began = pinch.events(for: TouchpadPinchSample(kind: .begin, location: Point(x: 400, y: 600), delta: .zero,
                                                          scale: 1, deltaAngle: 0), time: 1, canvasPoint: toCanvas)
        #expect(began.map(\.phase) == [.began, .began] && began.allSatisfy { $0.device == .touch })
        #expect(began.map(\.location) == [Point(x: 150, y: 300), Point(x: 250, y: 300)])

        let turned = pinch.events(for: TouchpadPinchSample(kind: .update, location: Point(x: 400, y: 600),
                                                           delta: Point(x: 20, y: 0), scale: 2, deltaAngle: 90),
                                  time: 1.1, canvasPoint: toCanvas)
        #expect(turned.map(\.phase) == [.moved, .moved])
        let first = turned[0].location, second = turned[1].location
        #expect(abs(first.distance(to: second) - 200) < 1e-9, "twice the starting spread")
        #expect(abs(first.x - 210) < 1e-9 && abs(first.y - 200) < 1e-9, "a quarter turn clockwise about the moved centre")
        #expect(abs(second.x - 210) < 1e-9 && abs(second.y - 400) < 1e-9)

        let ended = pinch.events(for: TouchpadPinchSample(kind: .end, location: Point(x: 400, y: 600), delta: .zero,
                                                          scale: 2, deltaAngle: 0, isCancelled: true),
                                 time: 1.2, canvasPoint: toCanvas)
        #expect(ended.map(\.phase) == [.cancelled, .cancelled])
        // An update after the end, or a broken value, moves no finger that is not down.
        #expect(pinch.events(for: TouchpadPinchSample(kind: .update, location: .zero, delta: .zero, scale: .nan,
                                                      deltaAngle: .infinity), time: 1.3, canvasPoint: toCanvas).isEmpty)
    }
}
