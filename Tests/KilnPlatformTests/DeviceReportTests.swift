import Foundation
import KilnPlatform
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
