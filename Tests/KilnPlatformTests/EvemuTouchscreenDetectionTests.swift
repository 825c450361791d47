import Foundation
import KilnPlatform
import KilnTestSupport
import Testing

/// A recording's header: multi-touch position axes, the property byte given, then one
/// frame that sends `key` when one is given.
private func multiTouchRecording(properties: String, pressure: Bool = false, key: String? = nil) -> String {
    "N: Screen\nP: \(properties) 00 00 00 00 00 00 00\nA: 35 0 1000 0 0 0\nA: 36 0 1000 0 0 0\n"
        + (pressure ? "A: 18 0 255 0 0 0\n" : "")
        + (key.map { "E: 0.000001 0001 \($0) 1\n" } ?? "")
        + "E: 0.000001 0003 0035 5\nE: 0.000001 0003 0036 5\nE: 0.000001 0000 0002 0\nE: 0.000001 0000 0000 0\n"
}

@Suite("Evemu touchscreen detection")
struct EvemuTouchscreenDetectionTests {
    @Test("A protocol-A screen whose recording sets no property is a touchscreen")
    func noPropertiesFixture() throws {
        let url = ProjectFiles.tablets.appendingPathComponent("Kiln-Touchscreen-A-no-properties.pinch.events")

        let recording = try EvemuRecording(contentsOf: url)

        #expect(recording.properties.isEmpty && recording.isTouchscreen)
        #expect(recording.deviceName == "Kiln Handmade Touchscreen A, no properties" && recording.frames.count == 17)
    }

    @Test("Multi-touch axes make a touchscreen with INPUT_PROP_DIRECT, or with no property, pen tool or pressure",
          arguments: [
              (properties: "02", pressure: false, key: nil as String?),
              (properties: "02", pressure: false, key: "0140"),
              (properties: "00", pressure: false, key: "014a"),
              (properties: "00", pressure: true, key: nil),
          ])
    func touchscreens(properties: String, pressure: Bool, key: String?) throws {
        let text = multiTouchRecording(properties: properties, pressure: pressure, key: key)

        let recording = try EvemuRecording(parsing: text, fileName: "screen.events")

        #expect(recording.isTouchscreen)
    }

    @Test("Multi-touch axes on a touchpad (INPUT_PROP_POINTER) or beside a pen tool, with a pressure axis, are read as a pen")
    func touchpadOrPenToolIsAPen() throws {
        let touchpad = try EvemuRecording(parsing: multiTouchRecording(properties: "01", pressure: true), fileName: "pad.events")
        let pen = try EvemuRecording(
            parsing: multiTouchRecording(properties: "00", pressure: true, key: "0140"), fileName: "pen.events")

        #expect(!touchpad.isTouchscreen && !pen.isTouchscreen)
    }

    @Test("Neither a pen nor a touchscreen is one line saying what was looked for",
          arguments: [(properties: "01", key: nil as String?), (properties: "00", key: "0140")])
    func refusal(properties: String, key: String?) {
        let text = multiTouchRecording(properties: properties, key: key)

        let error = #expect(throws: EvemuError.self) { try EvemuRecording(parsing: text, fileName: "pad.events") }

        #expect(error?.reason == .noPressureAxis)
        #expect(error?.description == neitherPenNorTouchscreen("pad.events"))
    }
}
