// PNG files for frame sequences, written by libspng at a low zlib level: an opaque frame's
// rows go straight from the renderer's B G R A surface to 8-bit RGB (libyuv drops the alpha
// and orders the channels), without a bitmap in between. Lossless like any PNG, larger than
// Cairo's default level makes them and several times quicker. Limits: opaque frames only; a
// translucent frame goes through `Bitmap.writePNG`, which unpremultiplies its colours.
import CSpng
import CYUV
import Foundation

enum FastPNG {
    /// zlib's level: 1 is its fastest that still compresses.
    static let compressionLevel: Int32 = 1

    /// The PNG of an opaque frame of `width`×`height` pixels, rows of `pitch` bytes B G R A.
    static func encode(bgra pixels: UnsafeRawBufferPointer, pitch: Int, width: Int, height: Int) throws -> Data {
        guard width > 0, height > 0, pitch >= width * 4, pixels.count >= pitch * height else {
            throw PlatformError.io("cannot write a PNG of \(width)×\(height) pixels from \(pixels.count) bytes")
        }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            _ = ARGBToRAW(pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(pitch),
                          out.baseAddress!, Int32(width * 3), Int32(width), Int32(height))
        }
        guard let context = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else {
            throw PlatformError.io("libspng could not start an encoder")
        }
        defer { spng_ctx_free(context) }
        spng_set_option(context, SPNG_ENCODE_TO_BUFFER, 1)
        spng_set_option(context, SPNG_IMG_COMPRESSION_LEVEL, compressionLevel)
        // No filter: choosing one of five row by row took most of the time, and on flat
        // colours and gradients unfiltered rows measured both faster and smaller than SUB.
        spng_set_option(context, SPNG_FILTER_CHOICE, Int32(SPNG_FILTER_CHOICE_NONE.rawValue))
        var header = spng_ihdr(width: UInt32(width), height: UInt32(height), bit_depth: 8,
                               color_type: UInt8(SPNG_COLOR_TYPE_TRUECOLOR.rawValue), compression_method: 0,
                               filter_method: 0, interlace_method: 0)
        spng_set_ihdr(context, &header)
        let status = rgb.withUnsafeMutableBytes { bytes in
            spng_encode_image(context, bytes.baseAddress, bytes.count, Int32(SPNG_FMT_PNG.rawValue),
                              Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        guard status == 0 else { throw PlatformError.io("libspng could not encode a frame: \(String(cString: spng_strerror(status)))") }
        var size = 0, error: Int32 = 0
        guard let buffer = spng_get_png_buffer(context, &size, &error) else {
            throw PlatformError.io("libspng gave no PNG: \(String(cString: spng_strerror(error)))")
        }
        defer { free(buffer) }
        return Data(bytes: buffer, count: size)
    }
}
