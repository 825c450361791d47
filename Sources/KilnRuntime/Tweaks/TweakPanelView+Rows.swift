import Foundation
@_spi(Fuzzing) import KilnCore

/// One field's row: its marks, name and description, and its controls.
extension TweakPanelView {
    static var contentWidth: Double { width - 2 * padding }
    static let boxWidth = 74.0

    /// Draws field `index` from `y` down; returns where the next row starts.
    func row(of index: Int, in panel: TweakPanel, at top: Double) -> Double {
        let field = panel.fields[index]
        let knobs = panel.knobs.indices.filter { panel.knobs[$0].field == index }
        let hasFocus = panel.focused?.field == index
        var y = top
        let leaf = String(field.key.split(separator: ".").last ?? "")
        if panel.isUnsaved(field.key) {
            dot(Rect(Self.padding - 8, y + 5, 5, 5), color: Self.unsavedColor)
        }
        let changed = panel.isChanged(field.key)
        text("name:\(field.key)", leaf.replacingOccurrences(of: "_", with: " "), at: Rect(Self.padding, y, Self.contentWidth - 90, 15),
             size: 12, weight: changed ? .semibold : .regular, color: changed ? Self.bright : Color(white: 1, alpha: 0.78), in: content)
        if changed {
            text("reset:\(field.key)", "↺ default", at: Rect(Self.width - Self.padding - 60, y + 1, 60, 13), size: 10,
                 color: Self.accent, in: content, alignment: .right)
            targets.append((Rect(Self.width - Self.padding - 60, y - 2, 60, 18), .reset(key: field.key)))
        }
        if case .bool = field.kind, let knob = knobs.first {
            toggle(knob, on: panel.values[field.key] == .bool(true), at: Point(Self.width - Self.padding - (changed ? 100 : 34), y - 2),
                   focused: panel.focus == knob)
        }
        y += 16
        let help = field.help.replacingOccurrences(of: "\n", with: " ")
        text("help:\(field.key)", help, at: Rect(Self.padding, y, Self.contentWidth, 13), size: 9.5,
             color: Color(white: 1, alpha: 0.45), in: content, truncates: true)
        y += 17
        switch field.kind {
        case .number, .integer:
            y = sliderRow(knobs[0], label: nil, panel: panel, at: y, unit: field.unit)
        case .bool:
            knobFrames[knobs[0]] = Rect(0, top, Self.width, y - top)
        case .choice(let options):
            y = choices(knobs[0], options: options, selected: panel.values[field.key], focused: panel.focus == knobs[0], at: y)
        case .spring:
            y = sliderRow(knobs[0], label: "damping", panel: panel, at: y, unit: nil)
            y = sliderRow(knobs[1], label: "response", panel: panel, at: y, unit: "s")
            y = springPlot(field.key, panel: panel, at: y)
        case .color, .colors:
            y = colorRows(knobs, field: field, panel: panel, expanded: hasFocus, at: y)
        }
        return y + 8
    }

    /// A slider with its label on the left (if any) and its box on the right.
    func sliderRow(_ knob: Int, label: String?, panel: TweakPanel, at y: Double, unit: String?,
                   track colors: [Color]? = nil) -> Double {
        let focused = panel.focus == knob
        let height = 20.0
        knobFrames[knob] = Rect(0, y, Self.width, height)
        if focused { focusBackground(Rect(Self.padding - 6, y - 1, Self.contentWidth + 12, height + 2)) }
        var minX = Self.padding + 6
        if let label {
            text("label:\(knob)", label, at: Rect(Self.padding, y + 3, 56, 13), size: 10, color: Self.dim, in: content)
            minX = Self.padding + 62
        }
        let maxX = Self.width - Self.padding - Self.boxWidth - 14
        let fraction = panel.fraction(of: panel.knobs[knob]) ?? 0
        let mid = y + height / 2
        if let colors {
            let gradient = GradientLayer()
            gradient.frame = Rect(minX, mid - 3, maxX - minX, 6)
            gradient.colors = colors
            gradient.startPoint = Point(0, 0.5)
            gradient.endPoint = Point(1, 0.5)
            gradient.cornerRadius = 3
            content.addSublayer(gradient)
        } else {
            bar(Rect(minX, mid - 2, maxX - minX, 4), color: Color(white: 1, alpha: 0.16))
            bar(Rect(minX, mid - 2, (maxX - minX) * fraction, 4), color: focused ? Self.accent : Color(white: 1, alpha: 0.55))
        }
        let thumb = Layer()
        thumb.frame = Rect(minX + (maxX - minX) * fraction - 7, mid - 7, 14, 14)
        thumb.cornerRadius = 7
        thumb.backgroundColor = Color(white: 0.96)
        thumb.borderColor = focused ? Self.accent : Color(white: 0, alpha: 0.3)
        thumb.borderWidth = focused ? 2.5 : 0.5
        content.addSublayer(thumb)
        targets.append((Rect(minX - 7, y, maxX - minX + 14, height), .slider(knob: knob, minX: minX, maxX: maxX)))
        box(knob, panel: panel, at: Rect(Self.width - Self.padding - Self.boxWidth, y + 1, Self.boxWidth, height - 2), unit: unit)
        return y + height + 3
    }

    /// A box showing a control's text, or what is being typed into it.
    func box(_ knob: Int, panel: TweakPanel, at frame: Rect, unit: String?) {
        let typing = panel.focus == knob ? panel.typing : nil
        let back = Layer()
        back.frame = frame
        back.cornerRadius = 4
        back.backgroundColor = Color(white: 1, alpha: typing == nil ? 0.07 : 0.14)
        if typing != nil {
            back.borderColor = Self.accent
            back.borderWidth = 1.5
        }
        content.addSublayer(back)
        let shown = typing.map { $0 + "▏" } ?? ((panel.text(of: panel.knobs[knob]) ?? "") + (unit.map { " " + $0 } ?? ""))
        text("box:\(knob)", shown, at: Rect(frame.minX + 5, frame.minY + 3, frame.width - 10, frame.height - 4), size: 10.5,
             color: Self.bright, in: content, alignment: typing == nil ? .right : .left, mono: true)
        targets.append((frame, .box(knob: knob)))
    }

    /// A switch: on is filled with the accent.
    func toggle(_ knob: Int, on: Bool, at origin: Point, focused: Bool) {
        let track = Layer()
        track.frame = Rect(origin.x, origin.y, 34, 20)
        track.cornerRadius = 10
        track.backgroundColor = on ? Color(hex: 0x30D158) : Color(white: 1, alpha: 0.2)
        if focused {
            track.borderColor = Self.accent
            track.borderWidth = 2
        }
        content.addSublayer(track)
        let thumb = Layer()
        thumb.frame = Rect(origin.x + (on ? 16 : 2), origin.y + 2, 16, 16)
        thumb.cornerRadius = 8
        thumb.backgroundColor = .white
        content.addSublayer(thumb)
        targets.append((track.frame, .toggle(knob: knob)))
    }

    /// An enumeration's options side by side, the chosen one filled.
    func choices(_ knob: Int, options: [String], selected: TuningValue?, focused: Bool, at y: Double) -> Double {
        knobFrames[knob] = Rect(0, y, Self.width, 22)
        let width = Self.contentWidth / Double(max(1, options.count))
        let back = Layer()
        back.frame = Rect(Self.padding, y, Self.contentWidth, 22)
        back.cornerRadius = 6
        back.backgroundColor = Color(white: 1, alpha: 0.08)
        if focused {
            back.borderColor = Self.accent
            back.borderWidth = 1.5
        }
        content.addSublayer(back)
        for (index, option) in options.enumerated() {
            let frame = Rect(Self.padding + Double(index) * width, y, width, 22)
            let chosen = selected == .string(option)
            if chosen { bar(frame.insetBy(dx: 2, dy: 2), color: Color(white: 1, alpha: 0.24), radius: 5) }
            text("option:\(knob):\(index)", option.replacingOccurrences(of: "_", with: " "), at: Rect(frame.minX, y + 4, width, 14),
                 size: 10.5, weight: chosen ? .semibold : .regular, color: chosen ? Self.bright : Self.dim, in: content,
                 alignment: .center, truncates: true)
            targets.append((frame, .option(knob: knob, index: index)))
        }
        return y + 25
    }

    func bar(_ frame: Rect, color: Color, radius: Double = 2) {
        let layer = Layer()
        layer.frame = frame
        layer.cornerRadius = min(radius, frame.height / 2)
        layer.backgroundColor = color
        content.addSublayer(layer)
    }

    func dot(_ frame: Rect, color: Color) { bar(frame, color: color, radius: frame.height / 2) }

    func focusBackground(_ frame: Rect) { bar(frame, color: Self.accent.withAlpha(0.16), radius: 5) }
}
