import Foundation
@_spi(Fuzzing) import KilnCore

/// Reading and changing one control's part of its field: a number, a spring's two numbers,
/// a colour's hue, saturation, brightness and alpha.
extension TweakPanel {
    /// Where a spring's sliders run: damping ratios past 2 and responses past 2 s are
    /// typed, not dragged to, though the file takes them.
    static let sliderRatios: ClosedRange<Double> = 0...2
    static let sliderResponses: ClosedRange<Double> = 0.05...2

    /// The numbers a control's slider runs over; `nil` for a control without one.
    package func sliderRange(of knob: Knob) -> ClosedRange<Double>? {
        switch (knob.part, fields[knob.field].kind) {
        case (.number, .number(let range)): range
        case (.number, .integer(let range)): Double(range.lowerBound)...Double(range.upperBound)
        case (.dampingRatio, _): Self.sliderRatios
        case (.response, _): Self.sliderResponses
        case (.hue, _): 0...360
        case (.saturation, _), (.brightness, _), (.alpha, _): 0...1
        default: nil
        }
    }

    /// How much an arrow moves a control's number: a hundredth of its slider, a
    /// thousandth with Shift, to a round step; a whole number's by one.
    package func step(of knob: Knob, fine: Bool) -> Double {
        if case .integer = fields[knob.field].kind { return 1 }
        switch knob.part {
        case .hue: return fine ? 1 : 5
        case .saturation, .brightness, .alpha, .dampingRatio, .response: return fine ? 0.01 : 0.05
        default:
            guard let range = sliderRange(of: knob) else { return 0 }
            let rough = (range.upperBound - range.lowerBound) / (fine ? 1000 : 100)
            let power = pow(10, (log10(rough)).rounded(.down))
            return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough * 0.99 } ?? rough
        }
    }

    /// The number a control shows, `nil` for one without a number.
    package func number(of knob: Knob) -> Double? {
        let key = fields[knob.field].key
        switch knob.part {
        case .number:
            if case .number(let n) = values[key] { return n }
            return nil
        case .dampingRatio, .response:
            guard case .table(let members) = values[key] else { return nil }
            let name = knob.part == .dampingRatio ? "damping_ratio" : "response"
            if case .number(let n) = members.first(where: { $0.key == name })?.value { return n }
            return nil
        case .hue: return picker(of: knob)?.hue
        case .saturation: return picker(of: knob)?.saturation
        case .brightness: return picker(of: knob)?.brightness
        case .alpha: return picker(of: knob)?.alpha
        default: return nil
        }
    }

    /// The text in a control's box: a number as the file writes it, a colour as hex.
    package func text(of knob: Knob) -> String? {
        if knob.part == .hex { return color(of: knob)?.hexString }
        guard let n = number(of: knob) else { return nil }
        return TuningValue.number((n * 1000).rounded() / 1000).description
    }

    /// Where a control's number sits along its slider, 0 to 1.
    package func fraction(of knob: Knob) -> Double? {
        guard let range = sliderRange(of: knob), let n = number(of: knob) else { return nil }
        return min(1, max(0, (n - range.lowerBound) / (range.upperBound - range.lowerBound)))
    }

    /// Sets a control's number to the point `fraction` (0 to 1) along its slider, to its step.
    package func set(fraction: Double, of knob: Knob, fine: Bool = false) {
        guard let range = sliderRange(of: knob) else { return }
        let raw = range.lowerBound + min(1, max(0, fraction)) * (range.upperBound - range.lowerBound)
        let step = step(of: knob, fine: fine)
        setNumber(step > 0 ? min(range.upperBound, max(range.lowerBound, (raw / step).rounded() * step)) : raw, of: knob)
    }

    /// An arrow on the focused control: `steps` steps along its slider (Shift: fine ones) to
    /// round values, the
    /// next or previous option, another swatch, or a switch turned.
    package func adjust(by steps: Int, fine: Bool) {
        guard let knob = focused else { return }
        let key = fields[knob.field].key
        switch (knob.part, fields[knob.field].kind) {
        case (.toggle, _):
            if case .bool(let on) = values[key] { set(key, to: .bool(!on)) }
        case (.choice, .choice(let options)):
            guard case .string(let now) = values[key], let index = options.firstIndex(of: now) else { return }
            set(key, to: .string(options[((index + steps) % options.count + options.count) % options.count]))
        case (.swatch, _):
            guard case .array(let items) = values[key], !items.isEmpty else { return }
            swatches[key] = min(items.count - 1, max(0, (swatches[key] ?? 0) + steps))
            bump()
        default:
            guard let n = number(of: knob) else { return }
            let step = step(of: knob, fine: fine)
            // To the next round value that way: off the grid, the first step lands on it.
            let position = n / step
            var next = ((steps > 0 ? (position + 1e-9).rounded(.down) : (position - 1e-9).rounded(.up)) + Double(steps)) * step
            if knob.part == .hue { next = (next.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) }
            if let range = sliderRange(of: knob), [.saturation, .brightness, .alpha, .number].contains(knob.part) {
                next = min(range.upperBound, max(range.lowerBound, next))
            }
            setNumber(next, of: knob)
        }
    }

    /// Sets the number a control stands for; `false` (with `message`) when the field refuses it.
    @discardableResult
    func setNumber(_ n: Double, of knob: Knob) -> Bool {
        let key = fields[knob.field].key
        let n = (n * 1e6).rounded() / 1e6
        switch knob.part {
        case .number:
            return set(key, to: .number(n))
        case .dampingRatio, .response:
            guard case .table(let members) = values[key] else { return false }
            let name = knob.part == .dampingRatio ? "damping_ratio" : "response"
            return set(key, to: .table(members.map { $0.key == name ? ($0.key, .number(n)) : $0 }))
        case .hue, .saturation, .brightness, .alpha:
            guard var hsb = picker(of: knob) else { return false }
            switch knob.part {
            case .hue: hsb.hue = n
            case .saturation: hsb.saturation = n
            case .brightness: hsb.brightness = n
            default: hsb.alpha = n
            }
            let done = setColor(hsb.color, of: knob, keepingPicker: true)
            if done { pickers[pickerKey(knob)] = hsb }
            return done
        default:
            return false
        }
    }

    /// The colour a colour control edits: the field's, or the picked swatch's.
    package func color(of knob: Knob) -> Color? {
        let key = fields[knob.field].key
        switch values[key] {
        case .string(let hex): return Color(hexString: hex)
        case .array(let items):
            let index = swatches[key] ?? 0
            guard items.indices.contains(index), case .string(let hex) = items[index] else { return nil }
            return Color(hexString: hex)
        default: return nil
        }
    }

    /// Sets the colour a colour control edits.
    @discardableResult
    func setColor(_ color: Color, of knob: Knob, keepingPicker: Bool) -> Bool {
        let key = fields[knob.field].key
        if !keepingPicker { pickers[pickerKey(knob)] = nil }
        switch values[key] {
        case .array(var items):
            let index = swatches[key] ?? 0
            guard items.indices.contains(index) else { return false }
            items[index] = .string(color.hexString)
            return set(key, to: .array(items))
        default:
            return set(key, to: .string(color.hexString))
        }
    }

    /// The hue, saturation and brightness the picker shows for a colour control.
    func picker(of knob: Knob) -> HSBColor? {
        if let kept = pickers[pickerKey(knob)], let color = color(of: knob), kept.color.hexString == color.hexString { return kept }
        return color(of: knob).map(HSBColor.init)
    }

    private func pickerKey(_ knob: Knob) -> String {
        let key = fields[knob.field].key
        return "\(key)#\(swatches[key] ?? 0)"
    }

    /// Chooses option `index` of an enumeration's control.
    package func choose(_ index: Int, of knob: Knob) {
        guard case .choice(let options) = fields[knob.field].kind, options.indices.contains(index) else { return }
        set(fields[knob.field].key, to: .string(options[index]))
    }

    /// Picks swatch `index` of a list of colours for the picker below it.
    package func pickSwatch(_ index: Int, of key: String) {
        swatches[key] = index
        bump()
    }
}
