import Foundation
@_spi(Fuzzing) import KilnCore

/// A colour's swatches and picker, and a spring's step response.
extension TweakPanelView {
    /// The swatch (or the row of swatches) and its hex box; with the field focused, the
    /// picker's hue, saturation, brightness and alpha sliders below.
    func colorRows(_ knobs: [Int], field: TuningProfile.Field, panel: TweakPanel, expanded: Bool, at top: Double) -> Double {
        var y = top
        let colors: [Color]
        switch panel.values[field.key] {
        case .string(let hex): colors = [Color(hexString: hex) ?? .clear]
        case .array(let items): colors = items.map { if case .string(let hex) = $0 { Color(hexString: hex) ?? .clear } else { .clear } }
        default: colors = []
        }
        let picked = panel.swatches[field.key] ?? 0
        let swatchKnob = knobs.first { panel.knobs[$0].part == .swatch }
        if let swatchKnob, panel.focus == swatchKnob {
            focusBackground(Rect(Self.padding - 6, y - 1, Self.contentWidth + 12, 22))
        }
        let size = colors.count > 1 ? min(26, (Self.contentWidth - Self.boxWidth - 12) / Double(colors.count) - 4) : 40
        for (index, color) in colors.enumerated() {
            let frame = Rect(Self.padding + Double(index) * (size + 4), y + 1, size, 18)
            checkerboard(frame)
            let swatch = Layer()
            swatch.frame = frame
            swatch.cornerRadius = 4
            swatch.backgroundColor = color
            swatch.borderColor = colors.count > 1 && index == picked ? Color.white : Color(white: 1, alpha: 0.25)
            swatch.borderWidth = colors.count > 1 && index == picked ? 2 : 0.5
            content.addSublayer(swatch)
            if let swatchKnob { targets.append((frame, .swatch(knob: swatchKnob, index: index))) }
        }
        let hexKnob = knobs.first { panel.knobs[$0].part == .hex }!
        box(hexKnob, panel: panel, at: Rect(Self.width - Self.padding - Self.boxWidth, y + 1, Self.boxWidth, 18), unit: nil)
        for knob in knobs { knobFrames[knob] = Rect(0, y, Self.width, 20) }
        y += 24
        guard expanded, let color = panel.color(of: panel.knobs[hexKnob]) else { return y }
        let hsb = panel.picker(of: panel.knobs[hexKnob]) ?? HSBColor(color)
        for knob in knobs {
            let part = panel.knobs[knob].part
            let track: [Color]
            let label: String
            switch part {
            case .hue:
                label = "hue"
                track = stride(from: 0.0, through: 360, by: 60).map { HSBColor(hue: $0, saturation: 1, brightness: 1, alpha: 1).color }
            case .saturation:
                label = "saturation"
                track = [0.0, 1].map { HSBColor(hue: hsb.hue, saturation: $0, brightness: hsb.brightness, alpha: 1).color }
            case .brightness:
                label = "brightness"
                track = [0.0, 1].map { HSBColor(hue: hsb.hue, saturation: hsb.saturation, brightness: $0, alpha: 1).color }
            case .alpha:
                label = "alpha"
                track = [color.withAlpha(0), color.withAlpha(1)]
            default:
                continue
            }
            y = sliderRow(knob, label: label, panel: panel, at: y, unit: part == .hue ? "°" : nil, track: track)
        }
        return y
    }

    /// Light and dark squares behind a swatch, so its alpha shows.
    private func checkerboard(_ frame: Rect) {
        let back = Layer()
        back.frame = frame
        back.cornerRadius = 4
        back.masksToBounds = true
        back.backgroundColor = Color(white: 0.85)
        let squares = ShapeLayer()
        squares.frame = back.bounds
        var path = Path()
        let side = 6.0
        for row in 0..<Int((frame.height / side).rounded(.up)) {
            for column in 0..<Int((frame.width / side).rounded(.up)) where (row + column) % 2 == 0 {
                path.addPath(Path(rect: Rect(Double(column) * side, Double(row) * side, side, side)))
            }
        }
        squares.path = path
        squares.fillColor = Color(white: 0.6)
        back.addSublayer(squares)
        content.addSublayer(back)
    }

    /// A spring's step response from rest at 0 to 1, over the time it takes to settle, with
    /// the target as a line and the settling time written beside it.
    func springPlot(_ key: String, panel: TweakPanel, at top: Double) -> Double {
        let height = 50.0
        let frame = Rect(Self.padding + 62, top + 2, Self.contentWidth - 62, height)
        let back = Layer()
        back.frame = frame
        back.cornerRadius = 4
        back.backgroundColor = Color(white: 1, alpha: 0.05)
        content.addSublayer(back)
        guard case .table(let members) = panel.values[key],
              case .number(let ratio) = members.first(where: { $0.key == "damping_ratio" })?.value,
              case .number(let response) = members.first(where: { $0.key == "response" })?.value else { return top + height + 6 }
        let spring = Spring(dampingRatio: ratio, response: response)
        let duration = min(4, max(0.2, ratio > 0 ? spring.settlingDuration : 4))
        let samples = (0...120).map { index -> (Double, Double) in
            let t = duration * Double(index) / 120
            return (t, spring.value(at: t))
        }
        let highest = max(1.15, samples.map(\.1).max() ?? 1), lowest = min(0, samples.map(\.1).min() ?? 0)
        func point(_ t: Double, _ v: Double) -> Point {
            Point(t / duration * (frame.width - 8) + 4, 4 + (highest - v) / (highest - lowest) * (height - 8))
        }
        let target = ShapeLayer()
        target.frame = back.bounds
        var line = Path()
        line.move(to: point(0, 1))
        line.addLine(to: point(duration, 1))
        target.path = line
        target.strokeColor = Color(white: 1, alpha: 0.3)
        target.lineWidth = 0.75
        target.lineDashPattern = [3, 3]
        back.addSublayer(target)
        let curve = ShapeLayer()
        curve.frame = back.bounds
        var path = Path()
        path.move(to: point(0, samples[0].1))
        for (t, v) in samples.dropFirst() { path.addLine(to: point(t, v)) }
        curve.path = path
        curve.strokeColor = Self.accent
        curve.lineWidth = 1.5
        curve.lineJoin = .round
        back.addSublayer(curve)
        let settle = ratio > 0 ? String(format: "settles in %.2f s", spring.settlingDuration) : "never settles"
        text("plot:\(key)", "step", at: Rect(Self.padding, top + 4, 56, 13), size: 10, color: Self.dim, in: content)
        text("settle:\(key)", settle, at: Rect(frame.minX + 4, top + height - 12, frame.width - 8, 12), size: 9,
             color: Self.dim, in: content, alignment: .right)
        return top + height + 6
    }
}
