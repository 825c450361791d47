// Rasterizes one layer's own content (not its sublayers) with Cairo and Pango, at a scale
// of device pixels per point. Limits: shadows follow the content's alpha (no shadowPath);
// text uses grey anti-aliasing without hinting so that it looks the same at every scale
// and on every machine.
import CCairo
import Foundation
import KilnCore

/// Turns layer content into pixels.
struct ContentRasterizer {
    /// Device pixels per canvas point.
    var scale: Double

    /// Rasterizes `layer`'s content covering `localRect` (its bounds plus outset), with a
    /// one-pixel transparent margin so that the quad's edges filter smoothly.
    func rasterize(_ layer: Layer, localRect: Rect) -> RasterImage {
        let margin = 1 / scale
        let rect = localRect.insetBy(dx: -margin, dy: -margin)
        let width = Int((rect.width * scale).rounded(.up))
        let height = Int((rect.height * scale).rounded(.up))
        let covered = Rect(x: rect.minX, y: rect.minY,
                           width: Double(width) / scale, height: Double(height) / scale)
        let content = CairoCanvas(width: width, height: height)
        prepare(content, origin: covered.origin)
        drawContent(of: layer, on: content)
        guard layer.shadowOpacity > 0, layer.shadowColor.alpha > 0 else {
            return RasterImage(canvas: content, localRect: covered)
        }
        let final = CairoCanvas(width: width, height: height)
        drawShadow(of: layer, from: content, on: final)
        cairo_set_source_surface(final.cr, content.surface, 0, 0)
        cairo_paint(final.cr)
        return RasterImage(canvas: final, localRect: covered)
    }

    /// Maps layer coordinates to the canvas's pixels.
    private func prepare(_ canvas: CairoCanvas, origin: Point) {
        cairo_scale(canvas.cr, scale, scale)
        cairo_translate(canvas.cr, -origin.x, -origin.y)
        cairo_set_antialias(canvas.cr, CAIRO_ANTIALIAS_GOOD)
    }

    /// Background, contents image, the subclass's content, then the border on top.
    private func drawContent(of layer: Layer, on canvas: CairoCanvas) {
        let outline = Path(roundedRect: layer.bounds, cornerRadius: layer.cornerRadius)
        if let background = layer.backgroundColor, background.alpha > 0 {
            canvas.setPath(outline)
            canvas.setColor(background)
            cairo_fill(canvas.cr)
        }
        if let bitmap = layer.contents {
            drawContents(bitmap, of: layer, on: canvas)
        }
        switch layer {
        case let shape as ShapeLayer: drawShape(shape, on: canvas)
        case let text as TextLayer: drawText(text, on: canvas)
        case let gradient as GradientLayer: drawGradient(gradient, on: canvas)
        case let image as ImageLayer: drawImage(image, on: canvas)
        case let vector as SVGLayer: drawVector(vector, on: canvas)
        case let lottie as LottieLayer: drawLottie(lottie, on: canvas)
        default: break
        }
        if layer.borderWidth > 0 {
            let inset = layer.borderWidth / 2
            canvas.setPath(Path(roundedRect: layer.bounds.insetBy(dx: inset, dy: inset),
                                cornerRadius: max(0, layer.cornerRadius - inset)))
            canvas.setColor(layer.borderColor)
            cairo_set_line_width(canvas.cr, layer.borderWidth)
            cairo_stroke(canvas.cr)
        }
    }
}
