/// The layer-bounds view of the HUD: every visible layer's bounds carried through its
/// transforms to the canvas, so a rotated or scaled layer shows as the quad it covers.
import KilnCore

package enum LayerOutlines {
    /// One quad per visible layer under `root` (the root itself left out), back to front,
    /// each as its bounds' four corners in canvas points. Visibility follows the render
    /// list: hidden or transparent subtrees and degenerate transforms are skipped, and so
    /// are layers without area.
    package static func quads(of root: Layer) -> [[Point]] {
        var quads: [[Point]] = []
        let transform = root.transformToSuperlayer
        guard !root.isHidden, root.opacity > 0.001, transform.determinant != 0 else { return [] }
        for sublayer in root.sublayersInDrawingOrder {
            append(sublayer, parentTransform: transform, to: &quads)
        }
        return quads
    }

    private static func append(_ layer: Layer, parentTransform: Transform, to quads: inout [[Point]]) {
        guard !layer.isHidden, layer.opacity > 0.001 else { return }
        let transform = layer.transformToSuperlayer.concatenating(parentTransform)
        guard transform.determinant != 0 else { return }
        if !layer.bounds.isEmpty {
            quads.append(layer.bounds.corners.map { transform.apply(to: $0) })
        }
        for sublayer in layer.sublayersInDrawingOrder {
            append(sublayer, parentTransform: transform, to: &quads)
        }
    }

    /// The quads as closed polylines: each quad's corners and its first corner again.
    package static func polylines(of quads: [[Point]]) -> [[Point]] {
        quads.compactMap { quad in quad.first.map { quad + [$0] } }
    }
}
