// Slow motion, pause and frame steps in the real window under Xvfb: a paused frame, a step
// forward and a step back each show what `kiln render --at` draws at that scene time, and
// input made in slow motion is logged in scene time, so captures and R replay it at normal speed.
import Foundation
import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import Testing

// Part of the end-to-end suite, so that it never runs beside the other windows.
extension EndToEndTests {
    @Test("Paused, a step back and then steps forward show the frames kiln render draws at those scene times")
    func pauseAndStep() throws {
        let script = ProjectFiles.scripts.appendingPathComponent("mailbox-tour.json")
        try withApp(arguments: ["play", script.path, "--mute"]) { app, window, files in
            // Mid-swipe: the tour's first drag is under way after a second and a half.
            Thread.sleep(forTimeInterval: 1.6)
            try window.key("space")
            let paused = try sceneTime(of: app.waitForLine(containing: "time.paused", timeout: 10).line)

            // A step back makes the scene anew from its log, on the frames an offline render steps.
            try window.key("Left")
            var next = try app.waitForLine(containing: "time.stepped", timeout: 30)
            let back = try sceneTime(of: next.line)
            #expect(abs(back - (paused - 1.0 / 60)) < 0.002)
            try expectWindow(window, matchesRenderOf: script, at: back, files: files, label: "one step back")

            // Steps forward from there play on what was logged, frame by frame.
            try window.key("Right")
            next = try app.waitForLine(containing: "time.stepped", from: next.index + 1, timeout: 10)
            try window.key("Right")
            next = try app.waitForLine(containing: "time.stepped", from: next.index + 1, timeout: 10)
            let forward = try sceneTime(of: next.line)
            #expect(abs(forward - (paused + 1.0 / 60)) < 0.002)
            try expectWindow(window, matchesRenderOf: script, at: forward, files: files, label: "two steps forward")
            #expect(!app.errorOutput.contains("cannot"), "\(app.errorOutput)")
        }
    }

    @Test("A drag made at ¼× is logged in scene time: R saves it at normal speed, a quarter as many frames as its wall time")
    func slowMotionRecordsSceneTime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-slow-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try withApp(arguments: ["mailbox", "--mute", "--record-dir", folder.path, "--record-scale", "0.5"]) {
            app, window, _ in
            try window.key("s")
            let speed = try app.waitForLine(containing: "time.speed", timeout: 10).line
            #expect(speed.contains(#""speed": 0.25"#))
            try window.key("r")
            let started = Date()
            try window.press(atCanvas: (x: 120, y: 150), holding: 0.1, thenMoveTo: (x: 300, y: 150), steps: 40)
            Thread.sleep(forTimeInterval: 0.5)
            try window.key("r")
            let wall = Date().timeIntervalSince(started)
            _ = try waitForStandardError(of: app.process, containing: "saved ", timeout: 120)

            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
            let ffprobe = try ExternalCommand.require("ffprobe", package: "ffmpeg")
            let frames = try #require(Int(try ExternalCommand.run(ffprobe, [
                "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                "-of", "csv=p=0", folder.appendingPathComponent(name).path], timeout: 60).text
                .trimmingCharacters(in: .whitespacesAndNewlines)))
            // Between the two presses about `wall` seconds passed, a quarter of that in the scene:
            // the clip holds the scene's frames at 60 a second, not the wall clock's.
            #expect(Double(frames) <= wall * 60 * 0.25 + 8, "\(frames) frames for \(wall) s at ¼×")
            #expect(Double(frames) >= 1.2 * 60 * 0.25 * 0.8, "\(frames) frames for \(wall) s at ¼×")
        }
    }

    /// The scene time of a `time.…` event line.
    private func sceneTime(of line: String) throws -> Double {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        return try #require(object?["t"] as? Double, "no time in \(line)")
    }

    /// Compares the window's picture with `kiln render`'s of the script's scene at `time`, as
    /// closely as the window and offline frames agree elsewhere.
    private func expectWindow(_ window: XWindow, matchesRenderOf script: URL, at time: Double, files: URL,
                              label: String) throws {
        let binary = try KilnBinary.locate()
        let reference = files.appendingPathComponent("render-\(time).png").path
        try ExternalCommand.run(binary, ["render", "mailbox", "--script", script.path, "--at", String(format: "%.4f", time),
                                         "--scale", "1", "--out", reference, "--mute"], timeout: 120)
        let shot = files.appendingPathComponent("window-\(time).png").path
        try window.screenshot(to: shot)
        let actual = try RGBImage(contentsOf: shot), expected = try RGBImage(contentsOf: reference)
        try #require(actual.width == expected.width && actual.height == expected.height,
                     "\(label): the window is \(actual.width)×\(actual.height), the render \(expected.width)×\(expected.height)")
        // While paused the timeline strip shows along the bottom: window chrome, not in renders.
        let stripTop = actual.height - Int(TimelineStrip.height.rounded(.up)) - 1
        let difference = actual.difference(from: expected, region: PixelRect(x: 0, y: 0, width: actual.width, height: stripTop),
                                           tolerance: WindowAgreementTests.tolerance)
        #expect(WindowAgreementTests.passes(difference), "\(label) at \(time) s: \(difference)")
    }
}

extension EndToEndTests {
    @Test("Scrubbed back on the timeline strip before a swipe, a new swipe forks the session: the capture and R hold the new branch")
    func scrubThenFork() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-fork-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = folder.appendingPathComponent("capture.json")
        try withApp(arguments: ["mailbox", "--mute", "--capture", capture.path, "--record-dir", folder.path,
                                "--record-scale", "0.5"]) { app, window, _ in
            Thread.sleep(forTimeInterval: 1)
            // The old branch: the first message archived.
            try window.drag(fromCanvas: (x: 60, y: 150), to: (x: 300, y: 150), steps: 20)
            let archived = try app.waitForLine(containing: "message.archived", timeout: 10)
            #expect(archived.line.contains("Maya"))
            Thread.sleep(forTimeInterval: 0.5)

            // Pause, and scrub from the strip's right end to its start: before the swipe.
            try window.key("space")
            let paused = try app.waitForLine(containing: "time.paused", timeout: 10)
            try window.drag(fromCanvas: (x: 370, y: 815), to: (x: 20, y: 815), steps: 12)
            var scrubbed = try app.waitForLine(containing: "time.scrubbed", from: paused.index + 1, timeout: 30)
            while let next = try? app.waitForLine(containing: "time.scrubbed", from: scrubbed.index + 1, timeout: 3) {
                scrubbed = next
            }
            let early = try sceneTime(of: scrubbed.line)
            #expect(early < 1, "scrubbed to \(early) s")

            // The new branch, recorded with R: the second message archived instead.
            try window.key("r")
            try window.drag(fromCanvas: (x: 60, y: 242), to: (x: 300, y: 242), steps: 20)
            let forked = try app.waitForLine(containing: "message.archived", from: scrubbed.index + 1, timeout: 10)
            #expect(forked.line.contains("Oren"), "\(forked.line)")
            Thread.sleep(forTimeInterval: 0.5)
            try window.key("r")
            _ = try waitForStandardError(of: app.process, containing: "saved ", timeout: 120)
            // Back to the launcher: the capture is written when its scene is left.
            try window.key("Escape")
            _ = try waitForStandardError(of: app.process, containing: "captured ", timeout: 20)
        }
        // The capture holds the new branch alone: one press, on the second row.
        let script = try InputScriptParser.parse(contentsOf: capture)
        let presses = script.steps.flatMap { step -> [ScriptEvent] in
            if case .events(let run) = step { run.filter { $0.phase == .began } } else { [] }
        }
        #expect(presses.count == 1)
        #expect(presses.first.map { abs($0.location.y - 242) < 3 } == true, "\(presses)")
        let videos = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mp4") }
        #expect(videos.count == 1)
    }
}
