import Foundation
import KilnCore

/// The panel: frame times, pressure and the keys, in the canvas's bottom-left corner.
extension HUD {
    static let contentWidth = 192.0
    static let padding = 8.0
    static let monoFamily = "DejaVu Sans Mono"
    static let panelColor = Color(hex: 0x111114)
    static let titleColor = Color(white: 1, alpha: 0.5)
    static let valueColor = Color(white: 1, alpha: 0.92)
    static let updateColor = Color(hex: 0x64D2FF)
    static let renderColor = Color(hex: 0x30D158)
    static let presentColor = Color(white: 1, alpha: 0.24)
    static let pressureColor = Color(hex: 0xFF9F0A)

    func buildPanel() {
        let width = Self.contentWidth + Self.padding * 2, height = 141.0
        panel.frame = Rect(8, canvas.height - 8 - height, width, height)
        panel.backgroundColor = Self.panelColor
        panel.cornerRadius = 10
        panel.borderColor = Color(white: 1, alpha: 0.1)
        panel.borderWidth = 0.5
        root.addSublayer(panel)
        let x = Self.padding, w = Self.contentWidth

        panel.addSublayer(title("FRAME", y: 7))
        place(frameValues, Rect(x + 40, 6, w - 40, 13), alignment: .right)
        let graph = box(Rect(x, 23, w, frameGraph.size.height))
        let budget = Layer()
        budget.frame = Rect(0, frameGraph.size.height - frameGraph.height(ofMilliseconds: 1000.0 / 60) - 0.25, w, 0.5)
        budget.backgroundColor = Color(white: 1, alpha: 0.28)
        for (bars, color) in [(updateBars, Self.updateColor), (renderBars, Self.renderColor),
                              (presentBars, Self.presentColor)] {
            bars.frame = graph.bounds
            bars.fillColor = color
            graph.addSublayer(bars)
        }
        graph.addSublayer(budget)
        buildLegend(y: 61)
        place(framesPerSecond, Rect(x + w - 60, 60, 60, 12), alignment: .right, size: 9)

        panel.addSublayer(title("PRESSURE", y: 79))
        place(pressureValue, Rect(x + 60, 78, w - 60, 13), alignment: .right)
        let pressureBox = box(Rect(x, 95, w, 22))
        pressureLine.frame = pressureBox.bounds.insetBy(dx: 0, dy: 1.5)
        pressureLine.strokeColor = Self.pressureColor
        pressureLine.lineWidth = 1.25
        pressureLine.lineJoin = .round
        pressureLine.lineCap = .round
        pressureBox.addSublayer(pressureLine)

        place(keys, Rect(x, 123, w, 12), alignment: .left, size: 9)
        keys.foregroundColor = Self.titleColor
        refreshKeys()
        lossNotice.frame = Rect(x, 122.5, w, 12)
        lossNotice.fontSize = 9
        lossNotice.fontWeight = .semibold
        lossNotice.foregroundColor = Self.pressureColor
        lossNotice.truncationMode = .middle
        lossNotice.isHidden = true
        panel.addSublayer(lossNotice)
        refreshFrames(now: 0)
        refreshPressure()
    }

    /// A small caps title at the panel's left.
    private func title(_ string: String, y: Double) -> TextLayer {
        let layer = TextLayer()
        layer.frame = Rect(Self.padding, y, 80, 12)
        layer.string = string
        layer.fontSize = 9
        layer.fontWeight = .semibold
        layer.foregroundColor = Self.titleColor
        return layer
    }

    private func place(_ layer: TextLayer, _ frame: Rect, alignment: TextAlignment, size: Double = 10) {
        layer.frame = frame
        layer.fontFamily = Self.monoFamily
        layer.fontSize = size
        layer.foregroundColor = Self.valueColor
        layer.alignmentMode = alignment
        panel.addSublayer(layer)
    }

    /// A faint rounded box that a graph draws in.
    private func box(_ frame: Rect) -> Layer {
        let layer = Layer()
        layer.frame = frame
        layer.backgroundColor = Color(white: 1, alpha: 0.06)
        layer.cornerRadius = 3
        panel.addSublayer(layer)
        return layer
    }

    /// A swatch and a word for each part of a frame's bar.
    private func buildLegend(y: Double) {
        var x = Self.padding
        for (name, color) in [("update", Self.updateColor), ("render", Self.renderColor),
                              ("present", Self.presentColor)] {
            let swatch = Layer()
            swatch.frame = Rect(x, y + 2, 6, 6)
            swatch.backgroundColor = color
            swatch.cornerRadius = 1
            panel.addSublayer(swatch)
            let label = TextLayer()
            label.frame = Rect(x + 9, y - 0.5, 50, 12)
            label.string = name
            label.fontSize = 9
            label.foregroundColor = Self.titleColor
            panel.addSublayer(label)
            x += 9 + Double(name.count) * 5.2 + 10
        }
    }

    /// Redraws the frame graph and its numbers.
    func refreshFrames(now: Double) {
        let paths = frameGraph.paths(for: frameGraph.bars(for: frames.samples, now: now))
        setPath(paths.update, of: updateBars)
        setPath(paths.render, of: renderBars)
        setPath(paths.present, of: presentBars)
        let p50 = frames.percentile(0.5).map(Self.milliseconds) ?? "–"
        let p99 = frames.percentile(0.99).map(Self.milliseconds) ?? "–"
        setString("p50 \(p50)  p99 \(p99) ms", of: frameValues)
        setString(frames.framesPerSecond.map { String(format: "%.0f fps", $0) } ?? "", of: framesPerSecond)
    }

    /// Redraws the pressure line and readout.
    func refreshPressure() {
        drawnPressureRevision = pressure.revision
        setPath(pressure.path(of: \.pressure, in: pressureLine.bounds.size), of: pressureLine)
        let latest = pressure.latest
        let value = latest?.pressure.map { String(format: "%.2f", $0) } ?? "–"
        setString("\(latest?.source ?? "none")  \(value)", of: pressureValue)
    }

    func refreshKeys() {
        // With the bounds on, a click picks the layer the Motion panel plots; off, P opens the
        // tweak panel (both are the window's).
        let bounds = showsBounds ? "F2 bounds on: click plots" : "F2 bounds   P tune"
        let speed = speedLabel.map { "  \($0)" } ?? ""
        setString("F1 hide   \(bounds)\(speed)", of: keys)
    }

    /// Milliseconds with one decimal: "16.7".
    static func milliseconds(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// Changes a text only when it differs, so an unchanged number is not rasterized again.
    func setString(_ string: String, of layer: TextLayer) {
        if layer.string != string { layer.string = string }
    }

    /// Changes a path only when it differs.
    func setPath(_ path: Path, of layer: ShapeLayer) {
        if layer.path != path { layer.path = path }
    }
}
