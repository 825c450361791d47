// The HUD in videos: `kiln render --hud` draws it over a video's frames as over a PNG's, and
// `--record-hud` puts it in what R saves in the window.
import Foundation
import KilnTestSupport
import Testing

/// How many pixels of a video's frame `index` are the HUD's render-time green (#30D158):
/// the bars of its frame graph, which no scene uses.
func hudGreenPixels(inVideo video: URL, frame index: Int) throws -> Int {
    let ffmpeg = try ExternalCommand.require("ffmpeg", package: "ffmpeg")
    let still = video.deletingPathExtension().appendingPathExtension("frame-\(index).png")
    _ = try ExternalCommand.run(ffmpeg, ["-loglevel", "error", "-y", "-i", video.path,
                                         "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", still.path], timeout: 60)
    let image = try RGBImage(contentsOf: still.path)
    var count = 0
    for pixel in stride(from: 0, to: image.pixels.count, by: 3) {
        let r = Int(image.pixels[pixel]), g = Int(image.pixels[pixel + 1]), b = Int(image.pixels[pixel + 2])
        if abs(r - 0x30) < 40 && abs(g - 0xD1) < 40 && abs(b - 0x58) < 40 { count += 1 }
    }
    return count
}

@Suite("HUD in videos")
struct HUDVideoTests {
    @Test("kiln render --hud draws the HUD's frame graph into a video; without --hud there is none")
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

        #expect(try hudGreenPixels(inVideo: with, frame: 50) > 100)
        #expect(try hudGreenPixels(inVideo: without, frame: 50) == 0)
    }
}

// Part of the end-to-end suite, so that it never runs beside the other windows.
extension EndToEndTests {
    @Test("--record-hud: what R saves shows the HUD's frame graph")
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
            #expect(try hudGreenPixels(inVideo: folder.appendingPathComponent(name), frame: 60) > 20)
        }
    }
}
