import KilnCore

/// A layer tree as plain values: what property tests generate and shrink, and what a
/// failure prints, so that a failing tree can be read and rebuilt.
///
/// Layers are listed in the order they are added; each names an earlier layer as its
/// superlayer (or the root), so dropping any layer while shrinking leaves a valid tree.
public struct LayerTreeSpec: Sendable, CustomStringConvertible {
    /// The canvas the tree is drawn on, in points.
    public var canvas: Size
    /// Device pixels per point.
    public var scale: Double
    /// The layers below the root, in the order they are added.
    public var layers: [LayerSpec]

    /// The colour behind every tree: opaque, and far from the palette's colours so that a
    /// layer left out or put in the wrong place shows.
    public static let background = Color(red: 0.16, green: 0.18, blue: 0.22)

    /// A tree of `layers` on `canvas` drawn at `scale`.
    public init(canvas: Size, scale: Double, layers: [LayerSpec]) {
        self.canvas = canvas
        self.scale = scale
        self.layers = layers
    }

    /// The deepest a layer may sit below the root (the root's sublayers are at depth 1).
    public static let maximumDepth = 4

    /// Builds the tree: a root the size of the canvas, without content, holding the layers.
    public func makeRoot() -> Layer {
        let root = Layer()
        root.frame = Rect(origin: .zero, size: canvas)
        var built: [(layer: Layer, depth: Int)] = []
        for spec in layers {
            // Only layers not yet at the deepest level can hold others; the choice wraps
            // round them so that any selector names one.
            let holders = built.filter { $0.depth < Self.maximumDepth }
            let holder = spec.superlayer == 0 || holders.isEmpty
                ? (layer: root, depth: 0) : holders[(spec.superlayer - 1) % holders.count]
            let layer = spec.makeLayer(in: holder.layer.bounds)
            holder.layer.addSublayer(layer)
            built.append((layer, holder.depth + 1))
        }
        return root
    }

    /// The tree's depth below the root.
    public var depth: Int {
        func depth(of layer: Layer) -> Int { 1 + (layer.sublayers.map(depth(of:)).max() ?? 0) }
        return depth(of: makeRoot()) - 1
    }

    public var description: String {
        "\(layers.count) layers on \(Int(canvas.width))×\(Int(canvas.height)) pt at \(scale)×:\n"
            + layers.enumerated().map { "  \($0.offset + 1): \($0.element)" }.joined(separator: "\n")
    }
}
