/// Identifies one rasterization of a layer's content: it changes exactly when the content does.
@_spi(Fuzzing) public struct ContentKey: Hashable, Sendable {
    /// The layer's identity, unique in the process.
    public var layerID: Int
    /// Counts the layer's content changes: a new revision is rasterized again.
    public var revision: Int

    /// The key of `layerID`'s content at `revision`.
    public init(layerID: Int, revision: Int) {
        self.layerID = layerID
        self.revision = revision
    }
}

/// One thing to draw: a layer's content as a transformed quad, or an emitter's particles.
@_spi(Fuzzing) public struct RenderItem {
    /// What an item draws.
    public enum Kind: Hashable, Sendable {
        /// The layer's rasterized content.
        case content
        /// The particles of an `EmitterLayer`, in the layer's coordinates.
        case particles
        /// The polylines of a `HairlineLayer`, in the layer's coordinates.
        case hairlines
    }

    /// The layer whose content this is; the rasterizer reads it on a cache miss.
    public let layer: Layer
    /// Which cached rasterization of the layer's content this item draws.
    public let contentKey: ContentKey
    /// Maps the layer's own coordinates to the canvas.
    public let transform: Transform
    /// The product of the opacities down the tree.
    public let opacity: Double
    /// The region, in canvas points, outside which nothing of this item shows.
    public let clip: ConvexPolygon?
    /// The part of the layer's coordinates that the content covers (bounds plus outset).
    public let contentRect: Rect
    /// Add to what is behind instead of covering it.
    public let isAdditive: Bool
    /// Content or particles.
    public var kind: Kind = .content

    /// The emitter whose particles this item draws; `nil` for content items.
    public var emitter: EmitterLayer? {
        kind == .particles ? layer as? EmitterLayer : nil
    }

    /// The hairline layer whose lines this item draws; `nil` for other items.
    public var hairlines: HairlineLayer? {
        kind == .hairlines ? layer as? HairlineLayer : nil
    }
}

/// The layer tree flattened, back to front, into the items the compositor draws.
@_spi(Fuzzing) public struct RenderList {
    /// The items in drawing order, back to front.
    public private(set) var items: [RenderItem] = []

    /// An empty list.
    public init() {}

    /// Flattens the tree under `root` (the root's own position and transform apply).
    public init(root: Layer) {
        append(root, parentTransform: .identity, parentOpacity: 1, clip: nil)
    }

    /// Flattens several trees, each drawn over the ones before it (a scene, then overlays).
    public init(roots: [Layer]) {
        for root in roots { append(root, parentTransform: .identity, parentOpacity: 1, clip: nil) }
    }

    /// Every layer identity that has an item, for pruning caches.
    public var layerIDs: Set<Int> { Set(items.map(\.layer.id)) }

    /// Appends `layer` and its sublayers. Under a mask that leaves nothing (`clip` empty) only
    /// hairlines are drawn, since they ignore clipping.
    private mutating func append(_ layer: Layer, parentTransform: Transform,
                                 parentOpacity: Double, clip: ConvexPolygon?) {
        let opacity = parentOpacity * max(0, min(1, layer.opacity))
        guard !layer.isHidden, opacity > 0.001 else { return }
        let transform = layer.transformToSuperlayer.concatenating(parentTransform)
        guard transform.determinant != 0 else { return }
        let clippedAway = clip?.isEmpty == true
        if layer.hasContent, !clippedAway {
            items.append(RenderItem(
                layer: layer,
                contentKey: ContentKey(layerID: layer.id, revision: layer.contentRevision),
                transform: transform, opacity: opacity, clip: clip,
                contentRect: layer.contentBounds,
                isAdditive: layer.isAdditive))
        }
        if let emitter = layer as? EmitterLayer, !clippedAway {
            // Particles are drawn over the layer's own content, under its sublayers.
            items.append(RenderItem(
                layer: emitter, contentKey: ContentKey(layerID: emitter.id, revision: emitter.contentRevision),
                transform: transform, opacity: opacity, clip: clip, contentRect: emitter.bounds,
                isAdditive: emitter.renderMode == .additive, kind: .particles))
        }
        if let lines = layer as? HairlineLayer, !lines.polylines.isEmpty {
            items.append(RenderItem(
                layer: lines, contentKey: ContentKey(layerID: lines.id, revision: lines.contentRevision),
                transform: transform, opacity: opacity, clip: clip, contentRect: lines.bounds,
                isAdditive: false, kind: .hairlines))
        }
        guard !layer.sublayers.isEmpty else { return }
        var childClip = clip
        if layer.masksToBounds {
            let own = ConvexPolygon(roundedRect: layer.bounds, cornerRadius: layer.cornerRadius)
                .applying(transform)
            childClip = clip.map { $0.intersection(own) } ?? own
        }
        for sublayer in layer.sublayersInDrawingOrder {
            append(sublayer, parentTransform: transform, parentOpacity: opacity, clip: childClip)
        }
    }
}
