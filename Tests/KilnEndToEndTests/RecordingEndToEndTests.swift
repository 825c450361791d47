// Recording in the real window with R, under Xvfb: the badge shows while recording, and
// the stretch between the two presses is rendered again offline into a video file, with the
// scene's sound unless the window is muted.
import Foundation
import KilnEndToEndSupport
import Testing

// Part of the end-to-end suite, so that it never runs beside the other windows.
extension EndToEndTests {
    @Test("R, a drag through the laser, R: a video of the stretch is saved and its path printed")
    func recordWithR() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try withApp(arguments: ["laser", "--mute", "--touches", "--record-dir", folder.path, "--record-scale", "0.5"]) {
            app, window, files in
            try app.waitForLine(containing: "laser.on", timeout: 15)
            Thread.sleep(forTimeInterval: 0.5)

            try window.key("r")
            Thread.sleep(forTimeInterval: 0.5)
            let badge = files.appendingPathComponent("badge.png").path
            try window.screenshot(to: badge)
            try window.drag(fromCanvas: (x: 195, y: 254), to: (x: 195, y: 590), steps: 40)
            try app.waitForLine(containing: "pocket.deleted", timeout: 15)
            try window.key("r")

            let saved = try waitForStandardError(of: app.process, containing: "saved ", timeout: 120)
            let videos = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(videos.count == 1)
            let name = try #require(videos.first)
            #expect(name.hasPrefix("kiln-laser-") && name.hasSuffix(".mp4"))
            #expect(saved.contains(folder.appendingPathComponent(name).path))
            let ffprobe = try ExternalCommand.require("ffprobe", package: "ffmpeg")
            let probe = try ExternalCommand.run(ffprobe, [
                "-v", "error", "-count_frames", "-select_streams", "v:0",
                "-show_entries", "stream=width,height,nb_read_frames", "-of", "csv=p=0",
                folder.appendingPathComponent(name).path], timeout: 60).text
            let fields = probe.split(separator: ",").compactMap { Int($0) }
            #expect(fields.count == 3)
            #expect(fields.prefix(2) == [194, 422])
            // At least the drag itself (about a second at 60 fps) is in it.
            #expect((fields.last ?? 0) > 60)
            // The badge's red dot shows in the window's top-left corner while recording.
            let shot = try RGBImage(contentsOf: badge)
            #expect(hasRecordingRed(shot, within: 60))
        }
    }

    @Test("R, R, then Esc home and Esc again at once: the app waits for the recording, which is whole, and leaves no hidden file")
    func quitWhileSaving() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try withApp(arguments: ["mailbox", "--mute", "--record-dir", folder.path, "--record-scale", "0.5"]) { app, window, _ in
            Thread.sleep(forTimeInterval: 0.5)
            try window.key("r")
            Thread.sleep(forTimeInterval: 2)
            try window.key("r")
            try window.key("Escape")
            Thread.sleep(forTimeInterval: 0.3)
            try window.key("Escape")

            #expect(try eventually(within: 120) { !app.process.isRunning })
            #expect(app.process.ending?.status == 0)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names.count == 1, "\(names)")
            let name = try #require(names.first)
            #expect(name.hasPrefix("kiln-mailbox-") && name.hasSuffix(".mp4"))
            #expect(app.process.errorOutput.contains("saved \(folder.appendingPathComponent(name).path)"))
            let ffprobe = try ExternalCommand.require("ffprobe", package: "ffmpeg")
            let frames = try ExternalCommand.run(ffprobe, [
                "-v", "error", "-count_frames", "-select_streams", "v:0",
                "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0",
                folder.appendingPathComponent(name).path], timeout: 60).text
            // About two seconds at 60 fps.
            #expect((Int(frames.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 100)
        }
    }

    @Test("SIGTERM while R's recording is being saved: the save is dropped with one line naming it, and no hidden file is left")
    func terminateWhileSaving() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try withApp(arguments: ["mailbox", "--mute", "--record-dir", folder.path, "--record-scale", "0.5"]) { app, window, _ in
            Thread.sleep(forTimeInterval: 0.5)
            try window.key("r")
            Thread.sleep(forTimeInterval: 3)
            try window.key("r")
            _ = try waitForStandardError(of: app.process, containing: "saving ", timeout: 10)

            app.process.terminate()

            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let saved = app.process.errorOutput.contains("saved ")
            // A machine quick enough to save three seconds before the signal lands has the whole file.
            #expect(names == (saved ? names.filter { $0.hasSuffix(".mp4") && !$0.hasPrefix(".") } : []), "\(names)")
            #expect(saved || app.process.errorOutput.contains("stopped before \(folder.path)/kiln-mailbox-"))
        }
    }

    @Test("R in a window that is not muted saves the stretch's sound: one AAC track, 48 kHz stereo, the laser's hum in it")
    func recordWithSound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try withApp(arguments: ["laser", "--touches", "--record-dir", folder.path, "--record-scale", "0.5"]) {
            app, window, _ in
            try app.waitForLine(containing: "laser.on", timeout: 15)
            Thread.sleep(forTimeInterval: 0.5)

            // The hum has been on for half a second when R is pressed: the recording hears it
            // from its middle, then the sizzle of the cut.
            try window.key("r")
            Thread.sleep(forTimeInterval: 0.5)
            try window.drag(fromCanvas: (x: 195, y: 254), to: (x: 195, y: 590), steps: 40)
            try app.waitForLine(containing: "pocket.deleted", timeout: 15)
            try window.key("r")
            _ = try waitForStandardError(of: app.process, containing: "saved ", timeout: 120)

            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
            let video = folder.appendingPathComponent(name)
            let streams = try SoundTrackTests.streams(video)
            let audio = streams.filter { $0["codec_type"] == "audio" }
            let picture = try #require(streams.first { $0["codec_type"] == "video" })
            #expect(audio.count == 1)
            #expect(audio.first?["codec_name"] == "aac")
            #expect(audio.first?["sample_rate"] == "48000")
            #expect(audio.first?["channels"] == "2")
            let videoLength = try #require(Double(picture["duration"] ?? ""))
            let audioLength = try #require(Double(audio.first?["duration"] ?? ""))
            #expect(abs(audioLength - videoLength) <= 1.0 / 60)
            let left = try SoundTrackTests.decodedLeft(video)
            // The decoder hands out whole AAC frames of 1024 samples, so the last one may run
            // past the stream's duration by less than a frame of its own.
            let decodedLength = Double(left.count) / 48_000
            #expect(decodedLength >= videoLength - 1.0 / 60 && decodedLength <= videoLength + 1024.0 / 48_000)
            // Every 20 ms window holds the hum (over 2000 loud in a render; silence is 0).
            let windows = stride(from: 0, to: left.count - 960, by: 960).map { left[$0..<($0 + 960)] }
            #expect(windows.count > 50)
            for (i, window) in windows.enumerated() {
                #expect(SoundTrackTests.rms(window) > 1500, "no hum \(Double(i) * 0.02) s into the recording")
            }
        }
    }

    /// Whether the square of `size` pixels at the top-left holds the badge's red dot.
    func hasRecordingRed(_ image: RGBImage, within size: Int) -> Bool {
        for row in 0..<min(size, image.height) {
            for column in 0..<min(size, image.width) {
                let i = (row * image.width + column) * 3
                if image.pixels[i] > 200 && image.pixels[i + 1] < 90 && image.pixels[i + 2] < 90 { return true }
            }
        }
        return false
    }

    func waitForStandardError(of app: KilnApp, containing text: String, timeout: Double) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = app.errorOutput.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
            Thread.sleep(forTimeInterval: 0.2)
        }
        throw EndToEndError("no '\(text)' on standard error within \(timeout) s: \(app.errorOutput)")
    }
}
