import Foundation
import KilnCore
import KilnPlatform
import KilnEndToEndSupport
import Testing

/// The command line as users meet it: exit status, one clear line, nothing half written.
@Suite("Command line")
struct CommandLineTests {
    let kiln: URL
    let scratch: URL

    init() throws {
        kiln = try KilnBinary.locate()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String]) throws -> CommandOutput {
        try ExternalCommand.run(kiln, arguments, timeout: 120, allowFailure: true)
    }

    @Test("Rendering the gallery at 2× writes a 780×1688 PNG")
    func renderGallery() throws {
        let out = scratch.appendingPathComponent("g.png").path

        let result = try run(["render", "gallery", "--scale", "2", "--out", out])

        #expect(result.status == 0)
        let size = try ExternalCommand.run(try ExternalCommand.require("identify", package: "imagemagick"),
                                           ["-format", "%wx%h", out], timeout: 30)
        #expect(size.text == "780x1688")
    }

    @Test("An unknown scene is one clear error and a non-zero exit")
    func unknownScene() throws {
        let result = try run(["render", "nope", "--out", scratch.appendingPathComponent("x.png").path])

        #expect(result.status != 0)
        #expect(result.stderr.contains("unknown scene 'nope'"))
    }

    @Test("A script with a wrong field names the line and field, exits non-zero and renders nothing")
    func badScript() throws {
        let script = scratch.appendingPathComponent("bad.json")
        try """
        {"scene": "gallery",
         "steps": [
           {"wait": 0.2},
           {"move": {"to": "nowhere"}}
         ]}
        """.write(to: script, atomically: true, encoding: .utf8)
        let frames = scratch.appendingPathComponent("frames")

        let result = try run(["render", "gallery", "--script", script.path, "--out", frames.path + "/"])

        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.json:4"))
        #expect(result.stderr.contains("steps[1].move.to"))
        #expect(!FileManager.default.fileExists(atPath: frames.path))
    }

    @Test("A script for another scene is refused")
    func wrongScene() throws {
        let script = scratch.appendingPathComponent("other.json")
        try #"{"scene": "laser", "steps": [{"wait": 0.1}]}"#.write(to: script, atomically: true, encoding: .utf8)

        let result = try run(["render", "gallery", "--script", script.path, "--out", scratch.path + "/f/"])

        #expect(result.status == 1)
        #expect(result.stderr.contains("for the scene 'laser', not 'gallery'"))
    }

    @Test("An unwritable output is one clear error")
    func unwritable() throws {
        let result = try run(["render", "gallery", "--out", "/proc/kiln-cannot-write/x.png"])

        #expect(result.status != 0)
        #expect(result.stderr.contains("cannot write"))
    }

    @Test("A bad device name lists the presets")
    func badDevice() throws {
        let result = try run(["render", "gallery", "--device", "nokia", "--out", scratch.path + "/x.png"])

        #expect(result.status != 0)
        #expect(result.stderr.contains("iphone-14"))
    }

    @Test("X4: kiln tuning prints every value with its origin; a bad file is one line with its line number and exit 1")
    func tuningCommand() throws {
        let good = scratch.appendingPathComponent("try.toml")
        try "[swipe]\naction_threshold = 80\n".write(to: good, atomically: true, encoding: .utf8)
        let bad = scratch.appendingPathComponent("bad.toml")
        try "[swipe]\n\naction_threshold = wide\n".write(to: bad, atomically: true, encoding: .utf8)

        let shown = try run(["tuning", "mailbox", "--tuning", good.path])
        let broken = try run(["tuning", "mailbox", "--tuning", bad.path])
        let none = try run(["tuning", "gallery"])

        #expect(shown.status == 0)
        #expect(shown.text.contains("action_threshold = 80    # \(good.path):2"))
        #expect(shown.text.contains("second_threshold = 260    # default"))
        #expect(broken.status == 1)
        #expect(broken.stderr.split(separator: "\n").count == 1)
        #expect(broken.stderr.contains("bad.toml:3:20: expected a number"))
        #expect(none.status != 0 && none.stderr.contains("has no tuning"))
    }

    @Test("X4: a render with a bad tuning file stops before writing anything")
    func renderWithBadTuning() throws {
        let bad = scratch.appendingPathComponent("bad.toml")
        try "[colors]\nlater = \"yellow\"\n".write(to: bad, atomically: true, encoding: .utf8)
        let out = scratch.appendingPathComponent("m.png")

        let result = try run(["render", "mailbox", "--tuning", bad.path, "--out", out.path])

        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.toml:2: colors.later"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// Renders the gallery with `arguments` into a fresh PNG and reads it back.
    func renderGallery(_ arguments: [String], environment: [String: String]? = nil) throws -> Bitmap {
        let out = scratch.appendingPathComponent("\(UUID().uuidString).png").path
        let result = try ExternalCommand.run(kiln, ["render", "gallery", "--out", out] + arguments,
                                             environment: environment, timeout: 120, allowFailure: true)
        #expect(result.status == 0, "\(result.stderr)")
        return try Bitmap.readPNG(from: out)
    }

    @Test("X2: --device writes each preset's canvas size", arguments: DevicePreset.all)
    func devicePresets(preset: DevicePreset) throws {
        let image = try renderGallery(["--device", preset.name, "--scale", "1"])

        #expect(image.width == Int(preset.size.width) && image.height == Int(preset.size.height))
    }

    @Test("X2: --device at the default 2× writes twice the preset's size")
    func devicePresetAt2x() throws {
        let image = try renderGallery(["--device", DevicePreset.pixel7.name])

        #expect(image.width == 824 && image.height == 1830)
    }

    @Test("--size WxH writes a canvas of that size")
    func customSize() throws {
        let image = try renderGallery(["--size", "333x555", "--scale", "1"])

        #expect(image.width == 333 && image.height == 555)
    }

    @Test("--at renders a later frame: the gallery's particles have moved on")
    func laterFrame() throws {
        let start = try renderGallery(["--at", "0", "--scale", "1"])
        let again = try renderGallery(["--at", "0", "--scale", "1"])
        let later = try renderGallery(["--at", "1.5", "--scale", "1"])

        #expect(ImageDifference(actual: again, expected: start, tolerance: 0).pixelsOverTolerance == 0)
        let moved = ImageDifference(actual: later, expected: start, tolerance: 8)
        #expect(moved.sizesMatch && moved.pixelsOverTolerance > 100)
    }

    @Test("kiln render needs no display: it works with DISPLAY and WAYLAND_DISPLAY unset")
    func renderWithoutDisplay() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil

        let image = try renderGallery(["--scale", "1"], environment: environment)

        #expect(image.width == 390 && image.height == 844)
    }
}
