// Where an upright layer drawn at the scale it was rasterized at lands: on whole device
// pixels, in every renderer. Its texture then maps pixel for pixel onto the frame, so text
// and edges stay as crisp as Cairo drew them, and the window, the offline general path and
// the offline fast paths place it on the same pixels instead of each rounding its own way.
@_spi(Fuzzing) import KilnCore

extension Compositor {
    /// Maps an item's own coordinates to device pixels as its texture is placed.
    struct Placement {
        /// The whole device pixel where the texture's top-left corner lands, for a texture
        /// mapped pixel for pixel; `nil` when the texture is drawn through `transform`.
        var pixelOrigin: Point?
        /// The item's own coordinates to device pixels, unaligned.
        var transform: Transform
        /// The texture's pixels per unit of the item's own coordinates, across and down.
        var texelsPerUnit: (x: Double, y: Double)
        /// The item's coordinates where the texture starts.
        var localOrigin: Point

        /// Where a point in the item's own coordinates is drawn.
        func devicePoint(_ p: Point) -> Point {
            guard let origin = pixelOrigin else { return transform.apply(to: p) }
            return Point(x: origin.x + (p.x - localOrigin.x) * texelsPerUnit.x,
                         y: origin.y + (p.y - localOrigin.y) * texelsPerUnit.y)
        }
    }

    /// How `item`, whose texture is `entry`, is placed in `viewport`: pixel for pixel on whole
    /// device pixels when it is drawn upright and its texture is under half a pixel larger or
    /// smaller than it is drawn (at the scale it was rasterized at, or a spring settling
    /// towards it), through its transform otherwise.
    static func placement(of item: RenderItem, entry: Entry, viewport: Viewport) -> Placement {
        let t = item.transform
        let toDevice = t.concatenating(Transform(a: viewport.scale, b: 0, c: 0, d: viewport.scale,
                                                 tx: viewport.offset.x, ty: viewport.offset.y))
        let local = entry.localRect
        let texels = (x: Double(entry.width) / local.width, y: Double(entry.height) / local.height)
        var placement = Placement(pixelOrigin: nil, transform: toDevice, texelsPerUnit: texels, localOrigin: local.origin)
        guard t.b == 0, t.c == 0, t.a > 0, t.d > 0, entry.width > 0, entry.height > 0,
              abs(toDevice.a * local.width - Double(entry.width)) < 0.5,
              abs(toDevice.d * local.height - Double(entry.height)) < 0.5 else { return placement }
        let origin = toDevice.apply(to: local.origin)
        placement.pixelOrigin = Point(x: origin.x.rounded(), y: origin.y.rounded())
        return placement
    }
}
