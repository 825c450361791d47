import CCairo
import Foundation
import KilnCore

extension ContentRasterizer {
    /// Fills the bounds, or the mask path, with the layer's gradient.
    func drawGradient(_ layer: GradientLayer, on canvas: CairoCanvas) {
        let stops = layer.stops
        guard !stops.isEmpty else { return }
        let cr = canvas.cr
        cairo_save(cr)
        defer { cairo_restore(cr) }
        canvas.setPath(layer.maskPath ?? Path(roundedRect: layer.bounds, cornerRadius: layer.cornerRadius))
        cairo_clip(cr)
        let b = layer.bounds
        let start = Point(x: b.minX + layer.startPoint.x * b.width, y: b.minY + layer.startPoint.y * b.height)
        let end = Point(x: b.minX + layer.endPoint.x * b.width, y: b.minY + layer.endPoint.y * b.height)
        let pattern: OpaquePointer
        switch layer.type {
        case .axial:
            pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
            addStops(stops, to: pattern)
        case .radial:
            pattern = makeRadial(stops, center: start, edge: end)
        case .conic:
            pattern = makeConic(stops, center: start, towards: end, reach: b.width + b.height)
        }
        defer { cairo_pattern_destroy(pattern) }
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
    }

    private func addStops(_ stops: [(location: Double, color: Color)], to pattern: OpaquePointer) {
        for stop in stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, c.red, c.green, c.blue, c.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    }

    /// An ellipse centred at `center` whose radii reach `edge` along each axis.
    private func makeRadial(_ stops: [(location: Double, color: Color)], center: Point, edge: Point) -> OpaquePointer {
        var rx = abs(edge.x - center.x), ry = abs(edge.y - center.y)
        if rx == 0 { rx = ry }
        if ry == 0 { ry = rx }
        let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)!
        addStops(stops, to: pattern)
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, 1 / max(rx, 1e-6), 1 / max(ry, 1e-6))
        cairo_matrix_translate(&matrix, -center.x, -center.y)
        cairo_pattern_set_matrix(pattern, &matrix)
        return pattern
    }

    /// Cairo has no conic gradient; a mesh of thin sectors with interpolated corner colours
    /// draws one without visible steps.
    private func makeConic(_ stops: [(location: Double, color: Color)], center: Point,
                           towards: Point, reach: Double) -> OpaquePointer {
        let pattern = cairo_pattern_create_mesh()!
        let sectors = 180
        let startAngle = atan2(towards.y - center.y, towards.x - center.x)
        for i in 0..<sectors {
            let t0 = Double(i) / Double(sectors), t1 = Double(i + 1) / Double(sectors)
            let a0 = startAngle + t0 * 2 * .pi, a1 = startAngle + t1 * 2 * .pi
            let c0 = color(at: t0, in: stops), c1 = color(at: t1, in: stops)
            cairo_mesh_pattern_begin_patch(pattern)
            cairo_mesh_pattern_move_to(pattern, center.x, center.y)
            cairo_mesh_pattern_line_to(pattern, center.x + reach * cos(a0), center.y + reach * sin(a0))
            cairo_mesh_pattern_line_to(pattern, center.x + reach * cos(a1), center.y + reach * sin(a1))
            cairo_mesh_pattern_line_to(pattern, center.x, center.y)
            for (corner, c) in [(0, c0), (1, c0), (2, c1), (3, c1)] {
                cairo_mesh_pattern_set_corner_color_rgba(pattern, UInt32(corner), c.red, c.green, c.blue, c.alpha)
            }
            cairo_mesh_pattern_end_patch(pattern)
        }
        return pattern
    }

    /// The gradient's colour at `t`, between the stops around it.
    func color(at t: Double, in stops: [(location: Double, color: Color)]) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        for (a, b) in zip(stops, stops.dropFirst()) where t <= b.location {
            let span = b.location - a.location
            return span <= 0 ? b.color : a.color.interpolated(to: b.color, t: (t - a.location) / span)
        }
        return last.color
    }
}
