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
            if !layer.position.x.isFinite || !layer.position.y.isFinite { wrong.append("position \(layer.position)") }
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
