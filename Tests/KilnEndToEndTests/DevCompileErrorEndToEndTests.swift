// kiln dev on a prototype whose code does not compile yet, in the real window under Xvfb:
// the window opens with the compile error's banner and waits for a save that compiles.
import Foundation
import KilnCore
import KilnEndToEndSupport
import Testing

extension PrototypeEndToEndTests {
    @Test("kiln dev on code that does not compile opens the window under the error's banner and shows the prototype at the first save that compiles; Esc while it waits ends kiln dev")
    func devOpensOnACompileError() throws {
        try withPrototype { binary, folder in
            let source = folder.appendingPathComponent("Card.swift")
            let original = try String(contentsOf: source, encoding: .utf8)
            var lines = original.components(separatedBy: "\n")
            let broken = try #require(lines.firstIndex { $0.contains("now = time") })
            lines[broken] = "        now = undefinedTime"
            try write(lines.joined(separator: "\n"), to: source)
            let session = try XvfbSession(width: 1280, height: 1024)
            defer { session.stop() }
            let app = try KilnApp(binary: binary, arguments: ["dev", folder.path, "--events", "--mute", "--quit-after", "300"],
                                  session: session)
            defer { app.terminate() }

            let reported = try holds(within: 180) { app.errorOutput.contains("Card.swift:\(broken + 1): cannot find 'undefinedTime'") }
            let window = try app.window(timeout: 60)
            let shot = folder.appendingPathComponent("shot.png").path
            // The banner's dark red, across the top of the canvas, under its two lines of text.
            var banner = (red: 0, green: 0, blue: 0)
            let bannerShows = try holds(within: 15) {
                try window.screenshot(to: shot)
                banner = try RGBImage(contentsOf: shot).pixel(200, 70)
                return banner.red > 140 && banner.green < 90
            }

            #expect(reported, "\(app.errorOutput.suffix(1500))")
            #expect(app.errorOutput.contains("— the window shows the prototype once a save compiles"), "\(app.errorOutput.suffix(1500))")
            #expect(bannerShows, "the banner's pixel: \(banner)")
            #expect(app.isRunning)
            #expect(!app.lines.contains { $0.contains("scene.opened") })

            try write(original, to: source)
            let opened = try app.waitForLine(containing: #""event": "scene.opened""#, timeout: 180)
            var after = (red: 0, green: 0, blue: 0)
            let bannerGone = try holds(within: 15) {
                try window.screenshot(to: shot)
                after = try RGBImage(contentsOf: shot).pixel(200, 70)
                return after.red > 200 && after.green > 200
            }

            #expect(opened.line.contains("card"), "\(opened.line)")
            #expect(bannerGone, "the canvas's own background: \(after)")
            app.terminate()

            // Broken again: Esc on the waiting window closes it, and kiln dev ends as it does on its own.
            try write(lines.joined(separator: "\n"), to: source)
            let waiting = try KilnApp(binary: binary, arguments: ["dev", folder.path, "--mute", "--quit-after", "300"],
                                      session: session)
            defer { waiting.terminate() }
            _ = try holds(within: 180) { waiting.errorOutput.contains("cannot find 'undefinedTime'") }
            let waitingWindow = try waiting.window(timeout: 60)
            Thread.sleep(forTimeInterval: 0.5)
            try waitingWindow.key("Escape")
            let ended = try holds(within: 20) { !waiting.isRunning }

            #expect(ended)
            #expect(waiting.ending.map { $0.status == 0 && !$0.bySignal } == true, "\(String(describing: waiting.ending))")
        }
    }

    /// Checks `condition` every 100 ms until it holds or `seconds` pass; whether it held.
    private func holds(within seconds: Double, _ condition: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if try condition() { return true }
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }
}
