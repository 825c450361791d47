import KilnCore

/// A layer's content rasterized for compositing: straight-alpha ARGB8888 pixels (B G R A
/// bytes), with fully transparent pixels carrying their neighbour's colour so that bilinear
/// filtering at the edges does not darken them.
struct RasterImage {
    let width: Int
    let height: Int
    var pixels: [UInt8]
    /// The rectangle, in the layer's own coordinates, that the pixels cover.
    let localRect: Rect

    /// Takes Cairo's premultiplied pixels, un-premultiplies them and bleeds colour into the
    /// transparent pixels that border visible ones.
    init(canvas: CairoCanvas, localRect: Rect) {
        let width = canvas.width, height = canvas.height
        self.width = width
        self.height = height
        self.localRect = localRect
        var out = [UInt8](repeating: 0, count: width * height * 4)
        canvas.withPixels { data, stride in
            for y in 0..<height {
                for x in 0..<width {
                    let s = y * stride + x * 4, d = (y * width + x) * 4
                    let a = Int(data[s + 3])
                    guard a > 0 else { continue }
                    for c in 0..<3 { out[d + c] = UInt8(min(255, (Int(data[s + c]) * 255 + a / 2) / a)) }
                    out[d + 3] = UInt8(a)
                }
            }
        }
        pixels = out
        bleedIntoTransparentPixels()
    }

    /// Takes a bitmap's premultiplied RGBA pixels (particle images, generated contents),
    /// un-premultiplies them into B G R A order and bleeds colour into transparent pixels.
    init(bitmap: Bitmap) {
        width = bitmap.width
        height = bitmap.height
        localRect = Rect(0, 0, Double(bitmap.width), Double(bitmap.height))
        var out = [UInt8](repeating: 0, count: bitmap.pixels.count)
        bitmap.pixels.withUnsafeBufferPointer { src in
            for s in stride(from: 0, to: src.count, by: 4) {
                let a = Int(src[s + 3])
                guard a > 0 else { continue }
                for (from, to) in [(0, 2), (1, 1), (2, 0)] {
                    out[s + to] = UInt8(min(255, (Int(src[s + from]) * 255 + a / 2) / a))
                }
                out[s + 3] = UInt8(a)
            }
        }
        pixels = out
        bleedIntoTransparentPixels()
    }

    /// One pass is enough: bilinear filtering reaches one pixel.
    private mutating func bleedIntoTransparentPixels() {
        let source = pixels
        let w = width, h = height
        source.withUnsafeBufferPointer { src in
            for y in 0..<h {
                for x in 0..<w where src[(y * w + x) * 4 + 3] == 0 {
                    var sum = (0, 0, 0), n = 0
                    for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < w, ny < h else { continue }
                        let i = (ny * w + nx) * 4
                        guard src[i + 3] > 0 else { continue }
                        sum.0 += Int(src[i]); sum.1 += Int(src[i + 1]); sum.2 += Int(src[i + 2]); n += 1
                    }
                    guard n > 0 else { continue }
                    let d = (y * w + x) * 4
                    pixels[d] = UInt8(sum.0 / n); pixels[d + 1] = UInt8(sum.1 / n); pixels[d + 2] = UInt8(sum.2 / n)
                }
            }
        }
    }
}
