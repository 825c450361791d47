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
    /// Whether every pixel is fully opaque: such an image can be copied rather than blended.
    private(set) var isOpaque = false

    /// Takes Cairo's premultiplied pixels, trimmed to the visible ones plus a transparent
    /// pixel around them (a glow's or a shadow's empty margins cost blending time in every
    /// frame), un-premultiplies them and bleeds colour into the transparent pixels that
    /// border visible ones.
    init(canvas: CairoCanvas, localRect: Rect) {
        let box = canvas.withPixels { data, stride in
            Self.visibleBox(data, stride: stride, width: canvas.width, height: canvas.height)
        } ?? (x: 0, y: 0, width: 1, height: 1)
        let x0 = max(0, box.x - 1), y0 = max(0, box.y - 1)
        let x1 = min(canvas.width, box.x + box.width + 1), y1 = min(canvas.height, box.y + box.height + 1)
        width = x1 - x0
        height = y1 - y0
        let unit = (x: localRect.width / Double(canvas.width), y: localRect.height / Double(canvas.height))
        self.localRect = Rect(x: localRect.minX + Double(x0) * unit.x, y: localRect.minY + Double(y0) * unit.y,
                              width: Double(width) * unit.x, height: Double(height) * unit.y)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        var opaque = true
        let w = width, h = height
        canvas.withPixels { data, stride in
            out.withUnsafeMutableBytes { raw in
                let dst = raw.bindMemory(to: UInt32.self).baseAddress!
                for y in 0..<h {
                    let row = UnsafeRawPointer(data + (y0 + y) * stride + x0 * 4).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<w {
                        let p = row[x]
                        let a = p >> 24
                        if a == 255 { dst[y * w + x] = p; continue }
                        opaque = false
                        guard a > 0 else { continue }
                        dst[y * w + x] = Self.unpremultiplied(p, alpha: a)
                    }
                }
            }
        }
        pixels = out
        isOpaque = opaque
        if !opaque { bleedIntoTransparentPixels() }
    }

    /// The smallest box holding every pixel with some alpha; `nil` when none has.
    private static func visibleBox(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width: Int,
                                   height: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = width, maxX = -1, minY = height, maxY = -1
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            var first = -1, last = -1
            for x in 0..<width where row[x] >> 24 != 0 {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            minX = min(minX, first); maxX = max(maxX, last)
            minY = min(minY, y); maxY = y
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// A premultiplied ARGB pixel with straight colour.
    @inline(__always) private static func unpremultiplied(_ p: UInt32, alpha a: UInt32) -> UInt32 {
        func channel(_ shift: UInt32) -> UInt32 { min(255, (((p >> shift) & 0xFF) * 255 + a / 2) / a) << shift }
        return a << 24 | channel(16) | channel(8) | channel(0)
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
        source.withUnsafeBytes { raw in
            let src = raw.bindMemory(to: UInt32.self)
            pixels.withUnsafeMutableBytes { out in
                let dst = out.bindMemory(to: UInt32.self)
                for y in 0..<h {
                    for x in 0..<w where src[y * w + x] >> 24 == 0 {
                        var sum = (r: 0 as UInt32, g: 0 as UInt32, b: 0 as UInt32), n: UInt32 = 0
                        func take(_ i: Int) {
                            let p = src[i]
                            guard p >> 24 != 0 else { return }
                            sum.r += (p >> 16) & 0xFF; sum.g += (p >> 8) & 0xFF; sum.b += p & 0xFF; n += 1
                        }
                        if x > 0 { take(y * w + x - 1) }
                        if x + 1 < w { take(y * w + x + 1) }
                        if y > 0 { take((y - 1) * w + x) }
                        if y + 1 < h { take((y + 1) * w + x) }
                        guard n > 0 else { continue }
                        dst[y * w + x] = (sum.r / n) << 16 | (sum.g / n) << 8 | (sum.b / n)
                    }
                }
            }
        }
    }
}
