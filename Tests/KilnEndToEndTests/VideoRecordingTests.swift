import Foundation
import KilnPlatform
import KilnEndToEndSupport
import Testing

/// `kiln render … --out FILE.mp4|.webm|.gif` as users meet it, checked with ffprobe.
@Suite("Video recording")
struct VideoRecordingTests {
    let kiln: URL
    let scratch: URL
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/Scripts")

    init() throws {
        kiln = try KilnBinary.locate()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-video-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    func render(_ arguments: [String], environment: [String: String]? = nil) throws -> CommandOutput {
        try ExternalCommand.run(kiln, ["render"] + arguments, environment: environment, timeout: 300, allowFailure: true)
    }

    /// The first video stream's fields, as ffprobe reports them, counting decoded frames.
    func probe(_ file: URL) throws -> [String: String] {
        let ffprobe = try ExternalCommand.require("ffprobe", package: "ffmpeg")
        let output = try ExternalCommand.run(ffprobe, [
            "-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=codec_name,width,height,r_frame_rate,nb_read_frames,pix_fmt:format=duration",
            "-of", "default=noprint_wrappers=1", file.path], timeout: 60)
        var fields: [String: String] = [:]
        for line in output.text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    /// Everything in the scratch folder, hidden files included.
    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
    }

    @Test("An MP4 holds duration × fps frames of the canvas at its scale, in H.264 4:2:0")
    func mp4() throws {
        let out = scratch.appendingPathComponent("gallery.mp4")

        let result = try render(["gallery", "--duration", "0.5", "--fps", "30", "--scale", "1", "--out", out.path])

        #expect(result.status == 0, "\(result.stderr)")
        let fields = try probe(out)
        #expect(fields["codec_name"] == "h264")
        #expect(fields["pix_fmt"] == "yuv420p")
        #expect(fields["width"] == "390")
        #expect(fields["height"] == "844")
        #expect(fields["r_frame_rate"] == "30/1")
        #expect(fields["nb_read_frames"] == "15")
        #expect(abs((Double(fields["duration"] ?? "") ?? 0) - 0.5) < 0.02)
        #expect(try leftovers() == ["gallery.mp4"])
    }

    @Test("A script's video lasts the script plus a second, at 60 fps by default")
    func scriptLength() throws {
        let out = scratch.appendingPathComponent("drag.mp4")
        let script = Self.scripts.appendingPathComponent("gallery-drag.json")

        let result = try render(["gallery", "--script", script.path, "--scale", "0.5", "--out", out.path])

        #expect(result.status == 0, "\(result.stderr)")
        let fields = try probe(out)
        // gallery-drag.json lasts 2.47 s: (2.47 + 1) × 60 = 208.2, rounded.
        #expect(fields["nb_read_frames"] == "208")
        #expect(fields["r_frame_rate"] == "60/1")
        #expect(fields["width"] == "194")
        #expect(fields["height"] == "422")
        #expect(result.stderr.contains("wrote \(out.path) (208 frames"))
    }

    @Test("A GIF gets 30 fps by default and its own palette, with the canvas's size")
    func gif() throws {
        let out = scratch.appendingPathComponent("laser.gif")

        let result = try render(["laser", "--duration", "0.4", "--scale", "0.5", "--out", out.path])

        #expect(result.status == 0, "\(result.stderr)")
        let fields = try probe(out)
        #expect(fields["codec_name"] == "gif")
        #expect(fields["width"] == "195")
        #expect(fields["height"] == "422")
        #expect(fields["nb_read_frames"] == "12")
        // The palette pass leaves nothing behind.
        #expect(try leftovers() == ["laser.gif"])
    }

    @Test("A WebM decodes as VP9 with the asked frame count")
    func webm() throws {
        let out = scratch.appendingPathComponent("g.webm")

        let result = try render(["gallery", "--frames", "9", "--fps", "24", "--scale", "0.5", "--out", out.path])

        #expect(result.status == 0, "\(result.stderr)")
        let fields = try probe(out)
        #expect(fields["codec_name"] == "vp9")
        #expect(fields["nb_read_frames"] == "9")
        #expect(fields["r_frame_rate"] == "24/1")
    }

    @Test("The same script renders to byte-identical frames and sound twice")
    func deterministic() throws {
        let script = Self.scripts.appendingPathComponent("laser-delete.json")
        let first = scratch.appendingPathComponent("a.mp4"), second = scratch.appendingPathComponent("b.mp4")
        let common = ["laser", "--script", script.path, "--touches", "--scale", "0.5", "--fps", "30", "--duration", "3"]

        _ = try render(common + ["--out", first.path])
        _ = try render(common + ["--out", second.path])

        let ffmpeg = try ExternalCommand.require("ffmpeg", package: "ffmpeg")
        let hashes = try [first, second].map {
            try ExternalCommand.run(ffmpeg, ["-v", "error", "-i", $0.path, "-f", "framemd5", "-"], timeout: 60).text
                .split(separator: "\n").filter { !$0.hasPrefix("#") }
        }
        // framemd5 lines start with their stream: 0 the video's frames, 1 the sound's packets.
        #expect(hashes[0].filter { $0.hasPrefix("0,") }.count == 90)
        #expect(hashes[0].contains { $0.hasPrefix("1,") })
        #expect(hashes[0] == hashes[1])
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))
    }

    @Test("A script with a mistake is one error and no video")
    func badScript() throws {
        let script = scratch.appendingPathComponent("bad.json")
        try #"{"scene": "gallery", "steps": [{"tap": {"at": {"layer": "no-such-layer"}}}]}"#
            .write(to: script, atomically: true, encoding: .utf8)
        let out = scratch.appendingPathComponent("bad.mp4")

        let result = try render(["gallery", "--script", script.path, "--scale", "0.5", "--out", out.path])

        #expect(result.status == 1)
        #expect(result.stderr.contains("no-such-layer"))
        #expect(try leftovers() == ["bad.json"])
    }

    @Test("An output folder that does not exist is one error before any rendering")
    func unwritable() throws {
        let out = scratch.appendingPathComponent("missing/folder/x.mp4")

        let result = try render(["gallery", "--scale", "0.5", "--out", out.path])

        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write \(out.path)"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try leftovers().isEmpty)
    }

    @Test("Without ffmpeg a video is one error naming the package, and nothing is written")
    func missingFFmpeg() throws {
        let out = scratch.appendingPathComponent("x.gif")
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = scratch.path

        let onPath = try render(["gallery", "--scale", "0.5", "--out", out.path], environment: environment)
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"]
        environment["KILN_FFMPEG"] = scratch.appendingPathComponent("no-ffmpeg").path
        let overridden = try render(["gallery", "--scale", "0.5", "--out", out.path], environment: environment)

        #expect(onPath.status == 1)
        #expect(onPath.stderr.contains("apt-get install ffmpeg"))
        #expect(overridden.status == 1)
        #expect(overridden.stderr.contains("KILN_FFMPEG"))
        #expect(try leftovers().isEmpty)
    }

    @Test("An ffmpeg that fails part way leaves nothing under the final name")
    func failingEncoder() throws {
        let fake = scratch.appendingPathComponent("fake-ffmpeg")
        try "#!/bin/sh\nhead -c 1000 > /dev/null\necho 'Conversion failed!' >&2\nexit 1\n"
            .write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        var environment = ProcessInfo.processInfo.environment
        environment["KILN_FFMPEG"] = fake.path
        let out = scratch.appendingPathComponent("x.mp4")

        let result = try render(["gallery", "--scale", "0.5", "--out", out.path], environment: environment)

        #expect(result.status == 1)
        #expect(result.stderr.contains("Conversion failed!"))
        #expect(try leftovers() == ["fake-ffmpeg"])
    }

    @Test("A GIF faster than 50 fps is refused: its delays are hundredths of a second")
    func gifRate() throws {
        let result = try render(["gallery", "--fps", "60", "--out", scratch.appendingPathComponent("x.gif").path])

        #expect(result.status != 0)
        #expect(result.stderr.contains("1 to 50 for a GIF"))
    }
}
