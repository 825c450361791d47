// Encodes frames into a video file through ffmpeg: raw pixels go down a pipe, never
// through temporary image files. Each frame is packed (a video's converted to 4:2:0 YUV,
// `FramePacking`) into one of a few reused buffers and written to the pipe on ffmpeg's writer
// queue, so the next frame renders while ffmpeg reads this one. ffmpeg writes a hidden file beside the output, renamed to the final name only
// when it is complete. Limits: one video stream; the sound track is added afterwards
// (`SoundTrackMuxer`).
import Foundation
import KilnCore
import Synchronization

/// Writes frames of one size and rate to a video file (or a GIF's palette) with ffmpeg.
public final class VideoWriter: @unchecked Sendable {
    /// What the ffmpeg process makes.
    public enum Output: Sendable, Equatable {
        /// The video; a GIF maps its frames to the colours in `palette` (from a `.palette` pass).
        case video(VideoFormat, palette: String?)
        /// A PNG of the 256 colours that represent the clip best, for a GIF's second pass.
        case palette
    }

    /// The final path.
    public let path: String
    public let width: Int
    public let height: Int
    /// Frames written so far.
    public private(set) var frameCount = 0
    /// Seconds `write` has blocked waiting for ffmpeg to take a frame and free its buffer.
    public private(set) var secondsWaiting = 0.0

    private let temporary: String
    private let process: FFmpegProcess
    private let packing: any FramePacking
    private let freeBuffers = DispatchSemaphore(value: VideoWriter.bufferCount)
    private let pool: Mutex<[FrameBuffer]>
    private let pipeBroken = Atomic<Bool>(false)
    private var isDone = false
    private let waitClock = SystemClock()

    /// Frames that may wait for ffmpeg while the next one renders.
    private static let bufferCount = 3

    /// Starts ffmpeg writing `output` for frames of `width`×`height` pixels at `fps`.
    /// Throws, before anything is rendered, when the folder cannot be written.
    public init(ffmpeg: URL, path: String, output: Output, width: Int, height: Int, fps: Double) throws {
        self.path = path
        self.width = width
        self.height = height
        temporary = try Self.reserveTemporary(for: path)
        packing = Self.packing(for: output, width: width, height: height)
        let arguments = Self.arguments(output: output, packing: packing, fps: fps, to: temporary)
        do {
            process = try FFmpegProcess(executable: ffmpeg, arguments: arguments)
        } catch {
            unlink(temporary)
            throw error
        }
        let frameBytes = packing.byteCount
        pool = Mutex((0..<Self.bufferCount).map { _ in
            FrameBuffer(bytes: .allocate(byteCount: frameBytes, alignment: 64))
        })
    }

    deinit {
        if !isDone { cancel() }
        pool.withLock { $0.forEach { $0.bytes.deallocate() } }
    }

    /// Queues one frame: rows of `pitch` bytes, B G R A. Throws when ffmpeg has stopped.
    public func write(_ pixels: UnsafeRawBufferPointer, pitch: Int) throws {
        if pipeBroken.load(ordering: .relaxed) { throw failure() }
        let waitStarted = waitClock.now
        freeBuffers.wait()
        secondsWaiting += waitClock.now - waitStarted
        guard let buffer = pool.withLock({ $0.popLast() }) else { preconditionFailure("no free frame buffer") }
        frameCount += 1
        packing.pack(pixels.baseAddress!, pitch: pitch, into: buffer.bytes.baseAddress!)
        process.write(UnsafeRawBufferPointer(buffer.bytes)) { [self] written in
            if !written { pipeBroken.store(true, ordering: .relaxed) }
            pool.withLock { $0.append(buffer) }
            freeBuffers.signal()
        }
    }

    /// Waits for ffmpeg to finish, then gives the file its final name.
    public func finish() throws {
        isDone = true
        let result = process.finish()
        guard result.status == 0, !pipeBroken.load(ordering: .relaxed) else {
            unlink(temporary)
            throw PlatformError.io("ffmpeg could not make \(path)" + (result.message.isEmpty ? "" : ": \(result.message)"))
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw PlatformError.io("cannot write \(path): \(reason)")
        }
    }

    /// Stops ffmpeg and removes what it wrote.
    public func cancel() {
        guard !isDone else { return }
        isDone = true
        process.kill()
        unlink(temporary)
    }

    /// Why writing stopped, read from ffmpeg once it has exited.
    private func failure() -> PlatformError {
        isDone = true
        let result = process.finish()
        unlink(temporary)
        return PlatformError.io("ffmpeg stopped while making \(path)" + (result.message.isEmpty ? "" : ": \(result.message)"))
    }

    /// Creates the hidden file ffmpeg will write, beside `path`, so an unwritable place is
    /// found before any rendering.
    static func reserveTemporary(for path: String) throws -> String {
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw PlatformError.io("cannot write \(path): it is a folder")
        }
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PlatformError.io("cannot write \(path): \(String(cString: strerror(errno)))") }
        close(fd)
        TemporaryFiles.add(temporary)
        return temporary
    }

    /// How frames for `output` go down the pipe: a video's as 4:2:0 YUV, a GIF's and its
    /// palette's as the renderer's own pixels.
    static func packing(for output: Output, width: Int, height: Int) -> any FramePacking {
        switch output {
        case .video(.mp4, _), .video(.webm, _): YUV420Packing(width: width, height: height)
        case .video(.gif, _), .palette: BGRAPacking(width: width, height: height)
        }
    }

    /// The whole ffmpeg command line after the executable.
    static func arguments(output: Output, packing: any FramePacking, fps: Double, to file: String) -> [String] {
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostats", "-y",
                         "-f", "rawvideo", "-pix_fmt", packing.pixelFormat,
                         "-video_size", "\(packing.packedWidth)x\(packing.packedHeight)",
                         "-framerate", String(format: "%g", fps), "-i", "pipe:0"]
        switch output {
        case .palette:
            // Every colour of every frame counts, so the gradients get the shades they need.
            arguments += ["-vf", "palettegen=max_colors=256:stats_mode=full:reserve_transparent=0",
                          "-frames:v", "1", "-update", "1", "-c:v", "png", "-f", "image2"]
        case .video(.gif, let palette):
            // Error diffusion hides banding; only the changed rectangle of each frame is
            // dithered again, so still parts stay identical and the file small.
            arguments += ["-i", palette ?? "",
                          "-lavfi", "[0:v][1:v]paletteuse=dither=sierra2_4a:diff_mode=rectangle"]
            arguments += VideoFormat.gif.encoderArguments
        case .video(let format, _):
            // The frames arrive as 4:2:0 already (YUV420Packing), at an even size; the file
            // says which matrix and range they are in, so players do not guess.
            arguments += ["-colorspace", "smpte170m", "-color_range", "tv"] + format.encoderArguments
        }
        return arguments + [file]
    }
}

/// One frame's worth of memory, handed between the renderer and the pipe's queue; only one
/// of them uses it at a time.
private struct FrameBuffer: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer
}
