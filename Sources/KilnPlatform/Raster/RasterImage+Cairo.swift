import CCairo
import KilnCore

extension CairoCanvas {
    /// A Cairo image of a rasterized content, premultiplied as Cairo keeps it: what pixman
    /// samples when it draws the content transformed.
    convenience init(premultiplying image: RasterImage) {
        self.init(width: image.width, height: image.height)
        let w = image.width, h = image.height
        withPixels { data, stride in
            image.pixels.withUnsafeBytes { raw in
                let source = raw.bindMemory(to: UInt32.self)
                for y in 0..<h {
                    let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<w { row[x] = Self.premultiplied(source[y * w + x]) }
                }
            }
        }
    }

    /// A straight-alpha ARGB pixel with its colour multiplied by its alpha.
    @inline(__always) static func premultiplied(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        func channel(_ shift: UInt32) -> UInt32 { ((((p >> shift) & 0xFF) * a + 127) / 255) << shift }
        return a << 24 | channel(16) | channel(8) | channel(0)
    }
}
