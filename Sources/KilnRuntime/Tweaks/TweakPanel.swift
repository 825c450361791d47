// The tweak panel's state, apart from how it is drawn: every field of a scene's tuning with
// the value the panel holds, the value the files give and the default, the control that has
// the keyboard, and a value being typed. The window draws it (`TweakPanelView`), applies
// `source` over the files as a reload would, and saves `changes` into the file in force.
import Foundation
@_spi(Fuzzing) import KilnCore

/// The tuning of a scene as the tweak panel edits it.
package final class TweakPanel {
    /// One control: a part of a field that the keyboard moves to and arrows change.
    package struct Knob: Equatable, Sendable {
        /// Which part of the field it changes.
        package enum Part: Equatable, Sendable {
            /// A number's slider.
            case number
            /// A switch.
            case toggle
            /// An enumeration's options.
            case choice
            /// A spring's damping ratio, or its response.
            case dampingRatio, response
            /// Which swatch of a list of colours the picker below it edits.
            case swatch
            /// A colour's hue, saturation, brightness or alpha, or its hex text.
            case hue, saturation, brightness, alpha, hex
        }

        /// The field's index in `fields`.
        package var field: Int
        package var part: Part
    }

    /// The scene's tuning: its fields, and how sources resolve.
    package let profile: TuningProfile
    /// The scene's fields, in the order its file lists them.
    package let fields: [TuningProfile.Field]
    /// Every control, in the order Tab visits them.
    package let knobs: [Knob]
    /// The values the panel holds now, by key.
    package private(set) var values: [String: TuningValue]
    /// The values the tuning files give, by key.
    package private(set) var fileValues: [String: TuningValue]
    /// The defaults, by key.
    package let defaults: [String: TuningValue]
    /// The index in `knobs` of the control with the keyboard.
    package var focus = 0
    /// The text typed into the focused control's box, while it is being typed.
    package private(set) var typing: String?
    /// The last typed value refused, in words, until the next change.
    package private(set) var message: String?
    /// Which colour of each list of colours the picker edits, by key.
    package internal(set) var swatches: [String: Int] = [:]
    /// Counts every change, so a view knows when to draw again.
    package internal(set) var revision = 0
    /// Hue, saturation and brightness as last set, by colour: a grey or a black keeps its hue
    /// while its saturation or brightness is brought back up.
    var pickers: [String: HSBColor] = [:]

    /// The panel for `profile`'s fields, holding the values `sources` give.
    package init(profile: TuningProfile, sources: [TuningSource]) throws(TuningError) {
        self.profile = profile
        let fields = profile.fields
        self.fields = fields
        defaults = Dictionary(uniqueKeysWithValues: profile.fields.map { ($0.key, $0.defaultValue) })
        let read = try profile.values(sources)
        values = read
        fileValues = read
        knobs = fields.indices.flatMap { index in Self.parts(of: fields[index].kind).map { Knob(field: index, part: $0) } }
    }

    /// The controls of a field of `kind`.
    static func parts(of kind: TuningFieldKind) -> [Knob.Part] {
        switch kind {
        case .number, .integer: [.number]
        case .bool: [.toggle]
        case .choice: [.choice]
        case .spring: [.dampingRatio, .response]
        case .color: [.hue, .saturation, .brightness, .alpha, .hex]
        case .colors: [.swatch, .hue, .saturation, .brightness, .alpha, .hex]
        }
    }

    /// Counts a change the view should show.
    package func bump() { revision += 1 }

    /// Whether `other` edits the same fields, of the same kinds, in the same order.
    package func hasFields(of other: TweakPanel) -> Bool {
        fields.map(\.key) == other.fields.map(\.key) && fields.map(\.kind) == other.fields.map(\.kind)
    }

    /// Takes `other`'s unsaved values of the fields this panel has too, and the keyboard's
    /// place on the same control: a scene's new code may add or drop fields.
    package func takeValues(of other: TweakPanel) {
        for field in other.fields where other.isUnsaved(field.key) {
            if let value = other.values[field.key] { set(field.key, to: value) }
        }
        if let knob = other.focused, let index = knobs.firstIndex(where: {
            fields[$0.field].key == other.fields[knob.field].key && $0.part == knob.part
        }) {
            focus = index
        }
    }

    /// The focused control.
    package var focused: Knob? { knobs.indices.contains(focus) ? knobs[focus] : nil }

    /// Whether the field's value is not what the files give: saving would write it.
    package func isUnsaved(_ key: String) -> Bool { values[key] != fileValues[key] }

    /// Whether the field's value is not its default.
    package func isChanged(_ key: String) -> Bool { values[key] != defaults[key] }

    /// Whether any value is not what the files give.
    package var hasUnsavedValues: Bool { fields.contains { isUnsaved($0.key) } }

    /// The values that differ from the files, as a tuning source to apply over them.
    package var source: TuningSource? {
        let entries = fields.filter { isUnsaved($0.key) }.map { "\(TOMLText.key($0.key.split(separator: ".").map(String.init))) = \(values[$0.key]!)" }
        return entries.isEmpty ? nil : TuningSource(name: "the tweak panel", text: entries.joined(separator: "\n") + "\n")
    }

    /// The changes that write the panel's values into a file holding the files' values.
    package var changes: [TuningChange] {
        fields.filter { isUnsaved($0.key) }.map { .set($0.key, toTOML: values[$0.key]!.description) }
    }

    /// The files now give `sources`' values: those become what is saved, and the fields the
    /// panel had not changed take them.
    package func filesChanged(_ sources: [TuningSource]) throws(TuningError) {
        let read = try profile.values(sources)
        for field in fields where !isUnsaved(field.key) {
            values[field.key] = read[field.key]
            pickers = pickers.filter { !$0.key.hasPrefix(field.key + "#") }
        }
        fileValues = read
        revision += 1
    }

    /// Moves the keyboard to the next control (`by: -1` the previous), wrapping around.
    package func moveFocus(by step: Int) {
        guard !knobs.isEmpty else { return }
        commitTyping()
        focus = ((focus + step) % knobs.count + knobs.count) % knobs.count
        revision += 1
    }

    /// Puts the keyboard on control `index`.
    package func focus(on index: Int) {
        guard knobs.indices.contains(index), index != focus else { return }
        commitTyping()
        focus = index
        revision += 1
    }

    /// Sets field `key` to `value`, checked by the field; `false`, with `message` saying why,
    /// when the field refuses it.
    @discardableResult
    package func set(_ key: String, to value: TuningValue) -> Bool {
        guard let field = fields.first(where: { $0.key == key }) else { return false }
        if let problem = field.check(value) {
            message = "\(key): \(problem)".printable
            revision += 1
            return false
        }
        message = nil
        if values[key] != value {
            values[key] = value
            revision += 1
        }
        return true
    }

    /// Brings the focused field back to its default.
    package func resetFocused() {
        guard let knob = focused else { return }
        reset(fields[knob.field].key)
    }

    /// Brings field `key` back to its default.
    package func reset(_ key: String) {
        typing = nil
        pickers = pickers.filter { !$0.key.hasPrefix(key + "#") }
        if let value = defaults[key] { set(key, to: value) }
    }

    /// The files now hold the panel's values (it was saved).
    package func saved() {
        fileValues = values
        revision += 1
    }

    /// Starts typing into the focused control's box, from its present text; `false` for a
    /// control without one (a switch, an option, a swatch).
    @discardableResult
    package func beginTyping() -> Bool {
        guard let knob = focused, let text = text(of: knob), [.number, .dampingRatio, .response, .hex].contains(knob.part) else {
            return false
        }
        typing = text
        revision += 1
        return true
    }

    /// Adds a typed character to the box.
    package func type(_ character: String) {
        guard typing != nil else { return }
        typing! += character
        revision += 1
    }

    /// Takes back the box's last character.
    package func deleteBackward() {
        guard typing?.isEmpty == false else { return }
        typing!.removeLast()
        revision += 1
    }

    /// Leaves the box without using what was typed.
    package func cancelTyping() {
        guard typing != nil else { return }
        typing = nil
        revision += 1
    }

    /// Uses what was typed; `false`, with `message` saying why, when the field refuses it
    /// (the box stays open to be corrected).
    @discardableResult
    package func commitTyping() -> Bool {
        guard let text = typing, let knob = focused else { return true }
        let entered = text.trimmingCharacters(in: .whitespaces)
        var value: Double?
        if knob.part != .hex {
            value = Double(entered)
            if value == nil {
                message = "\(fields[knob.field].key): \"\(entered)\" is not a number".printable
                revision += 1
                return false
            }
        }
        let accepted: Bool
        if knob.part == .hex {
            let hex = entered.hasPrefix("#") ? entered : "#" + entered
            guard [7, 9].contains(hex.count), let color = Color(hexString: hex) else {
                message = "\(fields[knob.field].key): \"\(entered)\" is not a colour; write RRGGBB or RRGGBBAA".printable
                revision += 1
                return false
            }
            accepted = setColor(color, of: knob, keepingPicker: false)
        } else {
            accepted = setNumber(value!, of: knob)
        }
        if accepted { typing = nil }
        revision += 1
        return accepted
    }
}
