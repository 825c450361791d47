// R in every way a scene reaches the window, under Xvfb: a script played with `kiln play`,
// a prototype folder live in `kiln dev`, and a package's own app built with `KilnApp.main`.
// Each saves the stretch between the two presses as an MP4 with its AAC sound track, into a
// --record-dir that does not exist yet.
import Foundation
import KilnEndToEndSupport
import Testing

// Part of the end-to-end suite, so that it never runs beside the other windows.
extension EndToEndTests {
    @Test("R in kiln play saves an MP4 with its sound")
    func recordInPlay() throws {
        let script = ProjectFiles.root.appendingPathComponent("Resources/Scripts/gallery-drag.json")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try withRecordingApp(binary: try KilnBinary.locate(), arguments: ["play", script.path], folder: folder) {
            app, window in
            try recordStretch(in: window, of: app) {
                try window.drag(fromCanvas: (x: 195, y: 300), to: (x: 195, y: 600), steps: 30)
            }
        }
        try expectOneVideoWithSound(in: folder, named: "gallery")
    }

    @Test("R in kiln dev, on a prototype folder, saves an MP4 of the prototype with its sound")
    func recordInDev() throws {
        let binary = try KilnBinary.locate()
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-rec-dev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let prototype = parent.appendingPathComponent("card")
        try ExternalCommand.run(binary, ["new", prototype.path], timeout: 30)
        let folder = parent.appendingPathComponent("videos/not/made/yet")

        try withRecordingApp(binary: binary, arguments: ["dev", prototype.path], folder: folder, timeout: 120) {
            app, window in
            try recordStretch(in: window, of: app) {
                try window.drag(fromCanvas: (x: 195, y: 422), to: (x: 195, y: 650), steps: 30)
                try app.waitForLine(containing: "card.released", timeout: 15)
            }
        }
        try expectOneVideoWithSound(in: folder, named: "card")
    }

    @Test("R in a package's own app, built with KilnApp.main, saves an MP4 of its scene with its sound")
    func recordInPackageApp() throws {
        let demo = try PackageDemoBinary.locate()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try withRecordingApp(binary: demo, arguments: ["bloom"], folder: folder) { app, window in
            try recordStretch(in: window, of: app) {
                try window.click(canvasX: 195, canvasY: 422)
                Thread.sleep(forTimeInterval: 0.6)
            }
        }
        try expectOneVideoWithSound(in: folder, named: "bloom")
    }

    /// Runs `binary` with `arguments` in a window that records into `folder`, unmuted.
    private func withRecordingApp(binary: URL, arguments: [String], folder: URL, timeout: Double = 30,
                                  _ body: (KilnApp, XWindow) throws -> Void) throws {
        let session = try XvfbSession(width: 1280, height: 1024)
        defer { session.stop() }
        let app = try KilnApp(binary: binary, arguments: arguments + [
            "--events", "--quit-after", "180", "--record-dir", folder.path, "--record-scale", "0.5",
        ], session: session)
        defer { app.terminate() }
        try app.waitForLine(containing: #""event": "scene.opened""#, timeout: timeout)
        let window = try app.window(timeout: 30)
        Thread.sleep(forTimeInterval: 0.5)
        try body(app, window)
    }

    /// R, what `act` does, R; returns once the save is reported.
    private func recordStretch(in window: XWindow, of app: KilnApp, _ act: () throws -> Void) throws {
        try window.key("r")
        Thread.sleep(forTimeInterval: 0.3)
        try act()
        try window.key("r")
        let saved = try waitForStandardError(of: app, containing: "saved ", timeout: 120)
        #expect(saved.contains(".mp4"), "\(saved)")
    }

    /// The one video in `folder` is an MP4 of scene `name` with one AAC track, 48 kHz stereo.
    private func expectOneVideoWithSound(in folder: URL, named name: String) throws {
        let videos = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(videos.count == 1)
        let video = try #require(videos.first)
        #expect(video.hasPrefix("kiln-\(name)-") && video.hasSuffix(".mp4"), "\(video)")
        let streams = try SoundTrackTests.streams(folder.appendingPathComponent(video))
        let audio = streams.filter { $0["codec_type"] == "audio" }
        #expect(streams.contains { $0["codec_type"] == "video" })
        #expect(audio.count == 1)
        #expect(audio.first?["codec_name"] == "aac")
        #expect(audio.first?["sample_rate"] == "48000" && audio.first?["channels"] == "2")
    }
}

/// The package demo's app (`Examples/PackageDemo`), built against this checkout with
/// `KilnApp.main`; built here when `make package-demo` has not built it yet.
enum PackageDemoBinary {
    static func locate() throws -> URL {
        let folder = ProjectFiles.root.appendingPathComponent("Examples/PackageDemo")
        let binary = folder.appendingPathComponent(".build/debug/PackageDemo")
        if !FileManager.default.isExecutableFile(atPath: binary.path) {
            let swift = try ExternalCommand.require("swift", package: "the Swift toolchain")
            try ExternalCommand.run(swift, ["build", "--package-path", folder.path], timeout: 1800)
        }
        return binary
    }
}
