import Foundation
import KilnPlatform
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
}
