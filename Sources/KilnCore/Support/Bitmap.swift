/// An image of premultiplied RGBA8 pixels (bytes in R, G, B, A order), rows top to bottom.
///
/// Used for layer `contents`, for images the scenes generate (char, debris) and for
/// rendered frames.
public struct Bitmap: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes, premultiplied alpha.
    public var pixels: [UInt8]

    /// A transparent image.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative bitmap size")
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// A bitmap of `pixels`, premultiplied RGBA rows, `width × height × 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image filled with one colour.
    public init(width: Int, height: Int, fill: Color) {
        self.init(width: width, height: height)
        let px = Bitmap.premultipliedBytes(fill)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = px.0; pixels[i + 1] = px.1; pixels[i + 2] = px.2; pixels[i + 3] = px.3
        }
    }

    /// The premultiplied bytes of a pixel.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The pixel as a straight-alpha colour.
    public func color(x: Int, y: Int) -> Color {
        let p = pixel(x: x, y: y)
        guard p.a > 0 else { return .clear }
        let a = Double(p.a) / 255
        return Color(red: Double(p.r) / 255 / a, green: Double(p.g) / 255 / a,
                     blue: Double(p.b) / 255 / a, alpha: a)
    }

    /// Sets the pixel at `x`, `y` to `color`, premultiplying it.
    public mutating func setPixel(x: Int, y: Int, _ color: Color) {
        let i = (y * width + x) * 4
        let px = Bitmap.premultipliedBytes(color)
        pixels[i] = px.0; pixels[i + 1] = px.1; pixels[i + 2] = px.2; pixels[i + 3] = px.3
    }

    static func premultipliedBytes(_ c: Color) -> (UInt8, UInt8, UInt8, UInt8) {
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        let a = min(max(c.alpha, 0), 1)
        return (byte(c.red * a), byte(c.green * a), byte(c.blue * a), byte(a))
    }
}
