import CCairo
import KilnCore

extension ContentRasterizer {
    /// Paints the content's alpha, blurred by `shadowRadius`, offset and tinted, onto `target`.
    func drawShadow(of layer: Layer, from content: CairoCanvas, on target: CairoCanvas) {
        let w = content.width, h = content.height
        var alpha = [Float](repeating: 0, count: w * h)
        content.withPixels { data, stride in
            for y in 0..<h { for x in 0..<w { alpha[y * w + x] = Float(data[y * stride + x * 4 + 3]) } }
        }
        // Core Animation's shadowRadius behaves like a Gaussian of about half that sigma;
        // three box blurs approximate the Gaussian.
        let sigma = layer.shadowRadius * scale / 2
        if sigma > 0.3 {
            let box = max(1, Int(((12 * sigma * sigma / 3) + 1).squareRoot()) / 2)
            for _ in 0..<3 {
                boxBlur(&alpha, width: w, height: h, radius: box, horizontal: true)
                boxBlur(&alpha, width: w, height: h, radius: box, horizontal: false)
            }
        }
        let mask = CairoCanvas(width: w, height: h)
        mask.withPixels { data, stride in
            for y in 0..<h {
                for x in 0..<w { data[y * stride + x * 4 + 3] = UInt8(min(255, max(0, alpha[y * w + x].rounded()))) }
            }
        }
        target.setColor(layer.shadowColor, alpha: layer.shadowOpacity)
        cairo_mask_surface(target.cr, mask.surface, layer.shadowOffset.x * scale, layer.shadowOffset.y * scale)
    }

    /// A running-sum box blur along rows or columns, edges treated as transparent.
    private func boxBlur(_ v: inout [Float], width: Int, height: Int, radius: Int, horizontal: Bool) {
        let lines = horizontal ? height : width, length = horizontal ? width : height
        var line = [Float](repeating: 0, count: length)
        let norm = 1 / Float(2 * radius + 1)
        for l in 0..<lines {
            func index(_ i: Int) -> Int { horizontal ? l * width + i : i * width + l }
            for i in 0..<length { line[i] = v[index(i)] }
            var sum: Float = 0
            for i in 0...min(radius, length - 1) { sum += line[i] }
            for i in 0..<length {
                v[index(i)] = sum * norm
                let add = i + radius + 1, drop = i - radius
                if add < length { sum += line[add] }
                if drop >= 0 { sum -= line[drop] }
            }
        }
    }
}
