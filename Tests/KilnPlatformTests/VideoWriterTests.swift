import Foundation
@testable import KilnPlatform
import KilnTestSupport
import Testing

/// The frame pipe into ffmpeg, with stand-ins for ffmpeg that fail.
///
/// Run these under ThreadSanitizer too (`--sanitize=thread`): the pipe is written on one
/// thread while frames are handed over on another.
@Suite("Video writer")
struct VideoWriterTests {
    let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    /// An executable shell script in the scratch folder.
    func script(_ name: String, _ body: String) throws -> URL {
        let url = scratch.appendingPathComponent(name)
        try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    @Test("An ffmpeg that exits while frames are on their way stops the next frame with an error and leaves no file")
    func ffmpegExitsEarly() throws {
        let ffmpeg = try script("ffmpeg", "exit 1")
        let out = scratch.appendingPathComponent("x.mp4")
        let width = 640, height = 480
        let writer = try VideoWriter(ffmpeg: ffmpeg, path: out.path, output: .video(.mp4, palette: nil),
                                     width: width, height: height, fps: 30)
        let frame = [UInt8](repeating: 0x80, count: width * height * 4)

        // A frame is larger than the pipe holds, so the first write is still under way when the
        // script exits; frames keep coming, a little apart, until one is refused.
        var refusal: Error?
        let deadline = Date().addingTimeInterval(10)
        frame.withUnsafeBytes { pixels in
            while refusal == nil && Date() < deadline {
                do { try writer.write(pixels, pitch: width * 4) } catch { refusal = error }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }

        let message = try #require(refusal.map { "\($0)" })
        #expect(message.hasPrefix("ffmpeg stopped while making \(out.path)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["ffmpeg"])
    }

    /// Runs `body` on its own thread and says whether it returned within `seconds`: a guard
    /// against a writer that hangs, not a measure of speed.
    func returns(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done.wait(timeout: .now() + seconds) == .success
    }

    @Test("A video with sound whose track never came is cancelled at once and leaves no file")
    func cancelledWithoutTrack() throws {
        let out = scratch.appendingPathComponent("x.mp4")
        let width = 1280, height = 960
        let writer = try VideoWriter(ffmpeg: FFmpegLocator.locate(), path: out.path, output: .video(.mp4, palette: nil),
                                     width: width, height: height, fps: 30, keepsHidden: false, sound: true)
        let frame = [UInt8](repeating: 0x80, count: width * height * 4)
        // ffmpeg waits for the track before it reads frames on: three frames, more than the
        // pipe and ffmpeg's first look take, wait in the pipe's queue.
        try frame.withUnsafeBytes { pixels in
            for _ in 0..<3 { try writer.write(pixels, pitch: width * 4) }
        }
        #expect(returns(within: 60) { writer.cancel() })
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
    }

    @Test("A video with sound given a frame's worth of track after each frame holds both, equally long")
    func trackBesideFrames() throws {
        let out = scratch.appendingPathComponent("x.mp4")
        let width = 320, height = 240, fps = 30.0, frames = 45
        let writer = try VideoWriter(ffmpeg: FFmpegLocator.locate(), path: out.path, output: .video(.mp4, palette: nil),
                                     width: width, height: height, fps: fps, keepsHidden: false, sound: true)
        let writing = writer
        let finished = returns(within: 120) {
            var frame = [UInt8](repeating: 0, count: width * height * 4)
            for index in 0..<frames {
                for i in stride(from: 0, to: frame.count, by: 4) { frame[i + 1] = UInt8(index * 5) }
                try? frame.withUnsafeBytes { try writing.write($0, pitch: width * 4) }
                // 1,600 stereo frames: a 300 Hz tone, a thirtieth of a second.
                writing.writeSound((0..<3200).map { i in
                    Int16(8000 * sin(Double(index * 1600 + i / 2) / 48_000 * 2 * .pi * 300))
                })
            }
            try? writing.finish()
        }

        #expect(finished)
        let ffprobe = try ExternalCommand.require("ffprobe", package: "ffmpeg")
        let probe = try ExternalCommand.run(ffprobe, ["-v", "error", "-show_entries", "stream=codec_type,duration",
                                                      "-of", "csv=p=0", out.path], timeout: 60)
        let streams = probe.text.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        #expect(streams.map(\.first) == ["video", "audio"])
        let durations = streams.compactMap { $0.last.flatMap(Double.init) }
        #expect(durations.count == 2 && abs(durations[0] - 1.5) < 0.001 && abs(durations[1] - 1.5) < 0.03)
    }
}
