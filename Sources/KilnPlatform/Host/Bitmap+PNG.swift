import CCairo
import Foundation
import KilnCore

extension Bitmap {
    /// Writes the image as a PNG file, atomically: a failed write leaves no file behind
    /// (`OutputFile`).
    public func writePNG(to path: String) throws {
        let canvas = CairoCanvas(width: width, height: height)
        canvas.withPixels { data, stride in
            pixels.withUnsafeBufferPointer { src in
                for y in 0..<height {
                    for x in 0..<width {
                        let s = (y * width + x) * 4, d = y * stride + x * 4
                        data[d] = src[s + 2]; data[d + 1] = src[s + 1]; data[d + 2] = src[s]; data[d + 3] = src[s + 3]
                    }
                }
            }
        }
        switch canvas.pngData() {
        case .success(let data): try OutputFile.write(data, to: path)
        case .failure(let failure): throw PlatformError.io("cannot write \(path): \(failure.reason)")
        }
    }

    /// Reads a PNG file into a bitmap (premultiplied RGBA).
    public static func readPNG(from path: String) throws -> Bitmap {
        guard let surface = cairo_image_surface_create_from_png(path),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw PlatformError.io("cannot read the PNG image \(path)")
        }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let format = cairo_image_surface_get_format(surface)
        var bitmap = Bitmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let s = y * stride + x * 4, d = (y * w + x) * 4
                bitmap.pixels[d] = data[s + 2]; bitmap.pixels[d + 1] = data[s + 1]; bitmap.pixels[d + 2] = data[s]
                bitmap.pixels[d + 3] = format == CAIRO_FORMAT_RGB24 ? 255 : data[s + 3]
            }
        }
        return bitmap
    }
}
