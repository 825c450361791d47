import Foundation
import Kiln

extension PressureScene {
    /// Size of the HUD's graph in points.
    static let graphSize = Size(96, 40)

    /// A small panel in the bottom-left corner: the pressure's source, its raw and normalized
    /// values, and a live graph of both (P7).
    func buildHUD() {
        hud.name = "hud"
        hud.frame = Rect(16, canvas.height - 76, 224, 60)
        hud.backgroundColor = Color(white: 1, alpha: 0.07)
        hud.cornerRadius = 10
        hud.isHitTestable = false
        hud.zPosition = 10
        hudSource.frame = Rect(10, 8, 106, 16)
        hudSource.fontSize = 11
        hudSource.fontWeight = .semibold
        hudSource.foregroundColor = Color(white: 1, alpha: 0.75)
        hudSource.fontFamily = "DejaVu Sans Mono"
        hudSource.truncationMode = .end
        hud.addSublayer(hudSource)
        hudValues.frame = Rect(10, 26, 106, 28)
        hudValues.isWrapped = true
        hudValues.fontSize = 10
        hudValues.foregroundColor = PhotoPalette.secondaryLabel
        hudValues.fontFamily = "DejaVu Sans Mono"
        hud.addSublayer(hudValues)

        let size = Self.graphSize
        let graphFrame = Rect(hud.bounds.width - size.width - 10, 10, size.width, size.height)
        let baseline = Layer.make(frame: Rect(graphFrame.minX, graphFrame.maxY, size.width, 0.5),
                                  color: Color(white: 1, alpha: 0.18))
        hud.addSublayer(baseline)
        for layer in [graphLimit, graphIntention, graphPressure] {
            layer.frame = graphFrame
            layer.lineJoin = .round
            layer.lineCap = .round
            hud.addSublayer(layer)
        }
        // The full-press line: where the pressure saturates the intention.
        var limit = Path()
        let y = size.height * (1 - min(tuning.fullPress, 1))
        limit.move(to: Point(0, y))
        limit.addLine(to: Point(size.width, y))
        graphLimit.path = limit
        graphLimit.strokeColor = Color(white: 1, alpha: 0.25)
        graphLimit.lineWidth = 0.5
        graphLimit.lineDashPattern = [2, 2]
        graphPressure.strokeColor = Color(hex: 0x64D2FF)
        graphPressure.lineWidth = 1
        graphIntention.strokeColor = .white
        graphIntention.lineWidth = 1.5
        root.addSublayer(hud)
        showHUDText()
    }

    /// Samples this frame and redraws what changed.
    func updateHUD() {
        let pressure = isTracking ? model.pressure : nil
        graph.append(PressureSample(time: now, pressure: pressure, source: pressSource ?? "none",
                                    response: isTracking ? model.intention : 0))
        showHUDText()
        // At rest the graph is empty, so an idle scene draws nothing new.
        let size = Self.graphSize, isFlat = graph.isFlat
        setPath(isFlat ? Path() : graph.path(of: \.pressure, in: size), on: graphPressure)
        setPath(isFlat ? Path() : graph.path(of: \.response, in: size), on: graphIntention)
    }

    /// The HUD's lines: the source and both values; dashes when there is nothing to show.
    private func showHUDText() {
        let source = pressSource ?? latestEvent.map { $0.pressureSource ?? ($0.device == .mouse ? "timed" : $0.device.rawValue) }
        let sourceText = "source " + (source ?? "—")
        let raw = isTracking ? model.pressure.map { String(format: "%.3f", $0) } ?? "—" : "—"
        let normalized = isTracking ? String(format: "%.2f", model.intention) : "—"
        let valuesText = "raw  \(raw)\nnorm \(normalized)"
        if hudSource.string != sourceText { hudSource.string = sourceText }
        if hudValues.string != valuesText { hudValues.string = valuesText }
    }

    /// Assigns a path only when it differs, so a still graph is not drawn again.
    private func setPath(_ path: Path, on layer: ShapeLayer) {
        if layer.path != path { layer.path = path }
    }
}
