import Foundation
import KilnPlatform
import KilnTestSupport
import Testing

/// Real tablet recordings kept with the tests.
private let fixtures = ProjectFiles.tablets

private let cintiqURL = fixtures.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events")
private let intuosDescriptionURL = fixtures.appendingPathComponent("Wacom-Intuos4-6x9-Pen.desc")

private func intuos(_ name: String) throws -> EvemuRecording {
    try EvemuRecording(
        description: intuosDescriptionURL,
        events: fixtures.appendingPathComponent("Wacom-Intuos4-6x9.stylus-\(name).events"))
}

/// The one line refusing `file`, a recording of neither a pen nor a touchscreen.
func neitherPenNorTouchscreen(_ file: String) -> String {
    "\(file): neither a pen nor a touchscreen: no pressure axis for a pen (no `A: 18` line), and no "
        + "multi-touch position axes for a touchscreen (`A: 35` and `A: 36`, without a pen tool or INPUT_PROP_POINTER)"
}

private func maximumPressure(_ recording: EvemuRecording) -> Double {
    recording.penSamples().map(\.pressure).max() ?? 0
}

@Suite("Evemu recordings")
struct EvemuRecordingTests {
    @Test("The Cintiq recording's pressure axis runs from 0 to 2047")
    func cintiqPressureRange() throws {
        let recording = try EvemuRecording(contentsOf: cintiqURL)

        let axis = recording.pressureAxis

        #expect(axis.minimum == 0)
        #expect(axis.maximum == 2047)
    }

    @Test("The Cintiq recording names its device and gives its position axes a resolution")
    func cintiqDevice() throws {
        let recording = try EvemuRecording(contentsOf: cintiqURL)

        let device = recording.penDevice

        #expect(device.name == "Wacom Cintiq 13HD touch Pen")
        #expect(
            recording.deviceID == .init(bus: 3, vendor: 0x56a, product: 0x333, version: 0x110))
        #expect(
            device.xAxis == .init(code: 0, minimum: 400, maximum: 59152, fuzz: 4, resolution: 200))
        #expect(
            device.yAxis == .init(code: 1, minimum: 400, maximum: 33448, fuzz: 4, resolution: 200))
        #expect(device.hasTouchButton)
        #expect(device.hasProximityButton)
    }

    @Test("The Cintiq recording's frames start at time zero and last half a second")
    func cintiqFrames() throws {
        let recording = try EvemuRecording(contentsOf: cintiqURL)

        let frames = recording.frames

        #expect(frames.count == 79)
        #expect(frames.first?.time == 0)
        #expect(abs(recording.duration - 0.499963) < 1e-9)
        #expect(frames.allSatisfy { $0.events.last?.isSynReport == true })
    }

    @Test("The Cintiq pen touches down, presses past 0.3 of its range and leaves")
    func cintiqPressure() throws {
        let recording = try EvemuRecording(contentsOf: cintiqURL)

        let samples = recording.penSamples()

        #expect(maximumPressure(recording) > 0.3)
        #expect(samples.contains { $0.isInContact })
        #expect(samples.first?.isInProximity == true)
        #expect(samples.last?.isInProximity == false)
    }

    @Test("The Intuos4 ranges come from its separate description file")
    func intuosRanges() throws {
        let recording = try intuos("drag")

        let device = recording.penDevice

        #expect(device.name == "Wacom Intuos4 6x9 Pen")
        #expect(device.pressureAxis == EvdevAxisInfo(code: 0x18, minimum: 0, maximum: 2047))
        #expect(device.xAxis?.maximum == 44704)
        #expect(device.yAxis?.maximum == 27940)
        #expect(device.xAxis?.resolution == 200)
    }

    @Test(
        "Intuos4 epoch timestamps start at zero and the pen presses past 0.3",
        arguments: ["drag", "tap"])
    func intuosFrames(name: String) throws {
        let recording = try intuos(name)

        let frames = recording.frames

        #expect(frames.count > 0)
        #expect(frames.first?.time == 0)
        #expect(recording.duration > 0 && recording.duration < 10)
        #expect(maximumPressure(recording) > 0.3)
    }

    @Test("An events file without its description is an error naming the missing A: 18 line and touchscreen axes")
    func eventsWithoutDescription() throws {
        let url = fixtures.appendingPathComponent("Wacom-Intuos4-6x9.stylus-tap.events")

        let error = #expect(throws: EvemuError.self) { try EvemuRecording(contentsOf: url) }

        #expect(error?.reason == .noPressureAxis)
        #expect(error?.description == neitherPenNorTouchscreen("Wacom-Intuos4-6x9.stylus-tap.events"))
    }

    @Test("A header with axes but no pressure axis is refused")
    func headerWithoutPressure() {
        let text = "N: Mouse\nA: 00 0 100 0 0 0\nA: 01 0 100 0 0 0\n"
            + "E: 0.000001 0003 0000 5\nE: 0.000001 0000 0000 0\n"

        let error = #expect(throws: EvemuError.self) {
            try EvemuRecording(parsing: text, fileName: "mouse.evemu")
        }

        #expect(error?.reason == .noPressureAxis)
    }

    @Test("A malformed event line is reported with its file and line number")
    func malformedEvent() {
        let text = "N: Pen\nA: 18 0 1023 0 0 0\nE: 0.000001 0003 zz 5\n"

        let error = #expect(throws: EvemuError.self) {
            try EvemuRecording(parsing: text, fileName: "pen.events")
        }

        #expect(error?.line == 3)
        #expect(error?.description.hasPrefix("pen.events:3: malformed line: expected `E:") == true)
    }

    @Test(
        "Unknown line types and bad axis numbers are malformed too",
        arguments: ["Q: 1 2", "hello", "A: 18 0 x 0 0"])
    func unknownLine(line: String) {
        let text = "N: Pen\n\(line)\nA: 18 0 1023 0 0 0\n"

        let error = #expect(throws: EvemuError.self) {
            try EvemuRecording(parsing: text, fileName: "pen.events")
        }

        #expect(error?.line == 2)
    }

    @Test("The commented header alone describes the device as the machine lines do")
    func commentedHeaderOnly() throws {
        let full = try String(contentsOf: cintiqURL, encoding: .utf8)
        let machineLine = /^[NIPBA]:/
        let commentsOnly = full.split(separator: "\n")
            .filter { $0.prefixMatch(of: machineLine) == nil }
            .joined(separator: "\n")
        let reference = try EvemuRecording(parsing: full, fileName: "full")

        let recording = try EvemuRecording(parsing: commentsOnly, fileName: "comments")

        #expect(recording.deviceName == reference.deviceName)
        #expect(recording.deviceID == reference.deviceID)
        #expect(recording.axes == reference.axes)
        #expect(recording.keyCodes == reference.keyCodes)
        #expect(recording.frames == reference.frames)
    }

    @Test("Epoch and near-zero timestamps give the same frame times")
    func timestampStyles() throws {
        let header = "A: 18 0 1023 0 0 0\n"
        let epoch = header + "E: 1364787581.497486 0003 0018 10\nE: 1364787581.497486 0000 0000 0\n"
            + "E: 1364787581.5 0003 0018 20\nE: 1364787581.5 0000 0000 0\n"
        let nearZero = header + "E: 0.000001 0003 0018 10\nE: 0.000001 0000 0000 0\n"
            + "E: 0.002515 0003 0018 20\nE: 0.002515 0000 0000 0\n"

        let fromEpoch = try EvemuRecording(parsing: epoch, fileName: "epoch").frames.map(\.time)
        let fromZero = try EvemuRecording(parsing: nearZero, fileName: "zero").frames.map(\.time)

        #expect(fromEpoch == [0, 0.002514])
        #expect(fromZero == [0, 0.002514])
    }

    @Test("Events after the last SYN_REPORT are an unfinished frame and left out")
    func unfinishedFrame() throws {
        let text = "A: 18 0 1023 0 0 0\n"
            + "E: 0.1 0003 0018 10\nE: 0.1 0000 0000 0\nE: 0.2 0003 0018 20\n"

        let recording = try EvemuRecording(parsing: text, fileName: "cut")

        #expect(recording.frames.count == 1)
        #expect(recording.events.count == 2)
    }

    static let badRecordings: [(text: String, description: String)] = [
        ("", "pen.events: the file is empty (expected an evemu-record recording)"),
        ("\n  \n", "pen.events: the file is empty (expected an evemu-record recording)"),
        ("N: Pen\nA: 18 0 1023 0 0 0\nE: 0.000001 0003 0018 10\nE: 0.0000",
         "pen.events:4: malformed line: expected `E: <sec>.<usec> <type hex> <code hex> <value>`"),
        ("N: Pen\nA: 18 0 1023 0 0 0\n\u{1}\u{2}garbage\n",
         "pen.events:3: malformed line: expected a `#` comment or an `N:` `I:` `P:` `B:` `A:` or `E:` line"),
        ("N: Pen\nA: 18 0 1023 0 0 0\nE: 99999999999999.000001 0003 0018 10\n",
         "pen.events:3: malformed line: the time 99999999999999.000001 is too large"),
        ("N: Pen\nA: 18 0 1023 0 0 0\nE: 99999999999999999999.0 0003 0018 10\n",
         "pen.events:3: malformed line: the time 99999999999999999999.0 is too large"),
        ("N: Pen\nA: 18 0 1023 0 0 0\nE: -1.000000 0003 0018 10\n",
         "pen.events:3: malformed line: the time -1.000000 is negative"),
        ("N: Pen\nA: 18 0 1023 0 0 0\nE: 2.5 0003 0018 10\nE: 2.5 0000 0000 0\nE: 1.000001 0003 0018 20\n",
         "pen.events:5: malformed line: the time goes back from 2.500000 to 1.000001; events must be in time order"),
        ("N: Mouse\nA: 00 0 100 0 0 0\nE: 0.1 0003 0000 5\nE: 0.1 0000 0000 0\n",
         neitherPenNorTouchscreen("pen.events")),
    ]

    @Test("Empty, cut-off, garbage, huge, negative and backwards recordings are one exact line each",
          arguments: badRecordings)
    func badRecording(_ bad: (text: String, description: String)) {
        let error = #expect(throws: EvemuError.self) {
            try EvemuRecording(parsing: bad.text, fileName: "pen.events")
        }

        #expect(error?.description == bad.description)
    }

    @Test("A missing file and a folder are named for what they are")
    func unreadablePaths() {
        let missing = #expect(throws: EvemuError.self) {
            try EvemuRecording(contentsOf: URL(fileURLWithPath: "/nonexistent/kiln/pen.events"))
        }
        let folder = #expect(throws: EvemuError.self) {
            try EvemuRecording(contentsOf: fixtures)
        }

        #expect(missing?.description == "pen.events: no such file")
        #expect(folder?.description == "Tablets: is a folder, not a file")
    }
}
