import Foundation
import Kiln
import KilnCore
import KilnPlatform
import KilnRuntime
import KilnEndToEndSupport
import MailboxDemo
import Testing

/// The sound track of `kiln render`'s videos as users meet it: checked with ffprobe, and
/// heard through its decoded samples in 20 ms windows against the scene's events.
@Suite("Sound track")
struct SoundTrackTests {
    let kiln: URL
    let scratch: URL
    static let scripts = ProjectFiles.scripts

    init() throws {
        kiln = try KilnBinary.locate()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-sound-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    /// Renders a shipped script small (the sound does not depend on the picture's size).
    func render(_ script: String, scene: String, to name: String, _ extra: [String] = []) throws -> CommandOutput {
        // A path string, not a URL: a folder's trailing slash must stay.
        let arguments = ["render", scene, "--script", Self.scripts.appendingPathComponent(script).path,
                         "--scale", "0.25", "--out", scratch.path + "/" + name] + extra
        let result = try ExternalCommand.run(kiln, arguments, timeout: 300, allowFailure: true)
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    /// Every stream's fields, as ffprobe reports them, one dictionary a stream.
    static func streams(_ file: URL) throws -> [[String: String]] {
        let ffprobe = try ExternalCommand.require("ffprobe", package: "ffmpeg")
        let output = try ExternalCommand.run(ffprobe, [
            "-v", "error", "-show_entries", "stream=codec_type,codec_name,sample_rate,channels,duration",
            "-of", "compact=nokey=0:print_section=0", file.path], timeout: 60)
        return output.text.split(separator: "\n").map { line in
            var fields: [String: String] = [:]
            for pair in line.split(separator: "|") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { fields[parts[0]] = parts[1] }
            }
            return fields
        }
    }

    /// The file's sound decoded to 48 kHz stereo, left channel only.
    static func decodedLeft(_ file: URL) throws -> [Int16] {
        let ffmpeg = try ExternalCommand.require("ffmpeg", package: "ffmpeg")
        let output = try ExternalCommand.run(ffmpeg, ["-v", "error", "-i", file.path, "-map", "0:a:0",
                                                      "-f", "s16le", "-ac", "2", "-ar", "48000", "-"], timeout: 60)
        let samples = output.stdout.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        return stride(from: 0, to: samples.count, by: 2).map { Int16(littleEndian: samples[$0]) }
    }

    /// The times of the events called `name` among `--events` JSON lines.
    static func times(of name: String, in output: CommandOutput) -> [Double] {
        output.text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["event"] as? String == name else { return nil }
            return object["t"] as? Double
        }
    }

    @Test("An MP4 carries one AAC track at 48 kHz in stereo, as long as its video within one frame")
    func mp4Track() throws {
        let out = scratch.appendingPathComponent("laser.mp4")

        _ = try render("laser-delete.json", scene: "laser", to: "laser.mp4", ["--fps", "30"])

        let all = try Self.streams(out)
        let audio = all.filter { $0["codec_type"] == "audio" }, video = all.filter { $0["codec_type"] == "video" }
        #expect(audio.count == 1)
        #expect(audio.first?["codec_name"] == "aac")
        #expect(audio.first?["sample_rate"] == "48000")
        #expect(audio.first?["channels"] == "2")
        let difference = abs((Double(audio.first?["duration"] ?? "") ?? 0) - (Double(video.first?["duration"] ?? "") ?? -1))
        #expect(difference <= 1.0 / 30)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["laser.mp4"])
    }

    @Test("A WebM carries one Opus track at 48 kHz in stereo, as long as its video within one frame")
    func webmTrack() throws {
        let out = scratch.appendingPathComponent("ring.webm")

        _ = try render("pressure-confirm.json", scene: "pressure", to: "ring.webm")

        let all = try Self.streams(out)
        let audio = all.filter { $0["codec_type"] == "audio" }
        #expect(audio.count == 1)
        #expect(audio.first?["codec_name"] == "opus")
        #expect(audio.first?["sample_rate"] == "48000")
        #expect(audio.first?["channels"] == "2")
        // WebM keeps durations per file, not per stream: the decoded samples say the track's.
        let frames = try ExternalCommand.run(try ExternalCommand.require("ffprobe", package: "ffmpeg"), [
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
            "-of", "csv=p=0", out.path], timeout: 60).text
        let videoLength = (Double(frames.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) / 60
        let audioLength = Double(try Self.decodedLeft(out).count) / 48_000
        #expect(abs(audioLength - videoLength) <= 1.0 / 60)
    }

    @Test("--mute leaves the sound track out")
    func muted() throws {
        _ = try render("laser-delete.json", scene: "laser", to: "quiet.mp4", ["--mute", "--frames", "30"])

        let all = try Self.streams(scratch.appendingPathComponent("quiet.mp4"))
        #expect(all.filter { $0["codec_type"] == "audio" }.isEmpty)
        #expect(all.filter { $0["codec_type"] == "video" }.count == 1)
    }

    @Test("Two renders of one script give identical samples, in the WAV and in the decoded AAC")
    func deterministic() throws {
        for name in ["a", "b"] {
            _ = try render("laser-delete.json", scene: "laser", to: "\(name).mp4",
                           ["--duration", "3", "--audio-out", scratch.appendingPathComponent("\(name).wav").path])
        }

        let wavs = try ["a", "b"].map { try Data(contentsOf: scratch.appendingPathComponent("\($0).wav")) }
        #expect(wavs[0] == wavs[1])
        let track = try #require(SoundTrack(wav: wavs[0]))
        #expect(track.frameCount == 3 * 48_000)
        #expect(track.samples.contains { $0 != 0 })
        let decoded = try ["a", "b"].map { try Self.decodedLeft(scratch.appendingPathComponent("\($0).mp4")) }
        #expect(decoded[0] == decoded[1])
    }

    @Test("--audio-out writes the mixer's samples for PNG frames too, exactly those of the scene played alone")
    func audioOutIsTheMixersTrack() throws {
        let wav = scratch.appendingPathComponent("frames.wav")

        _ = try render("laser-delete.json", scene: "laser", to: "frames/", ["--frames", "120", "--audio-out", wav.path])

        let written = try #require(SoundTrack(wav: try Data(contentsOf: wav)))
        let script = try InputScriptParser.parse(contentsOf: Self.scripts.appendingPathComponent("laser-delete.json"))
        DemoCatalog.register()
        let hosting = SceneHosting(scene: "laser", canvasSize: DevicePreset.iPhone14.size, seed: script.seed ?? 1)
        let hosted = try #require(hosting.offline(isMuted: false, script: { _ in script }))
        let mixer = try #require(hosted.mixer)
        mixer.startTrack(at: 0)
        for frame in 0..<120 { hosted.advance(to: Double(frame) / 60) }
        #expect(written == mixer.endTrack(at: 2))
    }

    @Test("The scene's sound stops when it is left: silence once the fade is over")
    func silenceAfterLeaving() throws {
        let script = try InputScriptParser.parse(contentsOf: Self.scripts.appendingPathComponent("laser-delete.json"))
        DemoCatalog.register()
        let hosting = SceneHosting(scene: "laser", canvasSize: DevicePreset.iPhone14.size, seed: 1)
        let hosted = try #require(hosting.offline(isMuted: false, script: { _ in script }))
        let mixer = try #require(hosted.mixer)
        mixer.startTrack(at: 0)
        for frame in 0...120 { hosted.advance(to: Double(frame) / 60) }

        hosted.close()   // at 2 s, with the hum on; the laser fades its sounds over 0.15 s

        let left = Self.left(mixer.endTrack(at: 3))
        #expect(Self.rms(left[(96_000 - 960)..<96_000]) > 500)
        #expect(left[(96_000 + 7_200)...].allSatisfy { $0 == 0 })
    }

    @Test("The laser hums from laser.on on, and sizzles only while the card is being cut")
    func laserHumAndSizzle() throws {
        let result = try render("laser-delete.json", scene: "laser", to: "cut.mp4", ["--events"])
        let on = try #require(Self.times(of: "laser.on", in: result).first)
        let cut = try #require(Self.times(of: "pocket.cut.begin", in: result).first)
        let deleted = try #require(Self.times(of: "pocket.deleted", in: result).first)

        let left = try Self.decodedLeft(scratch.appendingPathComponent("cut.mp4"))

        // 20 ms windows: loudness for the hum, the energy of sample-to-sample change for
        // the sizzle's crackle (the hum is smooth: about 100 alone; sizzling, over 1000).
        let windows = stride(from: 0, to: left.count - 960, by: 960).map { left[$0..<($0 + 960)] }
        func time(_ index: Int) -> Double { Double(index) * 0.02 }
        for (i, window) in windows.enumerated() where time(i) >= on {
            #expect(Self.rms(window) > 1500, "no hum at \(time(i)) s")
        }
        for (i, window) in windows.enumerated() {
            let t = time(i), crackle = Self.crackle(window)
            if t > on + 0.3 && t + 0.02 < cut {
                #expect(crackle < 400, "sizzle before the cut, at \(t) s")
            } else if t > cut + 0.05 && t + 0.02 < deleted {
                #expect(crackle > 600, "no sizzle while cutting, at \(t) s")
            } else if t > deleted + 0.8 {
                #expect(crackle < 400, "sizzle after the card went, at \(t) s")
            }
        }
    }

    @Test("In the Mailbox tour, each zone.changed has its tick's onset within 5 ms of its time")
    func zoneTicksInSync() throws {
        let result = try render("mailbox-tour.json", scene: "mailbox", to: "tour.mp4", ["--events"])
        let changes = Self.times(of: "zone.changed", in: result)
        #expect(changes.count >= 8)

        let left = try Self.decodedLeft(scratch.appendingPathComponent("tour.mp4"))

        for time in changes {
            // The onset: the first sample past a quarter of the loudest one near the event.
            let from = Int((time - 0.03) * 48_000), to = Int((time + 0.03) * 48_000)
            let near = left[from..<to].map { abs(Int($0)) }
            let peak = try #require(near.max())
            let onset = Double(from + (near.firstIndex { $0 * 4 > peak } ?? 0)) / 48_000
            #expect(peak > 2000, "no tick near \(time) s")
            #expect(abs(onset - time) < 0.005, "the tick of \(time) s starts at \(onset) s")
        }
    }

    static func left(_ track: SoundTrack) -> [Int16] {
        stride(from: 0, to: track.samples.count, by: 2).map { track.samples[$0] }
    }

    static func rms(_ samples: ArraySlice<Int16>) -> Double {
        (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))).squareRoot()
    }

    /// The loudness of the change from each sample to the next: high for noise, low for hum.
    static func crackle(_ samples: ArraySlice<Int16>) -> Double {
        let values = Array(samples)
        let squares = zip(values.dropFirst(), values).map { Double($0) - Double($1) }.map { $0 * $0 }
        return (squares.reduce(0, +) / Double(max(1, squares.count))).squareRoot()
    }
}
