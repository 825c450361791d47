/// The HUD's Motion panel: the picked layer's name over its motion graph, a row for each
/// of position, scale, rotation and opacity with the latest value at the left and the
/// row's range at the right, two seconds across. It sits above the HUD's main panel, as
/// wide as the canvas allows, so a frame's dots stand apart.
import KilnCore

final class MotionPanel {
    static let rowHeight = 24.0
    static let rowGap = 6.0
    static let labelWidth = 54.0
    static let rangeWidth = 46.0
    static let top = 24.0
    static let colors: [MotionGraph.Quantity: Color] = [
        .position: Color(hex: 0x64D2FF), .scale: Color(hex: 0x30D158),
        .rotation: Color(hex: 0xBF5AF2), .opacity: Color(hex: 0xFF9F0A),
    ]

    /// One row's layers.
    struct Row {
        let label = TextLayer()
        let value = TextLayer()
        let maximum = TextLayer()
        let minimum = TextLayer()
        /// A line and its dots for x (or the only value), and for scale's y.
        let lines = [ShapeLayer(), ShapeLayer()]
        let dots = [ShapeLayer(), ShapeLayer()]
    }

    /// The panel, hidden until a layer is picked.
    let layer = Layer()
    let name = TextLayer()
    let rows: [Row]
    let graph: MotionGraph

    /// A panel for a canvas `canvas` large, at its top left until placed.
    init(canvas: Size) {
        let width = min(canvas.width - 4 * HUD.padding, 360)
        graph = MotionGraph(size: Size(width - Self.labelWidth - Self.rangeWidth, Self.rowHeight))
        rows = MotionGraph.Quantity.allCases.map { _ in Row() }
        let height = Self.top + Double(rows.count) * (Self.rowHeight + Self.rowGap) + 14
        layer.frame = Rect(HUD.padding, HUD.padding, width + 2 * HUD.padding, height)
        layer.backgroundColor = HUD.panelColor
        layer.cornerRadius = 10
        layer.borderColor = Color(white: 1, alpha: 0.1)
        layer.borderWidth = 0.5
        layer.isHidden = true
        build(width: width)
    }

    /// Moves the panel so its bottom edge is at `bottom`.
    func place(bottom: Double) {
        layer.position.y = bottom - layer.bounds.height / 2
    }

    private func build(width: Double) {
        let x = HUD.padding
        text(Rect(x, 7, 80, 12), "MOTION", size: 9, color: HUD.titleColor, bold: true)
        configure(name, Rect(x + 60, 6, width - 60, 13), size: 10, color: HUD.valueColor, alignment: .right)
        name.fontFamily = HUD.monoFamily
        name.truncationMode = .middle
        let boxX = x + Self.labelWidth
        for (row, quantity) in zip(rows, MotionGraph.Quantity.allCases) {
            let y = Self.top + Double(quantity.rawValue) * (Self.rowHeight + Self.rowGap)
            let color = Self.colors[quantity]!
            configure(row.label, Rect(x, y - 1, Self.labelWidth - 4, 12), size: 9, color: color, bold: true)
            configure(row.value, Rect(x, y + 12, Self.labelWidth - 4, 12), size: 9, color: HUD.valueColor)
            let rangeX = x + width - Self.rangeWidth + 2
            configure(row.maximum, Rect(rangeX, y - 1.5, Self.rangeWidth - 2, 11), size: 8.5,
                      color: HUD.titleColor, alignment: .right)
            configure(row.minimum, Rect(rangeX, y + Self.rowHeight - 9.5, Self.rangeWidth - 2, 11), size: 8.5,
                      color: HUD.titleColor, alignment: .right)
            for text in [row.value, row.maximum, row.minimum] { text.fontFamily = HUD.monoFamily }
            let box = Layer()
            box.frame = Rect(boxX, y, graph.size.width, graph.size.height)
            box.backgroundColor = Color(white: 1, alpha: 0.06)
            box.cornerRadius = 3
            layer.addSublayer(box)
            addSecondTicks(to: box)
            for (i, (line, dots)) in zip(row.lines, row.dots).enumerated() {
                let shade = i == 0 ? color : color.withAlpha(0.55)
                line.frame = box.bounds
                line.strokeColor = shade.withAlpha(shade.alpha * 0.55)
                line.lineWidth = 1
                line.lineJoin = .round
                dots.frame = box.bounds
                dots.fillColor = shade
                box.addSublayer(line)
                box.addSublayer(dots)
            }
        }
        let axisY = layer.bounds.height - 15
        for (label, fraction) in [("−2 s", 0.0), ("−1 s", 0.5), ("now", 1.0)] {
            let alignment: TextAlignment = fraction == 0 ? .left : (fraction == 1 ? .right : .center)
            let left = boxX + graph.size.width * fraction - (fraction == 0 ? 0 : (fraction == 1 ? 40 : 20))
            text(Rect(left, axisY, 40, 11), label, size: 8.5, color: HUD.titleColor, alignment: alignment)
        }
    }

    /// Faint lines every half second, so a settle's time can be read off.
    private func addSecondTicks(to box: Layer) {
        for tick in 1..<Int(graph.span * 2) {
            let line = Layer()
            line.frame = Rect(graph.x(ofTime: Double(tick) / 2, now: graph.span) - 0.25, 0, 0.5, box.bounds.height)
            line.backgroundColor = Color(white: 1, alpha: tick % 2 == 0 ? 0.12 : 0.06)
            box.addSublayer(line)
        }
    }

    @discardableResult
    private func text(_ frame: Rect, _ string: String, size: Double, color: Color, bold: Bool = false,
                      alignment: TextAlignment = .left) -> TextLayer {
        let layer = TextLayer()
        configure(layer, frame, size: size, color: color, bold: bold, alignment: alignment)
        layer.string = string
        return layer
    }

    private func configure(_ text: TextLayer, _ frame: Rect, size: Double, color: Color, bold: Bool = false,
                           alignment: TextAlignment = .left) {
        text.frame = frame
        text.fontSize = size
        text.fontWeight = bold ? .semibold : .regular
        text.foregroundColor = color
        text.alignmentMode = alignment
        layer.addSublayer(text)
    }

    /// Shows `history` of the layer called `title`, or hides the panel for `nil`.
    func show(_ history: MotionHistory?, title: String) {
        guard let history else {
            layer.isHidden = true
            return
        }
        layer.isHidden = false
        set(title, of: name)
        let samples = history.samples
        let times = samples.map(\.time)
        let now = times.last ?? 0
        for (row, plotted) in zip(rows, MotionGraph.rows(for: samples)) {
            let quantity = plotted.quantity
            set(plotted.label, of: row.label)
            set(plotted.latest.map(quantity.format) ?? "–", of: row.value)
            set(samples.isEmpty ? "" : quantity.format(plotted.maximum), of: row.maximum)
            set(samples.isEmpty || plotted.isFlat ? "" : quantity.format(plotted.minimum), of: row.minimum)
            for (i, (line, dots)) in zip(row.lines, row.dots).enumerated() {
                let points = i < plotted.lines.count
                    ? graph.points(of: plotted.lines[i], in: plotted, times: times, now: now) : []
                set(MotionGraph.line(through: points), of: line)
                set(MotionGraph.dots(at: points), of: dots)
            }
        }
    }

    private func set(_ string: String, of text: TextLayer) {
        if text.string != string { text.string = string }
    }

    private func set(_ path: Path, of shape: ShapeLayer) {
        if shape.path != path { shape.path = path }
    }
}
