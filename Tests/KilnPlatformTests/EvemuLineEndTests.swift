import Foundation
import KilnPlatform
import KilnTestSupport
import Testing

/// Line ends of evemu recordings: Swift reads "\r\n" as one character, so lines are split at
/// the byte, as an editor counts them.
@Suite("Evemu recordings with CRLF line ends")
struct EvemuLineEndTests {
    static let recording = ProjectFiles.recordings.appendingPathComponent("cintiq-press-and-confirm.events")

    @Test("A recording saved with CRLF line ends reads the same as with LF")
    func crlfReadsLikeLF() throws {
        let text = try String(contentsOf: Self.recording, encoding: .utf8)
        let lf = try EvemuRecording(parsing: text, fileName: "lf.events")

        let crlf = try EvemuRecording(parsing: text.replacingOccurrences(of: "\n", with: "\r\n"), fileName: "crlf.events")

        #expect(crlf.frames == lf.frames)
        #expect(crlf.axes == lf.axes)
        #expect(crlf.deviceName == lf.deviceName)
        #expect(!lf.frames.isEmpty)
    }

    @Test("A bad line of a CRLF recording is named by its own number")
    func crlfLineNumbers() {
        let text = "A: 18 0 2047 0 0 0\r\nE: 0.000000 0003 0018 10\r\nE: nonsense\r\n"

        let error = #expect(throws: EvemuError.self) { try EvemuRecording(parsing: text, fileName: "c.events") }

        #expect(error?.line == 3)
    }
}
