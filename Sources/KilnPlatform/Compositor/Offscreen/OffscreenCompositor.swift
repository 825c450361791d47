// The compositor for a renderer that draws into memory (SDL's software renderer on a
// surface). Every layer's texture is drawn by pixman through Cairo, onto the surface's own
// pixels: bilinear sampling for any affine transform, antialiased clip edges, straight to
// the surface with no triangles. SDL's software renderer is left only the clears, the
// hairlines and the particles: its triangle filler smears rotated quads and can write past
// a surface's end at some sizes, so no layer's texture goes through it. Limits: only a
// surface's pixels can be written by hand, so a window's renderer never gets this type.
import CCairo
import CSDL2
import Foundation
@_spi(Fuzzing) import KilnCore

/// Composites render lists into an offscreen renderer's surface, drawing layers with pixman.
class OffscreenCompositor: Compositor {
    /// The surface the renderer draws into.
    let surface: UnsafeMutablePointer<SDL_Surface>
    /// The surface's pixels as a Cairo image, drawn into in place.
    private let target: CairoCanvas
    /// Each cached texture as a premultiplied Cairo image, by layer id like the cache's entries,
    /// made when pixman first draws it: most textures go through fast paths alone.
    private var sources: [Int: CairoCanvas] = [:]
    /// Textures rasterized and not yet made into Cairo images.
    private var rasters: [Int: RasterImage] = [:]

    /// A compositor for `renderer`, which must draw into a surface.
    override init(renderer: SDLRenderer) {
        guard let surface = renderer.surface else {
            preconditionFailure("the offscreen compositor needs a renderer that draws into a surface")
        }
        self.surface = surface
        // ARGB8888 is Cairo's ARGB32 byte for byte; the frame is opaque, so premultiplied or not
        // makes no difference to its pixels.
        target = CairoCanvas(wrapping: surface.pointee.pixels, width: Int(surface.pointee.w),
                             height: Int(surface.pointee.h), stride: Int(surface.pointee.pitch))
        super.init(renderer: renderer)
    }

    /// Draws `polygon` (convex, in the layer's coordinates) of the item's texture with pixman.
    override func drawPolygon(_ polygon: [Point], of item: RenderItem, entry: Entry, texture: SDLTexture,
                              viewport: Viewport) {
        guard polygon.count >= 3, let source = source(of: item.layer.id) else { return }
        let placement = Self.placement(of: item, entry: entry, viewport: viewport)
        SDL_RenderFlush(renderer.handle)
        let cr = target.cr
        cairo_save(cr)
        // A box of a damaged frame holds what pixman draws whole (`DamageTracker`): it is
        // drawn as in a whole frame, unclipped, if it lies within.
        if drawClip != canvasClip, !drawClip.rect.contains(Rect(enclosing: polygon.map(placement.transform.apply))) {
            cairo_rectangle(cr, Double(drawClip.minX), Double(drawClip.minY), Double(drawClip.width), Double(drawClip.height))
            cairo_clip(cr)
        }
        // The texture is placed first; the polygon, in device pixels, follows the layer's true place.
        if let origin = placement.pixelOrigin {
            cairo_translate(cr, origin.x, origin.y)
        } else {
            let t = placement.transform, local = entry.localRect
            var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
            cairo_transform(cr, &matrix)
            cairo_translate(cr, local.minX, local.minY)
            cairo_scale(cr, 1 / placement.texelsPerUnit.x, 1 / placement.texelsPerUnit.y)
        }
        cairo_set_source_surface(cr, source.surface, 0, 0)
        // Bilinear, as the window's renderer samples; outside the texture is transparent, so
        // an edge that the texture's own transparent margin does not reach still fades out.
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_set_operator(cr, item.isAdditive ? CAIRO_OPERATOR_ADD : CAIRO_OPERATOR_OVER)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        for (index, p) in polygon.enumerated() {
            let device = placement.transform.apply(to: p)
            if index == 0 { cairo_move_to(cr, device.x, device.y) } else { cairo_line_to(cr, device.x, device.y) }
        }
        cairo_close_path(cr)
        let opacity = min(max(item.opacity, 0), 1)
        // Filling the polygon composites it in one pass; a translucent layer has no fill with
        // an alpha, so it is painted through the polygon as a clip, row by row.
        if opacity >= 1 {
            cairo_fill(cr)
        } else {
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, opacity)
        }
        cairo_restore(cr)
        cairo_surface_flush(target.surface)
    }

    /// The Cairo image of the layer's texture, made from its pixels the first time it is asked for.
    private func source(of layerID: Int) -> CairoCanvas? {
        if let source = sources[layerID] { return source }
        guard let image = rasters.removeValue(forKey: layerID) else { return nil }
        let source = CairoCanvas(premultiplying: image)
        sources[layerID] = source
        return source
    }

    override func didRasterize(_ image: RasterImage, of layerID: Int) {
        sources[layerID] = nil
        rasters[layerID] = image
    }

    override func didPruneCache() {
        sources = sources.filter { isCached($0.key) }
        rasters = rasters.filter { isCached($0.key) }
    }

    /// The whole device pixels of `box` that lie in the area being drawn and on the output;
    /// `nil` for none.
    func pixelSpan(of box: Rect) -> PixelBox? {
        let area = drawClip
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
    /// A compositor for `renderer`, which draws into a surface: with `fastPaths`, Kiln's own
    /// pixel loops for what they can draw and pixman for the rest; without, pixman for every layer.
    static func offscreen(_ renderer: SDLRenderer, fastPaths: Bool) -> Compositor {
        fastPaths ? FastOffscreenCompositor(renderer: renderer) : OffscreenCompositor(renderer: renderer)
    }

    /// Whether offscreen drawing takes its fast paths unless told: yes, unless
    /// `KILN_FAST_PATHS` is `0`.
    static func fastPathsAreOn(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["KILN_FAST_PATHS"] != "0"
    }
}
