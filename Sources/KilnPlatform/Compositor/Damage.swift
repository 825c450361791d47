// Which device pixels a frame changes. Each item of the render list is compared with the same
// layer's item in the frame before: what it draws with (its content revision, transform,
// opacity, clip, content rectangle and blending, a hairline's lines) and whether it was left
// out as covered. An item that changed damages where it was drawn and where it is drawn now;
// an item that came or went damages where it is or was; particles damage where they were and
// are in every frame. Only those boxes are drawn again, each pixel of them exactly as a whole
// redraw draws it: the fast paths decide each pixel from that pixel alone. What they do not
// draw is kept whole within one box, drawn there as a whole redraw draws it: a layer pixman
// draws (pixman picks its sampling loop by whether all it composites samples inside the
// texture, so a layer cut by a box's edge can come out a level apart), a hairline, which SDL
// steps from its ends, and the particles, which SDL may blit as scaled rectangles. Items that
// changed their stacking order among themselves damage the whole canvas.
// Limits: boxes, not an exact region; many boxes are merged into fewer larger ones.
@_spi(Fuzzing) import KilnCore

extension Compositor.PixelBox {
    /// The box of `rect`'s pixels, whole pixels round it, within `limit`; `nil` when none are.
    init?(enclosing rect: Rect, within limit: Compositor.PixelBox) {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return nil }
        let box = Compositor.PixelBox(
            minX: Int(min(max(rect.minX.rounded(.down), Double(limit.minX)), Double(limit.maxX))),
            minY: Int(min(max(rect.minY.rounded(.down), Double(limit.minY)), Double(limit.maxY))),
            maxX: Int(min(max(rect.maxX.rounded(.up), Double(limit.minX)), Double(limit.maxX))),
            maxY: Int(min(max(rect.maxY.rounded(.up), Double(limit.minY)), Double(limit.maxY))))
        guard !box.isEmpty else { return nil }
        self = box
    }

    var isEmpty: Bool { maxX <= minX || maxY <= minY }
    var width: Int { maxX - minX }
    var height: Int { maxY - minY }
    var area: Int { max(0, width) * max(0, height) }

    /// Whether the two boxes share a pixel.
    func overlaps(_ other: Self) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether every pixel of `other` is in this box.
    func contains(_ other: Self) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The smallest box holding both.
    func union(_ other: Self) -> Self {
        Self(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// The box as a rectangle of device pixels.
    var rect: Rect { Rect(x: Double(minX), y: Double(minY), width: Double(width), height: Double(height)) }
}

/// Remembers what the last frame drew and finds what the next one changes.
final class DamageTracker {
    /// What an item draws with; two equal looks draw the same pixels over the same frame.
    struct Look: Equatable {
        var revision: Int
        var transform: Transform
        var opacity: Double
        var clip: ConvexPolygon?
        var contentRect: Rect
        var isAdditive: Bool
        /// Left out of the frame, as covered or off the canvas.
        var isHidden: Bool
        /// A hairline layer's lines and colour, which its content revision does not follow.
        var lines: [[Point]]?
        var lineColor: Color?
        /// Particles: they may move in any frame.
        var changesEveryFrame: Bool
    }

    /// One item of a frame: which layer's item it is, what it draws with, and the device
    /// pixels it may touch (none when it draws nothing).
    struct Item {
        /// The layer's identity and the item's kind, unique in a frame.
        var key: Int
        var look: Look
        var box: Compositor.PixelBox?
        /// Whether drawing it must never be cut by a box's edge.
        var keepsWhole: Bool
    }

    /// The frame before, or nil when the next frame must be drawn whole.
    private var previous: [Item]?
    /// Boxes to draw again in the next frame whatever it changes.
    private var pending: [Compositor.PixelBox] = []
    /// Where the layers changed in the last frame, apart from the boxes drawn again only
    /// because they were asked to be: what a view of the damage shows.
    private(set) var changedLastFrame: [Compositor.PixelBox] = []

    /// More boxes than this are merged into one: each box walks the render list again.
    static let maximumBoxes = 12

    /// Past this share of the canvas, one whole redraw costs less than the boxes.
    static let wholeShare = 0.6

    /// Forgets the last frame: the next is drawn whole.
    func reset() {
        previous = nil
        pending = []
    }

    /// Has the next frame draw `box` again, whatever changes (a debug tint drawn over it).
    func invalidate(_ box: Compositor.PixelBox) {
        pending.append(box)
    }

    /// The disjoint boxes of `canvas` that differ between the last frame and `items`, which
    /// become the last frame: `[canvas]` for a frame drawn whole, none for an unchanged one.
    func damage(for items: [Item], canvas: Compositor.PixelBox) -> [Compositor.PixelBox] {
        defer { previous = items; pending = [] }
        guard let previous else {
            changedLastFrame = [canvas]
            return [canvas]
        }
        let asked = pending
        var boxes: [Compositor.PixelBox] = []
        var before: [Int: Int] = [:]
        for (index, item) in previous.enumerated() { before[item.key] = index }
        var lastShared = -1, seen = Set<Int>()
        for item in items {
            seen.insert(item.key)
            guard let index = before[item.key] else {
                if let box = item.box { boxes.append(box) }
                continue
            }
            // Layers drawn in both frames must keep their order among themselves.
            guard index > lastShared else {
                changedLastFrame = [canvas]
                return [canvas]
            }
            lastShared = index
            let old = previous[index]
            if old.look != item.look || item.look.changesEveryFrame {
                if let box = old.box { boxes.append(box) }
                if let box = item.box { boxes.append(box) }
            }
        }
        for item in previous where !seen.contains(item.key) {
            if let box = item.box { boxes.append(box) }
        }
        let wholes = items.filter(\.keepsWhole).compactMap(\.box)
        changedLastFrame = boxes.isEmpty ? [] : Self.settle(boxes, keepingWhole: wholes, canvas: canvas)
        guard !asked.isEmpty else { return changedLastFrame }
        return Self.settle(changedLastFrame + asked, keepingWhole: wholes, canvas: canvas)
    }

    /// `boxes` made disjoint, each box of `wholes` that any of them touches lying within one
    /// of them, at most `maximumBoxes` of them; `[canvas]` when they cover most of it.
    static func settle(_ boxes: [Compositor.PixelBox], keepingWhole wholes: [Compositor.PixelBox],
                       canvas: Compositor.PixelBox) -> [Compositor.PixelBox] {
        var boxes = boxes.filter { !$0.isEmpty }
        while true {
            boxes = merged(boxes)
            if boxes.count > maximumBoxes { boxes = [boxes.dropFirst().reduce(boxes[0]) { $0.union($1) }] }
            let cut = wholes.filter { whole in
                boxes.contains { $0.overlaps(whole) } && !boxes.contains { $0.contains(whole) }
            }
            if cut.isEmpty { break }
            boxes += cut
        }
        let area = boxes.reduce(0) { $0 + $1.area }
        return Double(area) > wholeShare * Double(canvas.area) ? [canvas] : boxes
    }

    /// Overlapping boxes replaced by their union until none overlap.
    static func merged(_ boxes: [Compositor.PixelBox]) -> [Compositor.PixelBox] {
        var boxes = boxes
        var index = 0
        while index < boxes.count {
            if let other = boxes.indices.first(where: { $0 != index && boxes[$0].overlaps(boxes[index]) }) {
                let union = boxes[index].union(boxes[other])
                boxes.remove(at: max(index, other))
                boxes.remove(at: min(index, other))
                boxes.append(union)
                index = 0
            } else {
                index += 1
            }
        }
        return boxes
    }
}

extension Compositor {
    /// The item as the damage tracker sees it: the pixels it may touch on the canvas `canvas`.
    /// `asFastPaths` judges what may be cut as the offscreen fast paths draw, whatever this
    /// compositor draws with (a window's view of what an offline render would draw again).
    func damageItem(_ item: RenderItem, hidden: Bool, viewport: Viewport, canvas: PixelBox,
                    asFastPaths: Bool = false) -> DamageTracker.Item {
        let kind: Int = switch item.kind { case .content: 0; case .particles: 1; case .hairlines: 2 }
        let lines = item.hairlines
        var look = DamageTracker.Look(revision: item.contentKey.revision, transform: item.transform, opacity: item.opacity,
                                      clip: item.clip, contentRect: item.contentRect, isAdditive: item.isAdditive,
                                      isHidden: hidden, lines: lines?.polylines, lineColor: lines?.lineColor,
                                      changesEveryFrame: false)
        var box: PixelBox?
        if !hidden {
            switch item.kind {
            case .particles:
                if let emitter = item.emitter, let drawn = particles.prepare(item, of: emitter, viewport: viewport,
                                                                          canvasArea: canvas.rect) {
                    look.changesEveryFrame = true
                    box = PixelBox(enclosing: drawn.insetBy(dx: -2, dy: -2), within: canvas)
                }
            case .hairlines:
                if let lines {
                    let points = lines.polylines.flatMap { $0 }.map { viewport.devicePoint(item.transform.apply(to: $0)) }
                    if !points.isEmpty { box = PixelBox(enclosing: Rect(enclosing: points).insetBy(dx: -2, dy: -2), within: canvas) }
                }
            case .content:
                box = contentDamageBox(of: item, viewport: viewport, canvas: canvas)
            }
        }
        let exact = asFastPaths ? FastOffscreenCompositor.drawsExactlyInPart(item, viewport: viewport)
            : drawsExactlyInPart(item, viewport: viewport)
        let keepsWhole = item.kind != .content || !exact
        return DamageTracker.Item(key: item.layer.id &* 4 &+ kind, look: look, box: box, keepsWhole: keepsWhole)
    }

    /// The device pixels a content item may touch: the part of its content that would be
    /// rasterized, with the texture's margin and its bilinear reach (a few texels, which a
    /// layer rasterized coarser than shown spreads over more pixels) and an antialiased edge,
    /// within its clip.
    private func contentDamageBox(of item: RenderItem, viewport: Viewport, canvas: PixelBox) -> PixelBox? {
        let wanted = viewport.scale * Compositor.rasterFactor(for: item.transform, upTo: item.layer.isDrawnFromVectors ? 16 : 4)
        guard let plan = Self.rasterPlan(for: item, wanted: wanted, viewport: viewport, canvas: canvasClip) else { return nil }
        let pixelsPerTexel = viewport.scale * item.transform.maxScale / max(plan.scale, 1e-9)
        let margin = 2 + (5 * pixelsPerTexel).rounded(.up)
        var drawn = Rect(enclosing: plan.rect.corners.map { viewport.devicePoint(item.transform.apply(to: $0)) })
            .insetBy(dx: -margin, dy: -margin)
        // A reach too far to reckon with is the whole canvas.
        guard drawn.minX.isFinite, drawn.minY.isFinite, drawn.maxX.isFinite, drawn.maxY.isFinite else { return canvas }
        if let clip = item.clip {
            let bounds = Rect(enclosing: clip.vertices.map(viewport.devicePoint)).insetBy(dx: -2, dy: -2)
            guard let inside = drawn.intersection(bounds) else { return nil }
            drawn = inside
        }
        return PixelBox(enclosing: drawn, within: canvas)
    }
}
