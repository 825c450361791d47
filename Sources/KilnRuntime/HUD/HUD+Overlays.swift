/// What the HUD draws over the scene itself: threshold guides and layer outlines, both as
/// hairlines so that following the scene every frame rasterizes nothing.
import KilnCore

extension HUD {
    static let guideColor = Color(hex: 0xFF2D95)
    static let outlineColor = Color(hex: 0x00C7FF, alpha: 0.8)
    static let guideFontSize = 9.0
    /// Dash and gap of the guides, in points.
    static let guideDash = (on: 6.0, off: 3.0)

    func buildOverlays() {
        for layer in [outlines, guideLines] {
            layer.frame = root.bounds
            root.addSublayer(layer)
        }
        outlines.lineColor = Self.outlineColor
        guideLines.lineColor = Self.guideColor
        guideLabels.frame = root.bounds
        root.addSublayer(guideLabels)
    }

    /// Draws the guides' lines and labels; called only when the guides change. Labels
    /// with the same texts are moved, not made again, so a moving guide rasterizes nothing.
    func showGuides(_ guides: [ThresholdGuide]) {
        shownGuides = guides
        guideLines.polylines = guides.flatMap {
            Self.dashes(from: $0.start, to: $0.end, on: Self.guideDash.on, off: Self.guideDash.off)
        }
        let labelled = guides.filter { !$0.label.isEmpty }
        let texts = guideLabels.sublayers.map { ($0.sublayers.first as? TextLayer)?.string ?? "" }
        if texts != labelled.map(\.label) {
            guideLabels.removeAllSublayers()
            for guide in labelled { guideLabels.addSublayer(makeLabel(for: guide)) }
        }
        for (pill, guide) in zip(guideLabels.sublayers, labelled) {
            pill.frame = Rect(origin: Self.labelOrigin(for: guide, size: pill.bounds.size), size: pill.bounds.size)
        }
    }

    /// A dark pill with the guide's label.
    private func makeLabel(for guide: ThresholdGuide) -> Layer {
        // The monospaced face's advance is 0.6 em, so the width is known without measuring.
        let size = Size((Double(guide.label.count) * Self.guideFontSize * 0.602).rounded(.up) + 8, 13)
        let pill = Layer()
        pill.bounds = Rect(origin: .zero, size: size)
        pill.backgroundColor = Self.guideColor
        pill.cornerRadius = 3
        let text = TextLayer()
        text.frame = Rect(4, 1, size.width - 4, size.height - 1)
        text.string = guide.label
        text.fontFamily = Self.monoFamily
        text.fontSize = Self.guideFontSize
        text.fontWeight = .semibold
        text.foregroundColor = .white
        pill.addSublayer(text)
        return pill
    }

    /// Right of a vertical line's top; above a horizontal line's left end.
    static func labelOrigin(for guide: ThresholdGuide, size: Size) -> Point {
        guide.isHorizontal
            ? Point(x: min(guide.start.x, guide.end.x) + 6, y: guide.start.y - size.height - 3)
            : Point(x: guide.start.x + 3, y: min(guide.start.y, guide.end.y) + 3)
    }

    /// A dashed line as one short polyline per dash, starting with a dash at `start`.
    static func dashes(from start: Point, to end: Point, on: Double, off: Double) -> [[Point]] {
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, on > 0 else { return [] }
        func point(at distance: Double) -> Point {
            Point(x: start.x + dx * distance / length, y: start.y + dy * distance / length)
        }
        var dashes: [[Point]] = []
        var distance = 0.0
        while distance < length {
            dashes.append([point(at: distance), point(at: min(distance + on, length))])
            distance += on + max(off, 0)
        }
        return dashes
    }

    /// Outlines the quads; the lines are replaced only when a layer moved.
    func showOutlines(_ quads: [[Point]]) {
        guard quads != shownQuads else { return }
        shownQuads = quads
        outlines.polylines = LayerOutlines.polylines(of: quads)
    }
}
