// The tweak panel in the real window under Xvfb, from the keyboard alone: values changed with
// the arrows and typed into a box apply to the running scene at once, and Ctrl+S writes them
// into the tuning file in force, the rest of the file byte for byte as it was.
import Foundation
@_spi(Fuzzing) import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import MailboxDemo
import Testing

// Part of the end-to-end suite, so that it never runs beside the other windows.
extension EndToEndTests {
    @Test("The tweak panel by keyboard: a threshold raised with arrows and another typed apply at once, and Ctrl+S writes only their lines")
    func tweakPanelByKeyboard() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-tweak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tuning = folder.appendingPathComponent("try.toml")
        let original = try ExternalCommand.run(try KilnBinary.locate(), ["tuning", "mailbox", "--defaults"], timeout: 60).text
        try original.write(to: tuning, atomically: true, encoding: .utf8)

        // What the same keys do to the panel's values, worked out by the panel itself.
        let model = try TweakPanel(profile: TuningProfile.of(MailboxTuning.self), sources: [])
        let first = model.fields[model.knobs[0].field].key
        #expect(first == "swipe.action_threshold")
        for _ in 0..<3 { model.adjust(by: 1, fine: false) }
        guard case .number(let raised) = model.values[first] else { throw Failure("no number for \(first)") }

        let short = raised - 15
        try withApp(arguments: ["mailbox", "--mute", "--tuning", tuning.path]) { app, window, _ in
            // With the file's threshold, the same short drag reaches a zone.
            try window.press(atCanvas: (x: 60, y: 150), holding: 0.1, thenMoveTo: (x: 60 + short, y: 150), steps: 20)
            try app.waitForLine(containing: #""zone.changed""#, timeout: 30)
            Thread.sleep(forTimeInterval: 1)

            try window.key("p")
            for _ in 0..<3 { try window.key("Right") }
            try window.key("Tab")
            try window.key("Return")
            for _ in 0..<6 { try window.key("BackSpace") }
            for key in ["3", "1", "0", "Return"] { try window.key(key) }
            let tweaked = try app.waitForLine(containing: #""tuning.tweaked""#, timeout: 30)

            // The scene runs on the new threshold: a drag short of it changes no zone. The
            // window grew by the panel's width, and the canvas is left of it.
            try window.press(atCanvas: (x: 60, y: 150), holding: 0.1, thenMoveTo: (x: 60 + short, y: 150), steps: 20,
                             besidePanel: TweakPanelView.width)
            let returned = try app.waitForLine(containing: #""message.returned""#, from: tweaked.index, timeout: 30)
            #expect(!app.lines[tweaked.index..<returned.index].contains { $0.contains(#""zone.changed""#) },
                    "a \(short) pt drag reached a zone with the threshold at \(raised)")

            try window.key("ctrl+s")
            try app.waitForLine(containing: #""tuning.saved""#, timeout: 30)
        }

        let saved = try String(contentsOf: tuning, encoding: .utf8)
        let before = original.split(separator: "\n", omittingEmptySubsequences: false)
        let after = saved.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0.0 != $0.1 }.map { String($0.1) }
        #expect(changed == ["action_threshold = \(TuningValue.number(raised))", "second_threshold = 310"], "\(changed)")
        let values = try TuningProfile.of(MailboxTuning.self).values([TuningSource(name: "try.toml", text: saved)])
        #expect(values["swipe.action_threshold"] == .number(raised))
        #expect(values["swipe.second_threshold"] == .number(310))
    }
}

/// A test's own failure, in words.
private struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
