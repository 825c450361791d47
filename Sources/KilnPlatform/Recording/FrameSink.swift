// Where an offline render's frames go. The clip renderer steps a scene and draws the frames
// a clip holds; a sink takes each one as the renderer's memory has it: a video through
// ffmpeg, numbered PNG files, or one PNG.
import Foundation
import KilnCore
import KilnRuntime

/// Takes the frames of an offline render, in order, and makes the output from them.
public protocol FrameSink: AnyObject {
    /// Takes one frame: rows of `pitch` bytes, each pixel B G R A.
    func write(_ pixels: UnsafeRawBufferPointer, pitch: Int) throws
    /// Completes the output once every frame is written.
    func finish() throws
    /// Leaves nothing behind: the render stopped part way.
    func cancel()
}

extension VideoWriter: WaitingFrameSink {}

extension Bitmap {
    /// The bitmap of `width`×`height` pixels in rows of `pitch` bytes, B G R A as the
    /// renderer's surface and textures keep them.
    public init(bgra base: UnsafeRawBufferPointer, pitch: Int, width: Int, height: Int) {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = y * pitch
                for x in 0..<width {
                    let s = row + x * 4, d = (y * width + x) * 4
                    out[d] = base[s + 2]; out[d + 1] = base[s + 1]; out[d + 2] = base[s]; out[d + 3] = base[s + 3]
                }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }
}

/// Writes each frame as `frame-00000.png`, `frame-00001.png`, … into a folder; a render
/// that stops part way removes the frames it wrote, and the folder if it made it.
public final class PNGFramesSink: FrameSink {
    /// The folder the frames go to.
    public let folder: String
    private let width: Int, height: Int
    private let madeFolder: Bool
    private var written: [String] = []
    /// Whether the frames are opaque (the scene's background is): they are then written as
    /// RGB by libspng at a fast level (`FastPNG`); others keep their alpha. The clip renderer
    /// says so from the scene it renders.
    var opaque = false

    /// Frames of `width`×`height` pixels into `folder`, which exists; `madeFolder` when the
    /// render made it, so that a failure takes it away again.
    public init(folder: String, width: Int, height: Int, madeFolder: Bool) {
        self.folder = folder
        self.width = width
        self.height = height
        self.madeFolder = madeFolder
    }

    /// Frames written so far.
    public var frameCount: Int { written.count }

    public func write(_ pixels: UnsafeRawBufferPointer, pitch: Int) throws {
        let path = (folder as NSString).appendingPathComponent(String(format: "frame-%05d.png", written.count))
        if opaque {
            try OutputFile.write(FastPNG.encode(bgra: pixels, pitch: pitch, width: width, height: height), to: path)
        } else {
            try Bitmap(bgra: pixels, pitch: pitch, width: width, height: height).writePNG(to: path)
        }
        written.append(path)
    }

    public func finish() throws {}

    public func cancel() {
        for path in written { try? FileManager.default.removeItem(atPath: path) }
        written = []
        if madeFolder { try? FileManager.default.removeItem(atPath: folder) }
    }
}

/// Keeps the last frame it is given and writes it as one PNG when the render finishes, so
/// frames drawn before it (to measure them for the HUD) cost no file.
public final class PNGStillSink: FrameSink {
    /// The PNG's path.
    public let path: String
    private let width: Int, height: Int
    private var last: [UInt8] = []
    private var pitch = 0

    /// One PNG of `width`×`height` pixels at `path`.
    public init(path: String, width: Int, height: Int) {
        self.path = path
        self.width = width
        self.height = height
    }

    public func write(_ pixels: UnsafeRawBufferPointer, pitch: Int) throws {
        last = [UInt8](pixels)
        self.pitch = pitch
    }

    public func finish() throws {
        try last.withUnsafeBytes { bytes in
            try Bitmap(bgra: bytes, pitch: pitch, width: width, height: height).writePNG(to: path)
        }
    }

    public func cancel() {}
}
