// The compositor for a renderer that draws into memory (SDL's software renderer on a
// surface): the general Compositor with fast paths in place of some of SDL's drawing. Layers
// whose texture lands pixel for pixel, or upright and scaled, are blended by Kiln's own loops
// from a copy of the texture's pixels; plain rectangles of colour are filled without a
// texture; clipped quads are cut so that most of them is such a rectangle. Limits: only a
// surface's pixels can be written by hand, so a window's renderer never gets this type.
import CSDL2
import Foundation
import KilnCore

/// Composites render lists into an offscreen renderer's surface, drawing what it can by hand.
final class OffscreenCompositor: Compositor {
    /// A texture's pixels as the loops read them: ARGB, straight alpha.
    struct TexturePixels {
        var pixels: [UInt32]
        /// Where each row of `pixels` shows and is opaque: the rest is skipped or copied.
        var rowRuns: [RowRuns]
    }

    /// The surface the renderer draws into.
    let surface: UnsafeMutablePointer<SDL_Surface>
    /// The pixels of each cached texture, by layer id like the cache's entries.
    private var texturePixels: [Int: TexturePixels] = [:]

    /// A compositor for `renderer`, which must draw into a surface.
    override init(renderer: SDLRenderer) {
        guard let surface = renderer.surface else {
            preconditionFailure("the offscreen compositor needs a renderer that draws into a surface")
        }
        self.surface = surface
        super.init(renderer: renderer)
    }

    override func fill(_ item: RenderItem, viewport: Viewport) -> Bool {
        fillSolid(item, viewport: viewport)
    }

    // Most of a clipped, unscaled quad can be a blit. Scaled ones keep the triangles: SDL's
    // blit rounds their source rectangles.
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
        let pixels = image.pixels.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        texturePixels[layerID] = TexturePixels(pixels: pixels,
                                               rowRuns: Self.rowRuns(of: pixels, width: image.width, height: image.height))
    }

    override func didPruneCache() {
        texturePixels = texturePixels.filter { isCached($0.key) }
    }

    /// The whole device pixels of `box` that lie on the canvas and the output; `nil` for none.
    func pixelSpan(of box: Rect) -> PixelBox? {
        let area = canvasClip
        let span = PixelBox(minX: max(Int(box.minX.rounded()), area.minX, 0), minY: max(Int(box.minY.rounded()), area.minY, 0),
                            maxX: min(Int(box.maxX.rounded()), area.maxX, Int(surface.pointee.w)),
                            maxY: min(Int(box.maxY.rounded()), area.maxY, Int(surface.pointee.h)))
        return span.maxX > span.minX && span.maxY > span.minY ? span : nil
    }

    /// The frame's pixels and their row pitch, once SDL has drawn what it has queued.
    func framePixels() -> (UnsafeMutablePointer<UInt32>, Int) {
        SDL_RenderFlush(renderer.handle)
        return (surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), Int(surface.pointee.pitch) / 4)
    }
}

extension Compositor {
    /// A compositor for `renderer`, which draws into a surface: the offscreen fast paths, or
    /// with `fastPaths` false the general path, where SDL's software renderer draws it all.
    static func offscreen(_ renderer: SDLRenderer, fastPaths: Bool) -> Compositor {
        fastPaths ? OffscreenCompositor(renderer: renderer) : Compositor(renderer: renderer)
    }

    /// Whether offscreen drawing takes its fast paths unless told: yes, unless
    /// `KILN_FAST_PATHS` is `0`.
    static func fastPathsAreOn(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["KILN_FAST_PATHS"] != "0"
    }
}
