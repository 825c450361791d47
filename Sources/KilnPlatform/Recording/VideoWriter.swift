// Encodes frames into a video file through ffmpeg: raw pixels go down a pipe, never
// through temporary image files. Each frame is packed (a video's converted to 4:2:0 YUV,
// `FramePacking`) into one of a few reused buffers and written to the pipe on ffmpeg's writer
// queue, so the next frame renders while ffmpeg reads this one. ffmpeg writes a hidden file
// beside the output (`HiddenFile`), handed to it open; once ffmpeg is done the file is
// checked (`EncodedFileCheck`) and only then renamed to the final name. A video with sound
// gets its track down a second pipe as it is mixed, frame by frame, and ffmpeg encodes both
// at once. Limits: one video stream and one 48 kHz stereo track; a video goes to a regular
// file, never to a FIFO or device, since MP4 goes back to its start once written.
import Foundation
import KilnCore
import KilnRuntime
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

    /// The file ffmpeg writes, until it is renamed to `path`.
    let encoded: HiddenFile
    /// Whether `finish` leaves the file hidden for another step to use.
    private let keepsHidden: Bool
    /// Whether the video carries a sound track, given by `writeSound`.
    let carriesSound: Bool
    private let ffmpeg: URL
    private let process: FFmpegProcess
    private let packing: any FramePacking
    private let freeBuffers = DispatchSemaphore(value: VideoWriter.bufferCount)
    private let pool: Locked<[FrameBuffer]>
    private let pipeBroken = Atomic<Bool>(false)
    private var isDone = false
    private let waitClock = SystemClock()

    /// Frames that may wait for ffmpeg while the next one renders.
    private static let bufferCount = 4

    /// Starts ffmpeg writing `output` for frames of `width`×`height` pixels at `fps`.
    /// Throws, before anything is rendered, when the folder cannot be written.
    public convenience init(ffmpeg: URL, path: String, output: Output, width: Int, height: Int, fps: Double) throws {
        try self.init(ffmpeg: ffmpeg, path: path, output: output, width: width, height: height, fps: fps,
                      keepsHidden: false)
    }

    /// As above; when `keepsHidden`, `finish` checks the file but leaves it hidden (`encoded`),
    /// beside `path`, for the next step, named with `suffix`. With `sound`, a video (not a
    /// GIF or palette) carries the track `writeSound` gives, as long as its frames.
    init(ffmpeg: URL, path: String, output: Output, width: Int, height: Int, fps: Double,
         keepsHidden: Bool, suffix: String = "partial", sound: Bool = false) throws {
        self.path = path
        self.width = width
        self.height = height
        self.ffmpeg = ffmpeg
        self.keepsHidden = keepsHidden
        if case .video(let format, _) = output, sound, format.carriesSound { carriesSound = true } else { carriesSound = false }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { throw PlatformError.io("cannot write \(path): it is a folder") }
        if !keepsHidden && OutputFile.isStream(path) {
            throw PlatformError.io("cannot write \(path): a video needs a regular file, not a FIFO or device")
        }
        encoded = try HiddenFile(beside: path, suffix: suffix)
        packing = Self.packing(for: output, width: width, height: height)
        var passing = [encoded.descriptor]
        if case .video(_, let palette?) = output {
            let opened = open(palette, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard opened >= 0 else { throw PlatformError.io("cannot read the palette for \(path): \(String(cString: strerror(errno)))") }
            passing.append(opened)
        }
        defer { passing.dropFirst().forEach { close($0) } }
        let track = carriesSound ? FFmpegProcess.pipePath(0, after: passing.count) : nil
        let arguments = Self.arguments(output: output, packing: packing, fps: fps, to: FFmpegProcess.passedPath(0),
                                       track: track)
        process = try FFmpegProcess(executable: ffmpeg, arguments: arguments, passing: passing,
                                    pipes: carriesSound ? 1 : 0)
        let frameBytes = packing.byteCount
        pool = Locked((0..<Self.bufferCount).map { _ in
            FrameBuffer(bytes: .allocate(byteCount: frameBytes, alignment: 4096))
        })
    }

    deinit {
        if !isDone { cancel() }
        pool.withLock { $0.forEach { $0.bytes.deallocate() } }
    }

    /// Queues one frame: rows of `pitch` bytes, B G R A. Throws when ffmpeg has stopped.
    public func write(_ pixels: UnsafeRawBufferPointer, pitch: Int) throws {
        try write(pixels, pitch: pitch, changed: nil)
    }

    /// Queues one frame that differs from the one before only within `changed` (all of it
    /// when nil): a video converts only those pixels again.
    func write(_ pixels: UnsafeRawBufferPointer, pitch: Int, changed: [Compositor.PixelBox]?) throws {
        if pipeBroken.load(ordering: .relaxed) { throw failure() }
        let waitStarted = waitClock.now
        freeBuffers.wait()
        secondsWaiting += waitClock.now - waitStarted
        guard let buffer = pool.withLock({ $0.popLast() }) else { preconditionFailure("no free frame buffer") }
        frameCount += 1
        packing.pack(pixels.baseAddress!, pitch: pitch, changed: changed, into: buffer.bytes.baseAddress!)
        process.write(UnsafeRawBufferPointer(buffer.bytes)) { [self] written in
            if !written { pipeBroken.store(true, ordering: .relaxed) }
            pool.withLock { $0.append(buffer) }
            freeBuffers.signal()
        }
    }

    /// Queues the next samples of the sound track (interleaved stereo at 48 kHz), the track
    /// mixed up to the frame just written; the writer must carry sound.
    func writeSound(_ samples: [Int16]) {
        precondition(carriesSound, "the video was started without a sound track")
        guard !samples.isEmpty else { return }
        process.write(samples.map(\.littleEndian).withUnsafeBytes { Array($0) }, toPipe: 0)
    }

    /// Waits for ffmpeg to finish and checks what it wrote, then gives the file its final
    /// name (or leaves it hidden, when asked to). A failure leaves whatever had the name as it was.
    public func finish() throws {
        isDone = true
        let result = process.finish()
        guard result.status == 0, !pipeBroken.load(ordering: .relaxed) else {
            encoded.remove()
            throw PlatformError.io("ffmpeg could not make \(path)" + (result.message.isEmpty ? "" : ": \(result.message)"))
        }
        if let problem = EncodedFileCheck.problem(with: encoded, ffmpeg: ffmpeg) {
            encoded.remove()
            throw PlatformError.io("\(problem) for \(path); \((path as NSString).lastPathComponent) is unchanged")
        }
        if !keepsHidden { try encoded.publish(as: path) }
    }

    /// Stops ffmpeg and removes what it wrote.
    public func cancel() {
        guard !isDone else { return }
        isDone = true
        process.kill()
        encoded.remove()
    }

    /// Why writing stopped, read from ffmpeg once it has exited.
    private func failure() -> PlatformError {
        isDone = true
        let result = process.finish()
        encoded.remove()
        return PlatformError.io("ffmpeg stopped while making \(path)" + (result.message.isEmpty ? "" : ": \(result.message)"))
    }

    /// How frames for `output` go down the pipe: a video's as 4:2:0 YUV, a GIF's and its
    /// palette's as the renderer's own pixels.
    static func packing(for output: Output, width: Int, height: Int) -> any FramePacking {
        switch output {
        case .video(.mp4, _), .video(.webm, _): YUV420Packing(width: width, height: height)
        case .video(.gif, _), .palette: BGRAPacking(width: width, height: height)
        }
    }

    /// The whole ffmpeg command line after the executable; `track` names the pipe a video's
    /// sound track comes down (16-bit stereo PCM at 48 kHz), when it has one.
    static func arguments(output: Output, packing: any FramePacking, fps: Double, to file: String,
                          track: String? = nil) -> [String] {
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostats", "-y",
                         "-f", "rawvideo", "-pix_fmt", packing.pixelFormat,
                         "-video_size", "\(packing.packedWidth)x\(packing.packedHeight)",
                         "-framerate", String(format: "%g", fps), "-i", "pipe:0"]
        if let track {
            // The track comes as it is mixed, a frame's worth after each frame: ffmpeg must not
            // wait for seconds of it before it reads frames again, which Kiln cannot send while
            // the frames' pipe is full. Raw samples need no probing.
            arguments += ["-f", "s16le", "-ar", "\(OfflineMixer.sampleRate)", "-ac", "2",
                          "-probesize", "32", "-analyzeduration", "0", "-i", track,
                          "-map", "0:v:0", "-map", "1:a:0"]
        }
        switch output {
        case .palette:
            // Every colour of every frame counts, so the gradients get the shades they need.
            arguments += ["-vf", "palettegen=max_colors=256:stats_mode=full:reserve_transparent=0",
                          "-frames:v", "1", "-update", "1", "-c:v", "png", "-f", "image2"]
        case .video(.gif, let palette):
            // Error diffusion hides banding; only the changed rectangle of each frame is
            // dithered again, so still parts stay identical and the file small.
            // The palette is handed over open, after the output (`init`).
            arguments += ["-i", palette == nil ? "" : FFmpegProcess.passedPath(1),
                          "-lavfi", "[0:v][1:v]paletteuse=dither=sierra2_4a:diff_mode=rectangle"]
            arguments += VideoFormat.gif.encoderArguments
        case .video(let format, _):
            // The frames arrive as 4:2:0 already (YUV420Packing), at an even size; the file
            // says which matrix and range they are in, so players do not guess.
            arguments += ["-colorspace", "smpte170m", "-color_range", "tv"] + format.encoderArguments
            if track != nil { arguments += format.audioEncoderArguments }
        }
        return arguments + [file]
    }
}

/// One frame's worth of memory, handed between the renderer and the pipe's queue; only one
/// of them uses it at a time.
private struct FrameBuffer: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer
}
