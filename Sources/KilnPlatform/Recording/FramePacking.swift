// How a frame's pixels are laid out in the pipe to ffmpeg. The renderer lends B G R A rows;
// a video encoder wants planar 4:2:0 YUV. Converting here sends 1.5 bytes a pixel down the
// pipe instead of 4, and spares ffmpeg a colour conversion that costs it about as much as
// x264's encoding. libyuv converts, with its SIMD rows. The packing keeps the last frame's
// planes and converts again only the boxes the renderer drew anew (its damage), so a frame
// where little moves costs little more than the copy into the pipe's buffer. A GIF (and its
// palette) keeps the B G R A pixels: its palette is chosen from the frames' own colours. The
// packing is chosen once, when the writer starts, and runs on the rendering thread.
// Limits: 4:2:0 needs even sizes, so a frame of odd width or height loses its last column or
// row (ffmpeg's encoders would crop them too); a box is converted from even rows and columns.
import CYUV
import Foundation

/// Turns one rendered frame (rows of `pitch` bytes, B G R A) into the bytes ffmpeg reads.
protocol FramePacking: Sendable {
    /// ffmpeg's name for the layout (`-pix_fmt` of the raw input).
    var pixelFormat: String { get }
    /// The picture's size as ffmpeg is told it.
    var packedWidth: Int { get }
    var packedHeight: Int { get }
    /// Bytes of one packed frame.
    var byteCount: Int { get }
    /// Packs the frame at `pixels` into `output`, which holds `byteCount` bytes. `changed`,
    /// when given, holds every pixel that differs from the frame packed before (the
    /// renderer's damage); nil packs the whole frame anew.
    func pack(_ pixels: UnsafeRawPointer, pitch: Int, changed: [Compositor.PixelBox]?, into output: UnsafeMutableRawPointer)
}

extension FramePacking {
    /// Packs the whole frame at `pixels` into `output`.
    func pack(_ pixels: UnsafeRawPointer, pitch: Int, into output: UnsafeMutableRawPointer) {
        pack(pixels, pitch: pitch, changed: nil, into: output)
    }
}

/// The renderer's own pixels, row after row without padding (ffmpeg's `bgr0`: opaque).
struct BGRAPacking: FramePacking {
    let width: Int
    let height: Int

    var pixelFormat: String { "bgr0" }
    var packedWidth: Int { width }
    var packedHeight: Int { height }
    var byteCount: Int { width * height * 4 }

    func pack(_ pixels: UnsafeRawPointer, pitch: Int, changed: [Compositor.PixelBox]?,
              into output: UnsafeMutableRawPointer) {
        let rowBytes = width * 4
        for y in 0..<height {
            (output + y * rowBytes).copyMemory(from: pixels + y * pitch, byteCount: rowBytes)
        }
    }
}

/// Planar Y, then U, then V at half the width and height (ffmpeg's `yuv420p`), in BT.601
/// limited range: what ffmpeg assumes for an H.264 or VP9 encode of RGB input when no
/// colour matrix is named, so players show the colours the renderer drew. Each chroma sample
/// is the mean of its 2×2 block. libyuv rounds its 8-bit fixed point so that black is Y 16,
/// white Y 235 and any grey U = V = 128 exactly, and any colour within a step of the formula.
///
/// The packing holds the planes of the last frame it packed, and converts again only what
/// changed since.
final class YUV420Packing: FramePacking, @unchecked Sendable {
    /// The even size the frame is packed at.
    let packedWidth: Int
    let packedHeight: Int
    /// The planes of the last frame packed.
    private let planes: UnsafeMutableRawBufferPointer
    /// Whether `planes` hold a frame yet.
    private var holdsFrame = false

    /// Frames of `width`×`height` pixels, packed at the even size within them.
    init(width: Int, height: Int) {
        packedWidth = width / 2 * 2
        packedHeight = height / 2 * 2
        planes = .allocate(byteCount: max(1, packedWidth * packedHeight * 3 / 2), alignment: 64)
    }

    deinit { planes.deallocate() }

    var pixelFormat: String { "yuv420p" }
    var byteCount: Int { packedWidth * packedHeight * 3 / 2 }

    func pack(_ pixels: UnsafeRawPointer, pitch: Int, changed: [Compositor.PixelBox]?,
              into output: UnsafeMutableRawPointer) {
        guard packedWidth > 0, packedHeight > 0 else { return }
        if let changed, holdsFrame {
            for box in changed { convert(pixels, pitch: pitch, box: box) }
        } else {
            convert(pixels, pitch: pitch, box: Compositor.PixelBox(minX: 0, minY: 0, maxX: packedWidth, maxY: packedHeight))
            holdsFrame = true
        }
        output.copyMemory(from: planes.baseAddress!, byteCount: byteCount)
    }

    /// Converts the pixels of `box`, grown to even rows and columns and kept within the
    /// packed size, into the planes.
    private func convert(_ pixels: UnsafeRawPointer, pitch: Int, box: Compositor.PixelBox) {
        let x0 = max(0, box.minX) & ~1, y0 = max(0, box.minY) & ~1
        let x1 = min(packedWidth, (box.maxX + 1) & ~1), y1 = min(packedHeight, (box.maxY + 1) & ~1)
        guard x1 > x0, y1 > y0 else { return }
        let half = packedWidth / 2
        let luma = planes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let u = luma + packedWidth * packedHeight, v = u + half * (packedHeight / 2)
        _ = ARGBToI420((pixels + y0 * pitch + x0 * 4).assumingMemoryBound(to: UInt8.self), Int32(pitch),
                       luma + y0 * packedWidth + x0, Int32(packedWidth),
                       u + y0 / 2 * half + x0 / 2, Int32(half),
                       v + y0 / 2 * half + x0 / 2, Int32(half),
                       Int32(x1 - x0), Int32(y1 - y0))
    }
}
