// Owns a Cairo image surface and its drawing context. Only this file creates or destroys
// Cairo objects that outlive one function; pixel data stays in Cairo's native ARGB32
// (premultiplied, B G R A bytes on little-endian machines).
import CCairo
import Foundation
import KilnCore

/// A Cairo ARGB32 image with a drawing context, freed when the owner goes away.
final class CairoCanvas {
    let surface: OpaquePointer
    let cr: OpaquePointer
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(self.width), Int32(self.height))
        cr = cairo_create(surface)
    }

    /// A canvas drawing into `pixels`: ARGB32 rows of `stride` bytes that the caller owns and
    /// keeps alive for as long as the canvas.
    init(wrapping pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                      Int32(width), Int32(height), Int32(stride))
        cr = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// The premultiplied ARGB32 bytes, after finishing pending drawing.
    func withPixels<R>(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) -> R) -> R {
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        defer { cairo_surface_mark_dirty(surface) }
        return body(data, stride)
    }

    /// The image encoded as a PNG, or Cairo's status text on failure. Encoded in memory, so
    /// that the bytes go where the caller chooses (a hidden file, a FIFO), never to a path
    /// Cairo would open by name.
    func pngData() -> Result<Data, PNGEncodingError> {
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, { context, bytes, length in
                guard let context, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().data.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            return .failure(PNGEncodingError(reason: String(cString: cairo_status_to_string(status))))
        }
        return .success(sink.data)
    }
}

extension CairoCanvas {
    /// Sets the current source to a straight-alpha colour.
    func setColor(_ c: Color, alpha: Double = 1) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * alpha)
    }

    /// Replaces the current path with a Kiln path.
    func setPath(_ path: Path) {
        cairo_new_path(cr)
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(cr, p.x, p.y)
            case .line(let p):
                cairo_line_to(cr, p.x, p.y)
            case .quadCurve(let p, let c):
                // A quadratic is a cubic whose controls sit two thirds of the way to its control.
                var x0 = 0.0, y0 = 0.0
                cairo_get_current_point(cr, &x0, &y0)
                cairo_curve_to(cr, x0 + 2 / 3 * (c.x - x0), y0 + 2 / 3 * (c.y - y0),
                               p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
            case .curve(let p, let c1, let c2):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .closeSubpath:
                cairo_close_path(cr)
            }
        }
    }

    /// Draws a premultiplied RGBA `Bitmap` stretched over `rect`, filtered.
    func draw(_ bitmap: Bitmap, in rect: Rect, alpha: Double = 1) {
        guard bitmap.width > 0, bitmap.height > 0 else { return }
        let image = CairoCanvas(width: bitmap.width, height: bitmap.height)
        image.withPixels { data, stride in
            bitmap.pixels.withUnsafeBufferPointer { src in
                for y in 0..<bitmap.height {
                    for x in 0..<bitmap.width {
                        let s = (y * bitmap.width + x) * 4, d = y * stride + x * 4
                        data[d] = src[s + 2]; data[d + 1] = src[s + 1]
                        data[d + 2] = src[s]; data[d + 3] = src[s + 3]
                    }
                }
            }
        }
        cairo_save(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / Double(bitmap.width), rect.height / Double(bitmap.height))
        cairo_set_source_surface(cr, image.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_rectangle(cr, 0, 0, Double(bitmap.width), Double(bitmap.height))
        cairo_clip(cr)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }
}

/// Why Cairo could not encode a PNG.
struct PNGEncodingError: Error {
    let reason: String
}
