import Foundation
import KilnCore

/// The tweak panel drawn: the scene's tuning grouped by table, each field's name and
/// description over a control that fits it, and at the bottom the keys and what saving does.
/// Window chrome in its own points, drawn beside the scene or over it; never recorded.
package final class TweakPanelView {
    /// Where a press lands on the panel.
    package enum Target: Equatable {
        /// A control's slider, from `minX` to `maxX` in panel points.
        case slider(knob: Int, minX: Double, maxX: Double)
        /// A switch, an option, a swatch, or a box to type in.
        case toggle(knob: Int), option(knob: Int, index: Int), swatch(knob: Int, index: Int), box(knob: Int)
        /// The mark that brings a field back to its default.
        case reset(key: String)
    }

    /// The panel's width in points.
    package static let width = 300.0
    static let padding = 12.0
    static let accent = Color(hex: 0x0A84FF)
    static let unsavedColor = Color(hex: 0xFFD60A)
    static let errorColor = Color(hex: 0xFF453A)
    static let dim = Color(white: 1, alpha: 0.5)
    static let bright = Color(white: 1, alpha: 0.92)
    static let footerHeight = 58.0

    /// The panel's tree, its origin at the panel's top-left corner.
    package let layer = Layer()
    let content = Layer()
    let footer = Layer()
    /// Text layers kept from one drawing to the next by what they show, so unchanged text
    /// is not laid out again.
    var texts: [String: TextLayer] = [:]
    var usedTexts: Set<String> = []
    /// The press targets of the last drawing, in panel points (scrolled).
    package internal(set) var targets: [(frame: Rect, target: Target)] = []
    /// How far the fields are scrolled up, in points.
    package var scroll = 0.0
    var contentHeight = 0.0
    var knobFrames: [Int: Rect] = [:]
    private var drawn: (revision: Int, height: Double, scroll: Double, title: String)?

    package init() {
        layer.backgroundColor = Color(hex: 0x1C1C1E, alpha: 0.97)
        layer.isHitTestable = false
        let edge = Layer()
        edge.frame = Rect(0, 0, 0.5, 10_000)
        edge.backgroundColor = Color(white: 1, alpha: 0.14)
        layer.addSublayer(content)
        layer.addSublayer(footer)
        layer.addSublayer(edge)
        footer.backgroundColor = Color(hex: 0x161618)
    }

    /// Draws `panel` for a panel `height` points tall, titled `title`, with `status` (where
    /// a save goes, or what it did) in the footer; nothing is redone when nothing changed.
    package func update(_ panel: TweakPanel, height: Double, title: String, status: String) {
        let key = (panel.revision, height, scroll, title + status)
        if let drawn, drawn == key { return }
        layer.frame = Rect(0, 0, Self.width, height)
        usedTexts = []
        targets = []
        knobFrames = [:]
        content.sublayers.forEach { $0.removeFromSuperlayer() }
        footer.sublayers.forEach { $0.removeFromSuperlayer() }
        var y = Self.padding
        text("title", "TUNING", at: Rect(Self.padding, y, 80, 14), size: 10, weight: .semibold, color: Self.dim, in: content)
        text("scene", title, at: Rect(Self.padding + 60, y - 1, Self.width - 2 * Self.padding - 60, 16), size: 12,
             weight: .semibold, color: Self.bright, in: content, alignment: .right)
        y += 24
        var table: String?
        for (index, field) in panel.fields.enumerated() {
            let section = field.key.split(separator: ".").dropLast().joined(separator: ".")
            if section != table {
                table = section
                y += 6
                text("table:\(section)", section.uppercased(), at: Rect(Self.padding, y, Self.width - 2 * Self.padding, 13),
                     size: 9.5, weight: .semibold, color: Color(white: 1, alpha: 0.42), in: content)
                y += 18
            }
            y = row(of: index, in: panel, at: y)
        }
        contentHeight = y + Self.padding
        keepFocusVisible(panel, height: height)
        content.frame = Rect(0, -scroll, Self.width, contentHeight)
        targets = targets.map { (Rect($0.frame.minX, $0.frame.minY - scroll, $0.frame.width, $0.frame.height), $0.target) }
        drawFooter(panel, height: height, status: status)
        for (id, layer) in texts where !usedTexts.contains(id) {
            layer.removeFromSuperlayer()
            texts[id] = nil
        }
        drawn = (panel.revision, height, scroll, title + status)
    }

    /// Scrolls so the focused control shows, the least that does.
    private func keepFocusVisible(_ panel: TweakPanel, height: Double) {
        let visible = height - Self.footerHeight
        if let frame = knobFrames[panel.focus] {
            if frame.minY - 40 < scroll { scroll = max(0, frame.minY - 40) }
            if frame.maxY + 12 > scroll + visible { scroll = frame.maxY + 12 - visible }
        }
        scroll = max(0, min(scroll, contentHeight - visible))
    }

    /// Scrolls by `points` (a wheel), within the fields.
    package func scroll(by points: Double, height: Double) {
        scroll = max(0, min(scroll + points, contentHeight - (height - Self.footerHeight)))
        drawn = nil
    }

    /// What a press at `point` (panel points) lands on.
    package func target(at point: Point) -> Target? {
        targets.last { $0.frame.insetBy(dx: -2, dy: -4).contains(point) }?.target
    }

    private func drawFooter(_ panel: TweakPanel, height: Double, status: String) {
        footer.frame = Rect(0, height - Self.footerHeight, Self.width, Self.footerHeight)
        let rule = Layer()
        rule.frame = Rect(0, 0, Self.width, 0.5)
        rule.backgroundColor = Color(white: 1, alpha: 0.12)
        footer.addSublayer(rule)
        let w = Self.width - 2 * Self.padding
        if let message = panel.message {
            text("message", message, at: Rect(Self.padding, 7, w, 13), size: 10, color: Self.errorColor, in: footer, truncates: true)
        } else {
            let unsaved = panel.fields.filter { panel.isUnsaved($0.key) }.count
            let line = unsaved == 0 ? status : "\(unsaved) unsaved · Ctrl+S saves to \(status)"
            text("status", line, at: Rect(Self.padding, 7, w, 13), size: 10,
                 color: unsaved == 0 ? Self.dim : Self.unsavedColor, in: footer, truncates: true)
        }
        text("keys1", "Tab ↑↓ move   ←→ change   Shift fine", at: Rect(Self.padding, 24, w, 12), size: 9.5, color: Self.dim, in: footer)
        text("keys2", "Return type   Backspace default   P close", at: Rect(Self.padding, 38, w, 12), size: 9.5,
             color: Self.dim, in: footer)
    }

    /// A text layer with `id`, made once and kept while it is drawn; its properties are set
    /// only when they change, so its laid-out text is kept.
    @discardableResult
    func text(_ id: String, _ string: String, at frame: Rect, size: Double, weight: FontWeight = .regular,
              color: Color, in parent: Layer, alignment: TextAlignment = .left, truncates: Bool = false,
              mono: Bool = false) -> TextLayer {
        let layer = texts[id] ?? TextLayer()
        texts[id] = layer
        usedTexts.insert(id)
        if layer.string != string { layer.string = string }
        if layer.fontSize != size { layer.fontSize = size }
        if layer.fontWeight != weight { layer.fontWeight = weight }
        if layer.foregroundColor != color { layer.foregroundColor = color }
        if layer.alignmentMode != alignment { layer.alignmentMode = alignment }
        let family = mono ? "DejaVu Sans Mono" : TextLayer.defaultFontFamily
        if layer.fontFamily != family { layer.fontFamily = family }
        let truncation: TextTruncation = truncates ? .end : .none
        if layer.truncationMode != truncation { layer.truncationMode = truncation }
        if layer.frame != frame { layer.frame = frame }
        parent.addSublayer(layer)
        return layer
    }
}
