// A code save under kiln dev keeps the designer's place: the new code is given the session's
// input up to the same moment, so its frame there is what kiln render draws of that input on
// the new code.
import Foundation
import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import Testing

extension PrototypeEndToEndTests {
    @Test("After a code save mid-session under kiln dev, the new scene is at the same input moment: its frame is kiln render's of the log on the new code")
    func devKeepsPlace() throws {
        try withPrototype { binary, folder in
            let source = folder.appendingPathComponent("Card.swift")
            let original = try String(contentsOf: source, encoding: .utf8)
            let capture = folder.appendingPathComponent("Scripts/kept.json")
            let session = try XvfbSession(width: 1280, height: 1024)
            defer { session.stop() }
            let app = try KilnApp(binary: binary, arguments: ["dev", folder.path, "--capture", capture.path, "--events",
                                                              "--mute", "--quit-after", "120"], session: session)
            defer { app.terminate() }
            try app.waitForLine(containing: #""event": "scene.opened""#, timeout: 120)
            let window = try app.window(timeout: 30)
            // A drag that leaves the card somewhere else once it rests.
            try window.drag(fromCanvas: (195, 422), to: (120, 600))
            let released = try app.waitForLine(containing: "card.released", timeout: 20)
            Thread.sleep(forTimeInterval: 1.5)
            try write(original.replacingOccurrences(of: "Color(hex: 0xF2F2F7)", with: "Color(hex: 0x202024)"), to: source)
            let reloaded = try app.waitForLine(containing: "prototype.reloaded", from: released.index + 1, timeout: 60)
            Thread.sleep(forTimeInterval: 0.5)
            // Held still, to compare with the render at that very moment.
            try window.key("space")
            let paused = try app.waitForLine(containing: "time.paused", from: reloaded.index + 1, timeout: 10)
            let object = try JSONSerialization.jsonObject(with: Data(paused.line.utf8)) as? [String: Any]
            let moment = try #require(object?["t"] as? Double)
            #expect(moment > 1.5, "the new scene started afresh at \(moment) s")
            // The replay into the new code is not heard or told again.
            let releases = app.lines.filter { $0.contains("card.released") }
            #expect(releases.count == 1, "\(releases)")
            let shot = folder.appendingPathComponent("window.png").path
            try window.screenshot(to: shot)
            try window.key("Escape")
            _ = try waitForStandardError(of: app, containing: "captured ", timeout: 20)

            let render = folder.appendingPathComponent("render.png").path
            try ExternalCommand.run(binary, ["render", folder.path, "--script", capture.path, "--at", String(format: "%.4f", moment),
                                             "--scale", "1", "--out", render, "--mute"], timeout: 240)
            let actual = try RGBImage(contentsOf: shot), expected = try RGBImage(contentsOf: render)
            try #require(actual.width == expected.width && actual.height == expected.height)
            // While paused the timeline strip shows along the bottom: window chrome, not in renders.
            let stripTop = actual.height - Int(TimelineStrip.height.rounded(.up)) - 1
            let difference = actual.difference(from: expected, region: PixelRect(x: 0, y: 0, width: actual.width, height: stripTop),
                                               tolerance: WindowAgreementTests.tolerance)
            #expect(WindowAgreementTests.passes(difference), "\(difference)")
            // The new code's dark background, with the card where the old code's drag left it.
            #expect(actual.pixel(20, 20).red < 60)
        }
    }

    /// Waits for `text` on the app's standard error; the whole of it so far.
    private func waitForStandardError(of app: KilnApp, containing text: String, timeout: Double) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while !app.errorOutput.contains(text) {
            guard Date() < deadline else {
                Issue.record("no '\(text)' on standard error within \(timeout) s: \(app.errorOutput)")
                return app.errorOutput
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return app.errorOutput
    }
}
