/// What the HUD draws over the scene itself: threshold guides and layer outlines.
extension HUD {
    static let guideColor = Color(hex: 0xFF2D95)
    static let outlineColor = Color(hex: 0x00C7FF, alpha: 0.75)
    static let guideFontSize = 9.0

    func buildOverlays() {
        for layer in [outlines, guideLines] {
            layer.frame = root.bounds
            root.addSublayer(layer)
        }
        outlines.strokeColor = Self.outlineColor
        outlines.lineWidth = 0.75
        guideLines.strokeColor = Self.guideColor
        guideLines.lineWidth = 1
        guideLines.lineDashPattern = [5, 3]
        guideLabels.frame = root.bounds
        root.addSublayer(guideLabels)
    }

    /// Draws the guides' lines and labels; called only when the guides change.
    func showGuides(_ guides: [ThresholdGuide]) {
        shownGuides = guides
        var path = Path()
        for guide in guides {
            path.move(to: guide.start)
            path.addLine(to: guide.end)
        }
        guideLines.path = path
        guideLabels.removeAllSublayers()
        for guide in guides where !guide.label.isEmpty {
            guideLabels.addSublayer(makeLabel(for: guide))
        }
    }

    /// A dark pill with the guide's label: right of a vertical line's top, above a
    /// horizontal line's left end.
    private func makeLabel(for guide: ThresholdGuide) -> Layer {
        // The monospaced face's advance is 0.6 em, so the width is known without measuring.
        let size = Size(Double(guide.label.count) * Self.guideFontSize * 0.602 + 8, 13)
        let origin = guide.isHorizontal
            ? Point(x: min(guide.start.x, guide.end.x) + 6, y: guide.start.y - size.height - 3)
            : Point(x: guide.start.x + 3, y: min(guide.start.y, guide.end.y) + 3)
        let pill = Layer()
        pill.frame = Rect(origin: origin, size: size)
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

    /// Outlines the quads; the path is rebuilt only when a layer moved.
    func showOutlines(_ quads: [[Point]]) {
        guard quads != shownQuads else { return }
        shownQuads = quads
        outlines.path = LayerOutlines.path(of: quads)
    }
}
