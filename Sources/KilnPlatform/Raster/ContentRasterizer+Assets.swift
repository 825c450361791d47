// Draws the layers that show files: images, SVG documents and their elements, and Lottie
// frames; and the crossed box shown where a file cannot be read.
import CCairo
import Foundation
import KilnCore

extension Layer {
    /// Whether the layer's content is drawn from vectors (an SVG, a Lottie), and so stays
    /// sharp rasterized as finely as it is shown: up to 16 times the canvas scale rather
    /// than the 4 that bounds other content (the raster's size limits still apply).
    var isDrawnFromVectors: Bool {
        self is SVGLayer || self is LottieLayer || (self as? ImageLayer)?.image?.kind == .vector
    }
}

extension ContentRasterizer {
    /// Draws `layer`'s `contents` bitmap where its gravity puts it, clipped by its own
    /// rounded bounds when it masks to them.
    func drawContents(_ bitmap: Bitmap, of layer: Layer, on canvas: CairoCanvas) {
        let size = Size(width: Double(bitmap.width) / max(layer.contentsScale, 0.01),
                        height: Double(bitmap.height) / max(layer.contentsScale, 0.01))
        let rect = layer.contentsGravity.rect(for: size, in: layer.bounds)
        // Contents that fill the bounds need cutting only at rounded corners.
        guard layer.cornerRadius > 0 || rect != layer.bounds else { return canvas.draw(bitmap, in: rect) }
        try? withClip(of: layer, on: canvas) { canvas.draw(bitmap, in: rect) }
    }

    /// Draws an image layer's image, or its crossed box.
    func drawImage(_ layer: ImageLayer, on canvas: CairoCanvas) {
        guard layer.problem == nil else { return drawPlaceholder(in: layer.bounds, on: canvas) }
        guard let image = layer.image else { return }
        let rect = layer.contentsGravity.rect(for: image.size, in: layer.bounds)
        do {
            switch image.kind {
            case .bitmap:
                let bitmap = try image.bitmap(forScale: scale)
                try? withClip(of: layer, on: canvas) { canvas.draw(bitmap, in: rect) }
            case .vector:
                let document = try PlatformAssetReader.shared.vector(image.url)
                try withClip(of: layer, on: canvas) { () throws(AssetError) in
                    try document.render(id: nil, on: UnsafeMutableRawPointer(canvas.cr), viewport: rect)
                }
            }
        } catch {
            AssetProblems.report(error)
            drawPlaceholder(in: layer.bounds, on: canvas)
        }
    }

    /// Draws an SVG layer's part of its document: its element, or a run of its owner's
    /// drawing, leaving out what its sublayers draw, at full opacity where layers carry it.
    func drawVector(_ layer: SVGLayer, on canvas: CairoCanvas) {
        guard layer.problem == nil else { return drawPlaceholder(in: layer.bounds, on: canvas) }
        guard let image = layer.image else { return }
        do {
            let document = try PlatformAssetReader.shared.vector(image.url)
            let frame = layer.documentFrame, bounds = layer.bounds
            let sx = frame.width > 0 ? bounds.width / frame.width : 1
            let sy = frame.height > 0 ? bounds.height / frame.height : 1
            let viewport = Rect(x: bounds.minX - frame.minX * sx, y: bounds.minY - frame.minY * sy,
                                width: document.size.width * sx, height: document.size.height * sy)
            let style = layer.role == .run ? document.style(hiding: layer.hiddenSelectors) : document.style(drawing: layer.drawnID)
            try withClip(of: layer, on: canvas) { () throws(AssetError) in
                // librsvg cuts clip paths with the context's antialiasing: Cairo's default, as
                // when it draws the whole document, so that the parts' clipped edges match it.
                cairo_set_antialias(canvas.cr, CAIRO_ANTIALIAS_DEFAULT)
                try document.render(id: layer.drawnID, style: style,
                                    on: UnsafeMutableRawPointer(canvas.cr), viewport: viewport)
            }
        } catch {
            AssetProblems.report(error)
            drawPlaceholder(in: layer.bounds, on: canvas)
        }
    }

    /// Draws the Lottie layer's frame at the raster's own scale, or coarser when the frame
    /// would take more than `AssetError.maximumPixels` (64 MB): the animation's place may reach
    /// far past the raster (a large animation centred in a small layer), and rlottie draws the
    /// whole frame.
    func drawLottie(_ layer: LottieLayer, on canvas: CairoCanvas) {
        guard layer.problem == nil else { return drawPlaceholder(in: layer.bounds, on: canvas) }
        guard let animation = layer.animation else { return }
        let rect = layer.contentsGravity.rect(for: animation.size, in: layer.bounds)
        let limit = Double(AssetError.maximumSide)
        let area = rect.width * scale * rect.height * scale
        let frameScale = area > Double(AssetError.maximumPixels) ? scale * (Double(AssetError.maximumPixels) / area).squareRoot() : scale
        let rounding: FloatingPointRoundingRule = frameScale < scale ? .down : .up
        let width = Int(min(limit, (rect.width * frameScale).rounded(rounding)))
        let height = Int(min(limit, (rect.height * frameScale).rounded(rounding)))
        guard width > 0, height > 0 else { return }
        do {
            let document = try PlatformAssetReader.shared.lottieDocument(animation.url)
            let frame = CairoCanvas(width: width, height: height)
            frame.withPixels { data, stride in
                document.render(frame: layer.shownFrame, into: data, width: width, height: height, stride: stride)
            }
            try? withClip(of: layer, on: canvas) {
                cairo_save(canvas.cr)
                cairo_translate(canvas.cr, rect.minX, rect.minY)
                cairo_scale(canvas.cr, rect.width / Double(width), rect.height / Double(height))
                cairo_set_source_surface(canvas.cr, frame.surface, 0, 0)
                cairo_pattern_set_filter(cairo_get_source(canvas.cr), CAIRO_FILTER_GOOD)
                cairo_paint(canvas.cr)
                cairo_restore(canvas.cr)
            }
        } catch {
            AssetProblems.report(error)
            drawPlaceholder(in: layer.bounds, on: canvas)
        }
    }

    /// Runs `body` clipped to the layer's rounded bounds when it masks to them.
    private func withClip(of layer: Layer, on canvas: CairoCanvas, _ body: () throws(AssetError) -> Void) throws(AssetError) {
        cairo_save(canvas.cr)
        defer { cairo_restore(canvas.cr) }
        if layer.masksToBounds {
            canvas.setPath(Path(roundedRect: layer.bounds, cornerRadius: layer.cornerRadius))
            cairo_clip(canvas.cr)
        }
        try body()
    }

    /// A crossed box filling `rect`: what a layer shows where its file cannot be read.
    func drawPlaceholder(in rect: Rect, on canvas: CairoCanvas) {
        guard rect.width > 0, rect.height > 0 else { return }
        let cr = canvas.cr
        cairo_save(cr)
        canvas.setPath(Path(rect: rect))
        canvas.setColor(Color(red: 0.93, green: 0.93, blue: 0.94))
        cairo_fill(cr)
        let inset = rect.insetBy(dx: 0.5, dy: 0.5)
        canvas.setColor(Color(red: 0.56, green: 0.56, blue: 0.58))
        cairo_set_line_width(cr, 1)
        cairo_rectangle(cr, inset.minX, inset.minY, inset.width, inset.height)
        cairo_move_to(cr, inset.minX, inset.minY)
        cairo_line_to(cr, inset.maxX, inset.maxY)
        cairo_move_to(cr, inset.maxX, inset.minY)
        cairo_line_to(cr, inset.minX, inset.maxY)
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}
