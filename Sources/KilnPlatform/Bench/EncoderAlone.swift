// The encoder alone on a clip's very frames, for `kiln bench render` to set beside a render:
// the frames are drawn again into a raw 4:2:0 file (untimed), which ffmpeg then encodes with
// the settings a render gives it, reading from the file as it would read from the pipe. The
// file is in the page cache by then, so the time is the encoder's. Limits: the file holds the
// whole clip (1.5 bytes a pixel a frame: 1.2 GB for 10 s at 2× and 60 fps).
import Foundation
import KilnCore

package enum EncoderAlone {
    /// A sink that packs each frame as a video render does and appends it to a file.
    private final class RawSink: FrameSink {
        let handle: FileHandle
        let packing: YUV420Packing
        var buffer: [UInt8]

        init(path: String, width: Int, height: Int) throws {
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let handle = FileHandle(forWritingAtPath: path) else {
                throw PlatformError.io("cannot write the frames for the encoder alone to \(path)")
            }
            self.handle = handle
            packing = YUV420Packing(width: width, height: height)
            buffer = [UInt8](repeating: 0, count: packing.byteCount)
        }

        func write(_ pixels: UnsafeRawBufferPointer, pitch: Int) throws {
            buffer.withUnsafeMutableBytes { packing.pack(pixels.baseAddress!, pitch: pitch, into: $0.baseAddress!) }
            try handle.write(contentsOf: buffer)
        }

        func finish() throws { try handle.close() }
        func cancel() { try? handle.close() }
    }

    /// Seconds of wall time ffmpeg takes to encode the clip's frames alone as an MP4, the
    /// frames drawn from `makeScene` into `folder` first; and the CPU seconds it used.
    package static func encode(timing: ClipTiming, canvas: Size, scale: Double, ffmpeg: URL, folder: URL,
                               makeScene: () throws -> OfflineScene) throws -> (wall: Double, cpu: Double) {
        let host = try OffscreenHost(canvas: canvas, scale: scale)
        let size = host.pixelSize
        let raw = folder.appendingPathComponent("frames.yuv").path
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let sink = try RawSink(path: raw, width: size.width, height: size.height)
        _ = try ClipRenderer.render(into: sink, timing: timing, host: host, makeScene: makeScene)
        try sink.finish()

        let packing = YUV420Packing(width: size.width, height: size.height)
        let out = folder.appendingPathComponent("alone.mp4").path
        let arguments = VideoWriter.arguments(output: .video(.mp4, palette: nil), packing: packing, fps: timing.fps, to: out)
            .map { $0 == "pipe:0" ? raw : $0 }
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let before = cpuSeconds(children: true)
        let started = Date()
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let wall = Date().timeIntervalSince(started)
        let cpu = cpuSeconds(children: true) - before
        try? FileManager.default.removeItem(atPath: out)
        guard process.terminationStatus == 0 else {
            throw PlatformError.io("ffmpeg could not encode the frames alone: \(String(decoding: message, as: UTF8.self))")
        }
        return (wall, cpu)
    }

    /// User and system CPU seconds so far of this process (every thread), or of its children
    /// that have ended.
    package static func cpuSeconds(children: Bool) -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
