// Leaves out items that fall outside the canvas, and items that opaque layers drawn after
// them cover completely. A sheet or a list
// over a full-screen layer (Mailbox's edge menu under its inbox) would otherwise be blended
// in every frame for nothing: at 2× a hidden full-screen layer costs a few milliseconds.
@_spi(Fuzzing) import KilnCore

extension Compositor {
    /// For each item of `items`, whether it falls outside the canvas area or an opaque layer
    /// drawn after it covers all of it;
    /// and whether opaque layers cover the whole canvas area, so that it need not be cleared.
    static func visibility(of items: [RenderItem], viewport: Viewport,
                           canvasArea: Rect) -> (hidden: [Bool], coversCanvas: Bool) {
        var hidden = [Bool](repeating: false, count: items.count)
        var cover: [Rect] = []
        for index in items.indices.reversed() {
            let item = items[index]
            guard item.emitter == nil, item.hairlines == nil else { continue }
            // Off the canvas (a page scrolled away) or clipped to nothing: not drawn, and so
            // not rasterized either, however often its content changes.
            guard let bounds = deviceBounds(of: item, viewport: viewport),
                  bounds.insetBy(dx: -1, dy: -1).intersection(canvasArea) != nil else {
                hidden[index] = true
                continue
            }
            if cover.contains(where: { $0.contains(bounds) }) {
                hidden[index] = true
                continue
            }
            cover += opaqueRects(of: item, viewport: viewport)
            if cover.count > maximumCovers {
                cover.sort { $0.width * $0.height > $1.width * $1.height }
                cover.removeLast(cover.count - maximumCovers)
            }
        }
        return (hidden, cover.contains { $0.contains(canvasArea) })
    }

    /// Enough to hold a scene's sheets and rows, few enough to keep the test cheap.
    private static let maximumCovers = 16

    /// Where the item can draw, in device pixels: its content, within its clip.
    private static func deviceBounds(of item: RenderItem, viewport: Viewport) -> Rect? {
        var box = Rect(enclosing: item.contentRect.corners.map { viewport.devicePoint(item.transform.apply(to: $0)) })
        if let clip = item.clip {
            guard let clipped = box.intersection(Rect(enclosing: clip.vertices.map(viewport.devicePoint))) else {
                return nil
            }
            box = clipped
        }
        return box
    }

    /// The device pixels that the item's opaque background surely fills, as whole pixels:
    /// its bounds less the rounded corners (as two overlapping rectangles), within a
    /// rectangular clip. None for a translucent or rotated item, or another clip.
    private static func opaqueRects(of item: RenderItem, viewport: Viewport) -> [Rect] {
        let layer = item.layer, t = item.transform
        guard let background = layer.backgroundColor, background.alpha >= 1, item.opacity >= 1, !item.isAdditive,
              t.b == 0, t.c == 0 else { return [] }
        var clip: Rect?
        if let polygon = item.clip {
            guard let rectangle = rectangularClip(polygon, viewport: viewport) else { return [] }
            clip = rectangle
        }
        let r = layer.cornerRadius
        let bounds = layer.bounds
        return [bounds.insetBy(dx: r, dy: 0), bounds.insetBy(dx: 0, dy: r)].compactMap { local in
            guard local.width > 0, local.height > 0 else { return nil }
            var box = Rect(enclosing: local.corners.map { viewport.devicePoint(t.apply(to: $0)) })
            if let clip {
                guard let inside = box.intersection(clip) else { return nil }
                box = inside
            }
            let x0 = box.minX.rounded(.up), y0 = box.minY.rounded(.up)
            let x1 = box.maxX.rounded(.down), y1 = box.maxY.rounded(.down)
            return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
        }
    }

    /// A clip in device pixels when it is an upright rectangle, `nil` for any other shape.
    static func rectangularClip(_ clip: ConvexPolygon, viewport: Viewport) -> Rect? {
        snappedRectangle(clip.vertices).map { Rect(enclosing: $0.map(viewport.devicePoint)) }
    }
}

extension Rect {
    /// Whether `other` lies within this rectangle, edges included.
    func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }
}
