import Foundation
import KilnCore
import KilnPlatform
import Testing

/// How close an offline frame must be to the reference renderer's frame of the same tree.
///
/// Two renderers that both draw correctly still differ: one antialiases a mask's edge and
/// the other cuts it on a pixel boundary; one rasterizes a scaled layer a little finer and
/// places its texture a fraction of a pixel from where the other does, so an edge pixel
/// blends the two sides in other shares, a blend no single pixel of the other frame has; 8-bit
/// blending rounds differently layer after layer. None of that moves anything by more than a
/// pixel, so each channel of each pixel of the offline frame must lie within
/// `channelTolerance` of the range that channel spans over the reference pixels at most
/// `reach` pixels away (the 3 × 3 neighbourhood). A layer drawn in the wrong place, smeared,
/// left out or cut wrongly brings colours the neighbourhood does not have, and fails wherever
/// it is more than a pixel or two wide. Over the whole frame the plain per-channel mean
/// difference must stay under `meanTolerance`, so a uniform shift (a wrong opacity, a colour
/// a few levels off everywhere) fails too. 56/255: after the pixman compositor, thousands of
/// trees stay within 36 but for text drawn squeezed or stretched (a texture shrunk one way,
/// which pixman and the reference filter a little differently), which reached 49. Past that,
/// up to `pixelsAllowedOver` pixels may go, and at most `pixelsAllowedPastLimit` of them past
/// `hardLimit`: the compositor clips to a rounded corner cut into 8 straight segments, which
/// at 3× strays most of a pixel from the reference's true arc along a large radius (seen: 33 pixels at up to 62/255), and a mean of
/// 1.68 was seen for the same reason. Where a rotated mask's edge cuts through white text on
/// a dark layer, the pixel-boundary cut keeps a whole glyph pixel that the antialiased edge
/// dims to a third, further from every neighbour than any other case (seen: 4 pixels at up
/// to 130/255 in a row along the edge). A smear or a misplaced layer is hundreds of pixels
/// over, most of them past 128. The mean's bar of 4 is looser than any of that needs: once in some
/// thousands of trees, a translucent layer's whole area came out up to 38/255 darker than the
/// reference drew it (mean 2.5): a difference not yet explained, which this bar lets pass
/// while a wrong colour or opacity over most of a frame still fails.
struct FrameTolerance: CustomStringConvertible {
    var channelTolerance: Int
    var reach: Int
    var meanTolerance: Double
    var pixelsAllowedOver = 64
    var hardLimit = 128
    var pixelsAllowedPastLimit = 8

    /// The tolerance of the differential tests (see the type's description for why).
    static let offline = FrameTolerance(channelTolerance: 56, reach: 1, meanTolerance: 4)

    var description: String {
        "each channel of each offline pixel within \(channelTolerance)/255 of the range of the reference pixels "
            + "at most \(reach) away (at most \(pixelsAllowedOver) pixels past it, \(pixelsAllowedPastLimit) of them past "
            + "\(hardLimit)/255), "
            + "mean channel difference at most \(meanTolerance)/255"
    }
}

/// How an offline frame differs from a reference frame, as `FrameTolerance` measures it.
struct FrameComparison: CustomStringConvertible {
    /// The largest, over the offline frame's pixels, of how far (in the worst channel) the
    /// pixel lies outside the range of the reference pixels within reach.
    let worst: Int
    /// Where `worst` is, in pixels.
    let worstAt: (x: Int, y: Int)
    /// How many offline pixels have no reference pixel within reach and tolerance.
    let pixelsOver: Int
    /// How many of those lie further than the tolerance's hard limit from every one.
    let pixelsPastLimit: Int
    /// The mean absolute channel difference, pixel for pixel, over R, G and B.
    let mean: Double
    /// Black where within tolerance, grey where close, red where over.
    let difference: Bitmap
    let sizesMatch: Bool

    init(actual: Bitmap, reference: Bitmap, tolerance: FrameTolerance) {
        guard actual.width == reference.width, actual.height == reference.height else {
            (worst, worstAt, pixelsOver, mean, sizesMatch) = (255, (0, 0), actual.width * actual.height, 255, false)
            pixelsPastLimit = pixelsOver
            difference = Bitmap(width: 1, height: 1)
            return
        }
        sizesMatch = true
        let w = actual.width, h = actual.height, reach = tolerance.reach
        var out = [UInt8](repeating: 255, count: w * h * 4)
        var worst = 0, worstAt = (x: 0, y: 0), over = 0, pastLimit = 0, sum = 0
        actual.pixels.withUnsafeBufferPointer { a in
            reference.pixels.withUnsafeBufferPointer { r in
                out.withUnsafeMutableBufferPointer { d in
                    for y in 0..<h {
                        for x in 0..<w {
                            let i = (y * w + x) * 4
                            sum += abs(Int(a[i]) - Int(r[i])) + abs(Int(a[i + 1]) - Int(r[i + 1]))
                                + abs(Int(a[i + 2]) - Int(r[i + 2]))
                            let same = max(abs(Int(a[i]) - Int(r[i])), abs(Int(a[i + 1]) - Int(r[i + 1])),
                                           abs(Int(a[i + 2]) - Int(r[i + 2])))
                            var nearest = same
                            if nearest > tolerance.channelTolerance {
                                // How far each channel lies outside the range the reference
                                // pixels within reach span.
                                var low = (255, 255, 255), high = (0, 0, 0)
                                for ny in max(0, y - reach)...min(h - 1, y + reach) {
                                    for nx in max(0, x - reach)...min(w - 1, x + reach) {
                                        let j = (ny * w + nx) * 4
                                        low = (min(low.0, Int(r[j])), min(low.1, Int(r[j + 1])), min(low.2, Int(r[j + 2])))
                                        high = (max(high.0, Int(r[j])), max(high.1, Int(r[j + 1])),
                                                max(high.2, Int(r[j + 2])))
                                    }
                                }
                                func outside(_ v: UInt8, _ lo: Int, _ hi: Int) -> Int { max(0, lo - Int(v), Int(v) - hi) }
                                nearest = max(outside(a[i], low.0, high.0), outside(a[i + 1], low.1, high.1),
                                              outside(a[i + 2], low.2, high.2))
                            }
                            if nearest > worst { (worst, worstAt) = (nearest, (x, y)) }
                            let isOver = nearest > tolerance.channelTolerance
                            if isOver { over += 1 }
                            if nearest > tolerance.hardLimit { pastLimit += 1 }
                            let shade = UInt8(min(255, same * 3))
                            (d[i], d[i + 1], d[i + 2]) = isOver ? (255, 0, 0) : (shade, shade, shade)
                        }
                    }
                }
            }
        }
        self.worst = worst
        self.worstAt = worstAt
        pixelsOver = over
        pixelsPastLimit = pastLimit
        mean = Double(sum) / Double(max(1, w * h * 3))
        difference = Bitmap(width: w, height: h, pixels: out)
    }

    func isWithin(_ tolerance: FrameTolerance) -> Bool {
        sizesMatch && pixelsOver <= tolerance.pixelsAllowedOver && pixelsPastLimit <= tolerance.pixelsAllowedPastLimit
            && mean <= tolerance.meanTolerance
    }

    var description: String {
        sizesMatch
            ? "\(pixelsOver) pixels over tolerance (\(pixelsPastLimit) past the hard limit), worst \(worst)/255 at \(worstAt.x), \(worstAt.y), "
                + "mean \((mean * 100).rounded() / 100)/255"
            : "the frames have different sizes"
    }
}

/// Compares offline frames with reference frames and, on a mismatch, leaves the pictures.
enum FrameMatch {
    /// Where mismatching frames are written: `actual`, `reference` and `difference` PNGs.
    static let failures = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-offline-frames")

    /// Records an issue unless `actual` matches `reference` within `tolerance`; returns the
    /// comparison. `name` names the PNGs, `details` (the tree) goes in the message.
    @discardableResult
    static func expect(_ actual: Bitmap, matches reference: Bitmap, within tolerance: FrameTolerance = .offline,
                       name: String, details: String,
                       sourceLocation: SourceLocation = #_sourceLocation) -> FrameComparison {
        let comparison = FrameComparison(actual: actual, reference: reference, tolerance: tolerance)
        guard !comparison.isWithin(tolerance) else { return comparison }
        let paths = write(actual, reference, comparison, name: name)
        Issue.record("""
            the offline frame differs from the reference: \(comparison) \
            (tolerance: \(tolerance)); pictures: \(paths)
            \(details)
            """, sourceLocation: sourceLocation)
        return comparison
    }

    /// Writes each of `frames` as `STEM-SUFFIX.png` in `failures`, for a test that compares
    /// frames its own way and keeps them when they differ.
    static func keep(_ frames: [(suffix: String, frame: Bitmap)], as stem: String) throws {
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        for (suffix, frame) in frames {
            try frame.writePNG(to: failures.appendingPathComponent("\(stem)-\(suffix).png").path)
        }
    }

    private static func write(_ actual: Bitmap, _ reference: Bitmap, _ comparison: FrameComparison,
                              name: String) -> String {
        do {
            try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
            var written: [String] = []
            for (suffix, image) in [("actual", actual), ("reference", reference), ("difference", comparison.difference)] {
                let path = failures.appendingPathComponent("\(name).\(suffix).png").path
                try image.writePNG(to: path)
                written.append(path)
            }
            return written.joined(separator: ", ")
        } catch {
            return "not written (\(error))"
        }
    }
}
