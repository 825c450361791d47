import Kiln

/// How two images differ, channel by channel: the basis of golden-image assertions.
public struct ImageDifference {
    /// The largest difference of any channel of any pixel, 0…255 (with a reach, from the
    /// nearest match of a pixel over the tolerance).
    public let maxChannelDelta: Int
    /// The mean absolute channel difference over every channel of every pixel.
    public let meanChannelDelta: Double
    /// How many pixels have a channel differing by more than the tolerance (with a reach,
    /// from every pixel within it).
    public let pixelsOverTolerance: Int
    /// A picture of the difference: black where equal, brighter where further apart.
    public let diffImage: Bitmap
    /// Whether the two images have the same size; when not, nothing else was compared.
    public let sizesMatch: Bool

    /// Compares `actual` with `expected`, counting pixels whose channels differ by more
    /// than `tolerance`.
    ///
    /// With a `reach` above 0 a pixel also matches a pixel of the other image up to `reach`
    /// pixels away (either way, each image against the other): where two renderers place an
    /// edge a pixel apart, the edge is not counted, but a line one of them leaves out is.
    public init(actual: Bitmap, expected: Bitmap, tolerance: Int, reach: Int = 0) {
        guard actual.width == expected.width, actual.height == expected.height else {
            sizesMatch = false
            maxChannelDelta = 255
            meanChannelDelta = 255
            pixelsOverTolerance = max(actual.width * actual.height, expected.width * expected.height)
            diffImage = Bitmap(width: 1, height: 1)
            return
        }
        sizesMatch = true
        var diff = Bitmap(width: actual.width, height: actual.height)
        var maxDelta = 0, over = 0, sum = 0
        for i in stride(from: 0, to: actual.pixels.count, by: 4) {
            var pixelMax = 0
            for c in 0..<4 {
                let d = abs(Int(actual.pixels[i + c]) - Int(expected.pixels[i + c]))
                sum += d
                pixelMax = max(pixelMax, d)
            }
            if pixelMax > tolerance, reach > 0 {
                let (x, y) = ((i / 4) % actual.width, (i / 4) / actual.width)
                pixelMax = max(Self.nearest(actual, x, y, in: expected, reach: reach),
                               Self.nearest(expected, x, y, in: actual, reach: reach))
            }
            maxDelta = max(maxDelta, pixelMax)
            if pixelMax > tolerance { over += 1 }
            let shade = UInt8(min(255, pixelMax * 4))
            diff.pixels[i] = shade
            diff.pixels[i + 1] = pixelMax > tolerance ? 0 : shade
            diff.pixels[i + 2] = pixelMax > tolerance ? 0 : shade
            diff.pixels[i + 3] = 255
        }
        maxChannelDelta = maxDelta
        meanChannelDelta = Double(sum) / Double(max(1, actual.pixels.count))
        pixelsOverTolerance = over
        diffImage = diff
    }

    /// The smallest largest-channel difference between `image`'s pixel at `x`, `y` and the
    /// pixels of `other` up to `reach` away.
    private static func nearest(_ image: Bitmap, _ x: Int, _ y: Int, in other: Bitmap, reach: Int) -> Int {
        let i = (y * image.width + x) * 4
        var best = 255
        for oy in max(0, y - reach)...min(other.height - 1, y + reach) {
            for ox in max(0, x - reach)...min(other.width - 1, x + reach) {
                let j = (oy * other.width + ox) * 4
                var d = 0
                for c in 0..<4 { d = max(d, abs(Int(image.pixels[i + c]) - Int(other.pixels[j + c]))) }
                best = min(best, d)
            }
        }
        return best
    }

    /// A one-line summary for failure messages.
    public var summary: String {
        sizesMatch
            ? "max channel delta \(maxChannelDelta), mean \(meanChannelDelta), \(pixelsOverTolerance) pixels over tolerance"
            : "the images have different sizes"
    }
}
