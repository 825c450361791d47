// The HUD in videos: `kiln render --hud` draws it over a video's frames as over a PNG's, and
// `--record-hud` puts it in what R saves in the window.
import Foundation
import KilnEndToEndSupport
import Testing

/// How many pixels of a video's last frame are bright in the corner where the HUD's panel
/// sits (the bottom fifth, left three fifths): its text, legend and lines. The laser scene
/// is dark there, so without the HUD there are none.
func hudPanelPixels(inVideo video: URL) throws -> Int {
    let ffmpeg = try ExternalCommand.require("ffmpeg", package: "ffmpeg")
    let still = video.deletingPathExtension().appendingPathExtension("last.png")
    _ = try ExternalCommand.run(ffmpeg, ["-loglevel", "error", "-y", "-sseof", "-0.05", "-i", video.path,
                                         "-frames:v", "1", still.path], timeout: 60)
    let image = try RGBImage(contentsOf: still.path)
    var count = 0
    for row in (image.height * 4 / 5)..<image.height {
        for column in 0..<(image.width * 3 / 5) {
            let i = (row * image.width + column) * 3
            if max(image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]) > 90 { count += 1 }
        }
    }
    return count
}

@Suite("HUD in videos")
struct HUDVideoTests {
    @Test("kiln render --hud draws the HUD's panel into a video; without --hud there is none")
    func renderWithHUD() throws {
        let kiln = try KilnBinary.locate()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-hud-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let with = scratch.appendingPathComponent("with.mp4"), without = scratch.appendingPathComponent("without.mp4")

        for (out, flags) in [(with, ["--hud"]), (without, [])] {
            let result = try ExternalCommand.run(kiln, ["render", "laser", "--duration", "1", "--scale", "1",
                                                        "--out", out.path] + flags, timeout: 300, allowFailure: true)
            #expect(result.status == 0, "\(result.stderr)")
        }

        #expect(try hudPanelPixels(inVideo: with) > 100)
        #expect(try hudPanelPixels(inVideo: without) == 0)
    }
}

// Part of the end-to-end suite, so that it never runs beside the other windows.
extension EndToEndTests {
    @Test("--record-hud: what R saves shows the HUD's panel")
    func recordWithHUD() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-rec-hud-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try withApp(arguments: ["laser", "--mute", "--record-hud", "--record-dir", folder.path, "--record-scale", "0.5"]) {
            app, window, _ in
            try app.waitForLine(containing: "laser.on", timeout: 15)

            try window.key("r")
            Thread.sleep(forTimeInterval: 1.5)
            try window.key("r")

            _ = try waitForStandardError(of: app.process, containing: "saved ", timeout: 120)
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
            #expect(try hudPanelPixels(inVideo: folder.appendingPathComponent(name)) > 100)
        }
    }
}
