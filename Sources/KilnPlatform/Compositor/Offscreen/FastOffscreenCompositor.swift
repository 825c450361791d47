// The offscreen compositor with fast paths in place of some of pixman's drawing: layers
// whose texture lands pixel for pixel, or upright and scaled, are blended by Kiln's own loops
// from a copy of the texture's pixels; plain rectangles of colour are filled without a
// texture; clipped quads are cut so that most of them is such a rectangle. What the loops
// cannot draw (rotated and additive layers, the curved pieces of a clip) goes to pixman.
@_spi(Fuzzing) import KilnCore

/// The offscreen compositor, drawing what it can by hand.
final class FastOffscreenCompositor: OffscreenCompositor {
    /// A texture's pixels as the loops read them: ARGB, straight alpha.
    struct TexturePixels {
        var pixels: [UInt32]
        /// Where each row of `pixels` shows and is opaque: the rest is skipped or copied.
        var rowRuns: [RowRuns]
    }

    /// The pixels of each cached texture, by layer id like the cache's entries.
    private var texturePixels: [Int: TexturePixels] = [:]

    override func drawsExactlyInPart(_ item: RenderItem, viewport: Viewport) -> Bool {
        Self.drawsExactlyInPart(item, viewport: viewport)
    }

    /// Whether the fast paths draw the item, each pixel alone: upright layers, within an
    /// upright rectangle if clipped.
    static func drawsExactlyInPart(_ item: RenderItem, viewport: Viewport) -> Bool {
        let t = item.transform
        guard !item.isAdditive, t.b == 0, t.c == 0, t.a > 0, t.d > 0 else { return false }
        guard let clip = item.clip else { return true }
        return Self.rectangularClip(clip, viewport: viewport) != nil
    }

    override func fill(_ item: RenderItem, viewport: Viewport) -> Bool {
        fillSolid(item, viewport: viewport)
    }

    // Most of a clipped, unscaled quad can be a blit.
    override func drawClipped(_ polygon: [Point], of item: RenderItem, entry: Entry, texture: SDLTexture,
                              viewport: Viewport) {
        let t = item.transform
        guard t.a == 1, t.d == 1, t.b == 0, t.c == 0 else {
            return drawPolygon(polygon, of: item, entry: entry, texture: texture, viewport: viewport)
        }
        let pieces = Self.pieces(of: polygon, deviceX: { viewport.devicePoint(Point(t.a * $0 + t.tx, 0)).x },
                                 deviceY: { viewport.devicePoint(Point(0, t.d * $0 + t.ty)).y })
        for piece in pieces { drawPolygon(piece, of: item, entry: entry, texture: texture, viewport: viewport) }
    }

    override func drawPolygon(_ polygon: [Point], of item: RenderItem, entry: Entry, texture: SDLTexture,
                              viewport: Viewport) {
        if let pixels = texturePixels[item.layer.id],
           blitUpright(polygon, of: item, entry: entry, pixels: pixels, viewport: viewport)
            || blitScaled(polygon, of: item, entry: entry, pixels: pixels, viewport: viewport) { return }
        super.drawPolygon(polygon, of: item, entry: entry, texture: texture, viewport: viewport)
    }

    override func didRasterize(_ image: RasterImage, of layerID: Int) {
        super.didRasterize(image, of: layerID)
        let pixels = image.pixels.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        texturePixels[layerID] = TexturePixels(pixels: pixels,
                                               rowRuns: Self.rowRuns(of: pixels, width: image.width, height: image.height))
    }

    override func didPruneCache() {
        super.didPruneCache()
        texturePixels = texturePixels.filter { isCached($0.key) }
    }
}
