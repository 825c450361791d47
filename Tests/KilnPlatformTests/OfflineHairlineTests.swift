import Foundation
import KilnCore
import KilnPlatform
import KilnTestSupport
import PropertyBased
import Testing

/// Offline frames of random trees of hairline layers against `ReferenceRenderer`, by where
/// they draw rather than by colour.
///
/// SDL's software renderer steps a hairline's pixels by its own rounding, and the reference
/// by its own (a reference that stepped them as SDL does would copy its code rather than check
/// it); a line's pixels then stray from the reference's by a pixel along its length and up to
/// two at its ends, which the colour comparison of `OfflineFrameDifferentialTests` cannot
/// allow without allowing everything else the same. Here every pixel either frame draws (one
/// that differs from the page by more than `drawn`) must have one the other frame draws
/// within `reach` pixels: a line drawn in the wrong place, left out, or drawn past the frame's
/// edge where it does not reach is a run of pixels with none near it (`straysAllowed`).
@Suite struct OfflineHairlineTests {
    /// A pixel differing from the page by more than this, in some channel, is drawn.
    static let drawn = 48
    /// A pixel differing from the page by more than this is drawn faintly.
    static let faint = 12
    /// How many drawn pixels of either frame may have none of the other's near: a line that
    /// only grazes the frame's corner lights one pixel in one renderer and none in the other
    /// (seen: one pixel at 0, 159). A misplaced or missing line is a run of them.
    static let straysAllowed = 3
    /// How far a drawn pixel may be from the other frame's nearest.
    static let reach = 2

    /// Which pixels of `frame` differ from the page by more than `bar`, row by row.
    static func mask(of frame: Bitmap, over bar: Int) -> [Bool] {
        let page = LayerTreeSpec.background
        let background = [page.red, page.green, page.blue].map { Int(($0 * 255).rounded()) }
        var mask = [Bool](repeating: false, count: frame.width * frame.height)
        frame.pixels.withUnsafeBufferPointer { bytes in
            for i in mask.indices {
                let p = i * 4
                mask[i] = abs(Int(bytes[p]) - background[0]) > bar || abs(Int(bytes[p + 1]) - background[1]) > bar
                    || abs(Int(bytes[p + 2]) - background[2]) > bar
            }
        }
        return mask
    }

    /// The pixels of `frame` that are drawn and have no pixel of `other` drawn, if faintly,
    /// within reach.
    static func strays(in frame: Bitmap, from other: Bitmap) -> [(x: Int, y: Int)] {
        let w = frame.width, h = frame.height
        let drawn = mask(of: frame, over: drawn)
        // What `other` draws, grown by `reach` across, then down.
        let faint = mask(of: other, over: faint)
        var across = [Bool](repeating: false, count: w * h), near = across
        for y in 0..<h {
            for x in 0..<w where faint[y * w + x] {
                for nx in max(0, x - reach)...min(w - 1, x + reach) { across[y * w + nx] = true }
            }
        }
        for y in 0..<h {
            for x in 0..<w where across[y * w + x] {
                for ny in max(0, y - reach)...min(h - 1, y + reach) { near[ny * w + x] = true }
            }
        }
        var strays: [(x: Int, y: Int)] = []
        for i in drawn.indices where drawn[i] && !near[i] { strays.append((i % w, i / w)) }
        return strays
    }

    @Test func randomHairlinesLieWhereTheReferenceDrawsThem() async throws {
        let trees = LayerTreeGen.trees(canvas: OfflineFrameDifferentialTests.canvas, layers: 1...4, kinds: [.hairline])

        let drawn = await OfflineFrameDifferentialTests.compareRandomTrees(
            count: max(1, OfflineFrameDifferentialTests.treeCount / 8), trees) { tree, actual, reference in
            let extra = Self.strays(in: actual, from: reference), missing = Self.strays(in: reference, from: actual)
            let isWithin = extra.count <= Self.straysAllowed && missing.count <= Self.straysAllowed
            if !isWithin {
                try? actual.writePNG(to: NSTemporaryDirectory() + "kiln-hairlines.actual.png")
                try? reference.writePNG(to: NSTemporaryDirectory() + "kiln-hairlines.reference.png")
            }
            #expect(isWithin, """
                (pictures in \(NSTemporaryDirectory())kiln-hairlines.*.png) \
                drawn offline with nothing of the reference's within \(Self.reach) pixels: \(extra.count) \
                (first at \(extra.first.map { "\($0.x), \($0.y)" } ?? "-")); drawn by the reference alone: \
                \(missing.count) (first at \(missing.first.map { "\($0.x), \($0.y)" } ?? "-"))
                \(tree.description)
                """)
            return isWithin
        }
        #expect(drawn > 0)
    }
}
