import Foundation
import Kiln
import KilnCore
import KilnPlatform
import Testing

/// The one line a hang gives: whose code, which part, where, and what happens next.
@Suite("Hang report")
struct HangReportTests {
    let hang = Watchdog.Hang(part: .pointerHandler, seconds: 2.05)

    @Test("The window's line names the scene, the part and the file and line, on one line")
    func windowLine() {
        let line = HangReport.windowLine(hang, subject: "the prototype 'spin' (protos/spin)", limit: 2,
                                         location: "/home/me/protos/spin/Spin.swift:42")

        #expect(line.hasPrefix("the prototype 'spin' (protos/spin) has been stuck in a pointer handler for more than 2 s"))
        #expect(line.contains("at /home/me/protos/spin/Spin.swift:42"))
        #expect(line.contains("kiln recover"))
        #expect(!line.contains("\n"))
    }

    @Test("Without a file and line, the line says none was found")
    func noLocation() {
        let line = HangReport.windowLine(hang, subject: "the scene 'laser'", limit: 2, location: nil)

        #expect(line.contains("(no file and line found for it)"))
        #expect(!line.contains(" at "))
    }

    @Test("A render's line names the frame and its time, and says nothing was written")
    func renderLine() {
        let line = HangReport.renderLine(Watchdog.Hang(part: .update, seconds: 1.1), frame: 61, time: 61.0 / 60,
                                         subject: "the prototype 'spin' (spin)", limit: 1, location: nil)

        #expect(line == "frame 61 (1.02 s) of the prototype 'spin' (spin) ran past --frame-timeout 1 s, "
                + "stuck in its update (no file and line found for it); nothing was written")
    }

    @Test("A signal while stuck says which signal, and that the journal is kept")
    func signalLine() {
        let line = HangReport.signalLine(SIGTERM, subject: "the scene 'laser'", part: .recognizerAction)

        #expect(line.hasPrefix("SIGTERM came while the scene 'laser' was stuck in a recognizer's action"))
        #expect(line.contains("journal is kept"))
    }

    @Test("A scene from Kiln is a scene; one from a folder is a prototype with its folder")
    func subjects() {
        #expect(HangReport.subject(scene: "laser") == "the scene 'laser'")
    }
}
