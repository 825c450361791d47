import KilnCore

extension Layer {
    /// The layers of this subtree whose geometry is not finite, each with what is wrong:
    /// position, bounds, transform, opacity or a shape's stroke holding NaN or an
    /// infinity.
    ///
    /// Empty when every layer can be composited; a property test's way of checking that
    /// wild input never reaches the screen as NaN.
    public var nonFiniteGeometry: [String] {
        allLayers.compactMap { layer in
            var wrong: [String] = []
            if !layer.position.isFinite { wrong.append("position \(layer.position)") }
            let b = layer.bounds
            if ![b.minX, b.minY, b.width, b.height].allSatisfy(\.isFinite) { wrong.append("bounds \(b)") }
            let t = layer.transform
            if ![t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) { wrong.append("transform \(t)") }
            if !layer.opacity.isFinite { wrong.append("opacity \(layer.opacity)") }
            if let shape = layer as? ShapeLayer,
               ![shape.strokeStart, shape.strokeEnd, shape.lineWidth].allSatisfy(\.isFinite) {
                wrong.append("stroke \(shape.strokeStart)…\(shape.strokeEnd) width \(shape.lineWidth)")
            }
            guard !wrong.isEmpty else { return nil }
            return "\(layer.name ?? "layer \(layer.id)"): " + wrong.joined(separator: ", ")
        }
    }
}

extension EmitterLayer {
    /// The most particles the emitter can have alive at its current birth rate: each cell's
    /// rate times its longest lifetime, plus one per cell for a birth due this very step.
    ///
    /// After a burst (a birth rate animated up, then down) the live count must fall back
    /// under this once the burst's particles have lived out their lifetimes.
    public var steadyStateBound: Int {
        let config = configuration
        let alive = config.cells.reduce(0.0) { total, cell in
            let rate = max(0, cell.birthRate * config.birthRate)
            let longestLife = max(0, (cell.lifetime + abs(cell.lifetimeRange)) * config.lifetime)
            return total + rate * longestLife
        }
        return Int(alive.rounded(.up)) + config.cells.count
    }
}
