// A second, deliberately plain way to draw a layer tree, for differential tests of offline
// frames: it walks the tree itself and paints every layer's content straight onto one Cairo
// image, with no render list, no texture cache, no clip polygons and no fast paths. Only the
// rasterization of each layer's own content (ContentRasterizer) is shared with Kiln: what is
// compared is where and how that content lands in the frame. Limits: particles are not drawn
// (the trees it is given hold no live particles).
import CCairo
import Foundation
import KilnCore
@testable import KilnPlatform

/// Draws a layer tree directly with Cairo as the offline host should draw it.
enum ReferenceRenderer {
    /// How the edges of masks are cut.
    enum MaskEdges {
        /// Cairo's antialiased arcs: the reference.
        case antialiased
        /// Polygons of eight segments a corner, not antialiased: what a renderer that clips
        /// geometry on the CPU draws, correct within a pixel; for checking that the tolerance
        /// allows it.
        case aliasedPolygons
    }

    /// The frame of `root`'s tree on `background`, `canvas` points at `scale` pixels a point,
    /// as premultiplied RGBA (opaque, as offline frames are).
    static func render(root: Layer, canvas: Size, scale: Double, background: Color,
                       maskEdges: MaskEdges = .antialiased) -> Bitmap {
        let width = Int((canvas.width * scale).rounded()), height = Int((canvas.height * scale).rounded())
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let cr = cairo_create(surface)!
        defer {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
        cairo_set_source_rgb(cr, background.red, background.green, background.blue)
        cairo_paint(cr)
        Drawing(cr: cr, scale: scale, maskEdges: maskEdges)
            .draw(root, parentTransform: .identity, parentOpacity: 1)
        cairo_surface_flush(surface)
        return bitmap(of: surface, width: width, height: height)
    }

    /// Layer coordinates to device pixels.
    static func setMatrix(_ cr: OpaquePointer, _ transform: Transform, scale: Double) {
        let t = transform.concatenating(Transform(scaleX: scale, y: scale))
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_set_matrix(cr, &matrix)
    }

    /// Cairo's own arcs, radius limited to half the shorter side as Kiln's rounded rectangles are.
    static func roundedRectangle(_ cr: OpaquePointer, _ rect: Rect, radius: Double) {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        cairo_new_path(cr)
        guard r > 0 else {
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(cr, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(cr, rect.minX + r, rect.minY + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// A raster image's straight-alpha B G R A pixels as a premultiplied Cairo image.
    static func premultipliedSurface(_ image: RasterImage) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height))!
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let s = (y * image.width + x) * 4, d = y * stride + x * 4
                    let a = UInt32(pixels[s + 3])
                    for c in 0..<3 { data[d + c] = UInt8((UInt32(pixels[s + c]) * a + 127) / 255) }
                    data[d + 3] = UInt8(a)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Cairo's B G R A bytes as a bitmap's R G B A.
    private static func bitmap(of surface: OpaquePointer, width: Int, height: Int) -> Bitmap {
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                for x in 0..<width {
                    let s = y * stride + x * 4, d = (y * width + x) * 4
                    out[d] = data[s + 2]; out[d + 1] = data[s + 1]; out[d + 2] = data[s]; out[d + 3] = data[s + 3]
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}

/// One frame being drawn: the Cairo context and how finely to rasterize.
private struct Drawing {
    let cr: OpaquePointer
    let scale: Double
    let maskEdges: ReferenceRenderer.MaskEdges

    /// A layer, then its sublayers inside its mask; opacities multiply down the tree and each
    /// layer's content is painted with the product, as Core Animation does without group
    /// opacity.
    func draw(_ layer: Layer, parentTransform: Transform, parentOpacity: Double) {
        let opacity = parentOpacity * max(0, min(1, layer.opacity))
        // Core Animation leaves out hidden layers, and so does Kiln below a thousandth.
        guard !layer.isHidden, opacity > 0.001 else { return }
        let transform = layer.transformToSuperlayer.concatenating(parentTransform)
        guard transform.determinant != 0 else { return }
        if layer.hasContent {
            paintContent(of: layer, transform: transform, opacity: opacity)
        }
        if let lines = layer as? HairlineLayer {
            strokeHairlines(of: lines, transform: transform, opacity: opacity)
        }
        guard !layer.sublayers.isEmpty else { return }
        cairo_save(cr)
        if layer.masksToBounds {
            ReferenceRenderer.setMatrix(cr, transform, scale: scale)
            switch maskEdges {
            case .antialiased:
                ReferenceRenderer.roundedRectangle(cr, layer.bounds, radius: layer.cornerRadius)
            case .aliasedPolygons:
                cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
                cairo_new_path(cr)
                for point in ConvexPolygon(roundedRect: layer.bounds, cornerRadius: layer.cornerRadius).vertices {
                    cairo_line_to(cr, point.x, point.y)
                }
                cairo_close_path(cr)
            }
            cairo_identity_matrix(cr)
            cairo_clip(cr)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        }
        for sublayer in layer.sublayersInDrawingOrder {
            draw(sublayer, parentTransform: transform, parentOpacity: opacity)
        }
        cairo_restore(cr)
    }

    /// The layer's content rasterized at about the scale it shows at, painted through a bilinear
    /// pattern that maps its pixels onto the layer's place in the frame.
    private func paintContent(of layer: Layer, transform: Transform, opacity: Double) {
        // Kiln rasterizes a scaled layer's content at its scale rounded up to a quarter octave
        // (so that an animated scale re-rasterizes only now and then), from 1/16 up to 4×
        // (stretched beyond, a memory limit). Text and small images come out a little
        // different at every raster scale, so the reference follows the same rule: what is
        // compared is where and how the content lands, not glyph shapes.
        // A scale within 1 % of 1 is drawn at 1: a spring settling on 1 does not re-rasterize.
        var magnification = min(4, max(1.0 / 16, transform.maxScale))
        magnification = abs(magnification - 1) > 0.01 ? pow(2, (log2(magnification) * 4).rounded(.up) / 4) : 1
        let image = ContentRasterizer(scale: scale * magnification).rasterize(layer, localRect: layer.contentBounds)
        let content = ReferenceRenderer.premultipliedSurface(image)
        defer { cairo_surface_destroy(content) }
        let pattern = cairo_pattern_create_for_surface(content)!
        defer { cairo_pattern_destroy(pattern) }
        var toPixels = cairo_matrix_t()
        cairo_save(cr)
        let local = image.localRect
        let device = transform.concatenating(Transform(scaleX: scale, y: scale))
        if device.b == 0, device.c == 0, device.a > 0, device.d > 0,
           abs(device.a * local.width - Double(image.width)) < 0.5,
           abs(device.d * local.height - Double(image.height)) < 0.5 {
            // Kiln puts an upright layer drawn at its raster scale on whole device pixels, its
            // texture pixel for pixel, so that text stays as crisp as Cairo drew it (a shift
            // of at most half a pixel); the reference does the same.
            let origin = device.apply(to: local.origin)
            let corner = (x: origin.x.rounded(), y: origin.y.rounded())
            cairo_identity_matrix(cr)
            cairo_matrix_init_translate(&toPixels, -corner.x, -corner.y)
            cairo_rectangle(cr, corner.x, corner.y, Double(image.width), Double(image.height))
        } else {
            ReferenceRenderer.setMatrix(cr, transform, scale: scale)
            cairo_matrix_init_scale(&toPixels, Double(image.width) / local.width, Double(image.height) / local.height)
            cairo_matrix_translate(&toPixels, -local.minX, -local.minY)
            cairo_rectangle(cr, local.minX, local.minY, local.width, local.height)
        }
        cairo_pattern_set_matrix(pattern, &toPixels)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
        cairo_set_source(cr, pattern)
        cairo_set_operator(cr, layer.isAdditive ? CAIRO_OPERATOR_ADD : CAIRO_OPERATOR_OVER)
        cairo_clip(cr)
        cairo_paint_with_alpha(cr, opacity)
        cairo_restore(cr)
    }

    /// Hairlines are one device pixel wide whatever the transform, and ignore masks. Kiln draws
    /// them pixel by pixel, without antialiasing, so the reference does too: along each
    /// segment's longer axis, one step a pixel, it lights the pixel under the line. (A stroke
    /// one pixel wide lights two pixels a row where two steep lines run close together.)
    private func strokeHairlines(of layer: HairlineLayer, transform: Transform, opacity: Double) {
        cairo_save(cr)
        cairo_reset_clip(cr)
        cairo_identity_matrix(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        let c = layer.lineColor
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * opacity)
        let device = transform.concatenating(Transform(scaleX: scale, y: scale))
        for polyline in layer.polylines where polyline.count >= 2 {
            // One path of whole pixels, filled once, so a pixel two segments share blends once.
            var lit = Set<Int64>()
            cairo_new_path(cr)
            for (from, to) in zip(polyline, polyline.dropFirst()) {
                let a = device.apply(to: from), b = device.apply(to: to)
                let steps = max(1, Int(max(abs(b.x - a.x), abs(b.y - a.y)).rounded(.up)))
                for step in 0...steps {
                    let t = Double(step) / Double(steps)
                    let x = (a.x + (b.x - a.x) * t).rounded(.down), y = (a.y + (b.y - a.y) * t).rounded(.down)
                    guard abs(x) < 1e6, abs(y) < 1e6, lit.insert(Int64(x) << 32 | Int64(y) & 0xFFFF_FFFF).inserted
                    else { continue }
                    cairo_rectangle(cr, x, y, 1, 1)
                }
            }
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }
}
