import CCairo
import KilnCore

extension ContentRasterizer {
    /// Fill, then stroke (trimmed to strokeStart…strokeEnd, with caps, joins and dashes).
    func drawShape(_ layer: ShapeLayer, on canvas: CairoCanvas) {
        let cr = canvas.cr
        if let fill = layer.fillColor, fill.alpha > 0, !layer.path.isEmpty {
            canvas.setPath(layer.path)
            cairo_set_fill_rule(cr, layer.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            canvas.setColor(fill)
            cairo_fill(cr)
        }
        guard let stroke = layer.strokeColor, stroke.alpha > 0, layer.lineWidth > 0,
              layer.strokeEnd > layer.strokeStart else { return }
        let path = layer.strokedPath
        guard !path.isEmpty else { return }
        canvas.setPath(path)
        cairo_set_line_width(cr, layer.lineWidth)
        cairo_set_line_cap(cr, cairoCap(layer.lineCap))
        cairo_set_line_join(cr, cairoJoin(layer.lineJoin))
        cairo_set_miter_limit(cr, layer.miterLimit)
        let dashes = layer.lineDashPattern.filter { $0 >= 0 }
        if !dashes.isEmpty && dashes.contains(where: { $0 > 0 }) {
            cairo_set_dash(cr, dashes, Int32(dashes.count), layer.lineDashPhase)
        }
        canvas.setColor(stroke)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    private func cairoCap(_ cap: LineCap) -> cairo_line_cap_t {
        switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }

    private func cairoJoin(_ join: LineJoin) -> cairo_line_join_t {
        switch join {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }
}
