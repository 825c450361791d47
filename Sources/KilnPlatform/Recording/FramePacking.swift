// How a frame's pixels are laid out in the pipe to ffmpeg. The renderer lends B G R A rows;
// a video encoder wants planar 4:2:0 YUV. Converting here sends 1.5 bytes a pixel down the
// pipe instead of 4, and spares ffmpeg a colour conversion that costs it about as much as
// x264's encoding. A GIF (and its palette) keeps the B G R A pixels: its palette is chosen
// from the frames' own colours. The packing is chosen once, when the writer starts, and runs
// on the rendering thread in place of the copy it replaces: it reads the renderer's surface
// once, while packing on the pipe's queue needs that copy as well and measured no faster on
// two shared cores.
// Limits: 4:2:0 needs even sizes, so a frame of odd width or height loses its last column or
// row (ffmpeg's encoders would crop them too).
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
    /// Packs the frame at `pixels` into `output`, which holds `byteCount` bytes.
    func pack(_ pixels: UnsafeRawPointer, pitch: Int, into output: UnsafeMutableRawPointer)
}

/// The renderer's own pixels, row after row without padding (ffmpeg's `bgr0`: opaque).
struct BGRAPacking: FramePacking {
    let width: Int
    let height: Int

    var pixelFormat: String { "bgr0" }
    var packedWidth: Int { width }
    var packedHeight: Int { height }
    var byteCount: Int { width * height * 4 }

    func pack(_ pixels: UnsafeRawPointer, pitch: Int, into output: UnsafeMutableRawPointer) {
        let rowBytes = width * 4
        for y in 0..<height {
            (output + y * rowBytes).copyMemory(from: pixels + y * pitch, byteCount: rowBytes)
        }
    }
}

/// Planar Y, then U, then V at half the width and height (ffmpeg's `yuv420p`), in BT.601
/// limited range: what ffmpeg assumes for an H.264 or VP9 encode of RGB input when no
/// colour matrix is named, so players show the colours the renderer drew.
///
/// Each luma sample comes from its own pixel; each chroma sample from the sum of a 2×2
/// block, so it sits at the block's centre. The arithmetic is integer with 16 fractional
/// bits, rounded to nearest, so black is Y 16, white Y 235, any grey U = V = 128 exactly.
struct YUV420Packing: FramePacking {
    /// The even size the frame is packed at.
    let packedWidth: Int
    let packedHeight: Int

    /// Frames of `width`×`height` pixels, packed at the even size within them.
    init(width: Int, height: Int) {
        packedWidth = width / 2 * 2
        packedHeight = height / 2 * 2
    }

    var pixelFormat: String { "yuv420p" }
    var byteCount: Int { packedWidth * packedHeight * 3 / 2 }

    // BT.601's luma weights scaled to the 219 steps of limited range, times 2^16; the chroma
    // weights scaled to its 224 steps. Each chroma row sums to zero, so grey has no colour.
    static let yR: Int32 = 16829, yG: Int32 = 33039, yB: Int32 = 6416
    static let uR: Int32 = -9714, uG: Int32 = -19070, uB: Int32 = 28784
    static let vR: Int32 = 28784, vG: Int32 = -24103, vB: Int32 = -4681
    static let lumaBias: Int32 = (16 << 16) + (1 << 15)
    static let chromaBias: Int32 = (128 << 18) + (1 << 17)

    func pack(_ pixels: UnsafeRawPointer, pitch: Int, into output: UnsafeMutableRawPointer) {
        let width = packedWidth, halfWidth = packedWidth / 2
        let lumaPlane = output.assumingMemoryBound(to: UInt8.self)
        let uPlane = lumaPlane + width * packedHeight
        let vPlane = uPlane + halfWidth * (packedHeight / 2)
        for pair in 0..<(packedHeight / 2) {
            let top = (pixels + 2 * pair * pitch).assumingMemoryBound(to: UInt32.self)
            let bottom = (pixels + (2 * pair + 1) * pitch).assumingMemoryBound(to: UInt32.self)
            let topLuma = lumaPlane + 2 * pair * width
            Self.packLuma(top, into: topLuma, count: width)
            Self.packLuma(bottom, into: topLuma + width, count: width)
            Self.packChroma(top, bottom, u: uPlane + pair * halfWidth, v: vPlane + pair * halfWidth, blocks: halfWidth)
        }
    }

    // The loops below read each pixel as one little-endian word (B in the low byte, then G,
    // R, A) and use wrapping arithmetic, so the compiler can vectorize them: about 1 ms for
    // a 780×1688 frame, where ffmpeg's own conversion took about 4.7 ms.

    /// One row of pixels into one row of luma.
    private static func packLuma(_ row: UnsafePointer<UInt32>, into luma: UnsafeMutablePointer<UInt8>, count: Int) {
        for x in 0..<count {
            let word = row[x]
            let b = Int32(word & 0xff), g = Int32((word &>> 8) & 0xff), r = Int32((word &>> 16) & 0xff)
            luma[x] = UInt8(truncatingIfNeeded: (yR &* r &+ yG &* g &+ yB &* b &+ lumaBias) &>> 16)
        }
    }

    /// Two rows of pixels into one row of each chroma plane, a sample per 2×2 block.
    private static func packChroma(_ top: UnsafePointer<UInt32>, _ bottom: UnsafePointer<UInt32>,
                                   u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>, blocks: Int) {
        for x in 0..<blocks {
            let w0 = top[2 &* x], w1 = top[2 &* x &+ 1], w2 = bottom[2 &* x], w3 = bottom[2 &* x &+ 1]
            // Blue and red summed side by side in the word's two 16-bit halves: four samples
            // add up to at most 1020, so neither carries into the other.
            let blueRed = (w0 & 0xff00ff) &+ (w1 & 0xff00ff) &+ (w2 & 0xff00ff) &+ (w3 & 0xff00ff)
            let green = ((w0 &>> 8) & 0xff) &+ ((w1 &>> 8) & 0xff) &+ ((w2 &>> 8) & 0xff) &+ ((w3 &>> 8) & 0xff)
            let b = Int32(blueRed & 0xffff), r = Int32(blueRed &>> 16), g = Int32(green)
            u[x] = UInt8(truncatingIfNeeded: (uR &* r &+ uG &* g &+ uB &* b &+ chromaBias) &>> 18)
            v[x] = UInt8(truncatingIfNeeded: (vR &* r &+ vG &* g &+ vB &* b &+ chromaBias) &>> 18)
        }
    }
}
