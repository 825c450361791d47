import CCairo
import KilnCore

extension ContentRasterizer {
    /// Paints the content's alpha, blurred by `shadowRadius`, offset and tinted, onto `target`.
    ///
    /// A wide blur is worked out on a smaller copy of the alpha and stretched back smoothly:
    /// a shadow holds no detail finer than its blur, and a sheet's shadow at 2× would
    /// otherwise cost a tenth of a second to rasterize.
    func drawShadow(of layer: Layer, from content: CairoCanvas, on target: CairoCanvas) {
        // Core Animation's shadowRadius behaves like a Gaussian of about half that sigma;
        // three box blurs approximate the Gaussian.
        let sigma = layer.shadowRadius * scale / 2
        let factor = sigma >= 6 ? min(4, Int(sigma / 3)) : 1
        var mask = ShadowMask(content, shrunkBy: factor)
        let smallSigma = sigma / Double(factor)
        if smallSigma > 0.3 {
            let box = max(1, Int(((12 * smallSigma * smallSigma / 3) + 1).squareRoot()) / 2)
            for _ in 0..<3 { mask.blur(radius: box) }
        }
        let surface = mask.canvas()
        cairo_save(target.cr)
        target.setColor(layer.shadowColor, alpha: layer.shadowOpacity)
        cairo_scale(target.cr, Double(factor), Double(factor))
        let pattern = cairo_pattern_create_for_surface(surface.surface)!
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, -layer.shadowOffset.x * scale / Double(factor),
                                    -layer.shadowOffset.y * scale / Double(factor))
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_mask(target.cr, pattern)
        cairo_pattern_destroy(pattern)
        cairo_restore(target.cr)
    }
}

/// A shadow's alpha as floats, at the content's size or a whole fraction of it.
private struct ShadowMask {
    let width: Int
    let height: Int
    private var alpha: [Float]

    /// The content's alpha, each `factor` × `factor` block averaged into one value.
    init(_ content: CairoCanvas, shrunkBy factor: Int) {
        width = (content.width + factor - 1) / factor
        height = (content.height + factor - 1) / factor
        var values = [Float](repeating: 0, count: width * height)
        let w = width, cw = content.width, ch = content.height
        let share = 1 / Float(factor * factor)
        content.withPixels { data, stride in
            values.withUnsafeMutableBufferPointer { out in
                for y in 0..<ch {
                    let row = data + y * stride + 3
                    let target = out.baseAddress! + (y / factor) * w
                    for x in 0..<cw { target[x / factor] += Float(row[x * 4]) * share }
                }
            }
        }
        alpha = values
    }

    /// One box blur of `radius` along the rows, then down the columns; edges are transparent.
    mutating func blur(radius: Int) {
        let w = width, h = height
        let norm = 1 / Float(2 * radius + 1)
        alpha.withUnsafeMutableBufferPointer { buffer in
            let v = buffer.baseAddress!
            var line = [Float](repeating: 0, count: max(w, h))
            line.withUnsafeMutableBufferPointer { scratch in
                let copy = scratch.baseAddress!
                for y in 0..<h {
                    let row = v + y * w
                    copy.update(from: row, count: w)
                    var sum: Float = 0
                    for i in 0...min(radius, w - 1) { sum += copy[i] }
                    for i in 0..<w {
                        row[i] = sum * norm
                        if i + radius + 1 < w { sum += copy[i + radius + 1] }
                        if i - radius >= 0 { sum -= copy[i - radius] }
                    }
                }
            }
            // Columns all at once, row by row, so that memory is read in order.
            let source = Array(UnsafeBufferPointer(start: v, count: w * h))
            var sums = [Float](repeating: 0, count: w)
            source.withUnsafeBufferPointer { original in
                sums.withUnsafeMutableBufferPointer { column in
                    let s = column.baseAddress!, o = original.baseAddress!
                    for y in 0...min(radius, h - 1) { for x in 0..<w { s[x] += o[y * w + x] } }
                    for y in 0..<h {
                        let row = v + y * w
                        for x in 0..<w { row[x] = s[x] * norm }
                        if y + radius + 1 < h { let add = o + (y + radius + 1) * w; for x in 0..<w { s[x] += add[x] } }
                        if y - radius >= 0 { let drop = o + (y - radius) * w; for x in 0..<w { s[x] -= drop[x] } }
                    }
                }
            }
        }
    }

    /// The mask as an image whose alpha is the blurred values.
    func canvas() -> CairoCanvas {
        let mask = CairoCanvas(width: width, height: height)
        let w = width, h = height
        mask.withPixels { data, stride in
            alpha.withUnsafeBufferPointer { values in
                for y in 0..<h {
                    for x in 0..<w { data[y * stride + x * 4 + 3] = UInt8(min(255, max(0, values[y * w + x].rounded()))) }
                }
            }
        }
        return mask
    }
}
