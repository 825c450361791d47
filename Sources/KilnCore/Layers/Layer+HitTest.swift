extension Layer {
    /// The frontmost visible layer under `p`, given in this layer's superlayer's coordinates
    /// (for the root: the canvas), through every transform; `nil` when nothing is hit.
    ///
    /// Layers that mask to bounds hide their sublayers outside them; hidden layers and
    /// layers faded to nothing are not hit, as in Core Animation.
    public func hitTest(_ p: Point) -> Layer? {
        guard isHitTestable, !isHidden, opacity > 0.01,
              let local = transformToSuperlayer.inverted()?.apply(to: p) else { return nil }
        if masksToBounds && !containsPoint(local) { return nil }
        for sublayer in sublayersInDrawingOrder.reversed() {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return containsPoint(local) ? self : nil
    }

    /// Hit testing from the root, with `p` in canvas coordinates.
    public func hitTest(canvasPoint p: Point) -> Layer? {
        superlayer == nil ? hitTest(p) : hitTest(superlayer!.convert(p, from: nil))
    }

    /// Whether this layer is `other` or lies inside its subtree.
    public func isDescendant(of other: Layer) -> Bool {
        var layer: Layer? = self
        while let l = layer {
            if l === other { return true }
            layer = l.superlayer
        }
        return false
    }
}
