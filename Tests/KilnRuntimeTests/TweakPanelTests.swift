import Foundation
@_spi(Fuzzing) import KilnCore
import KilnRuntime
import KilnTestSupport
import Testing

/// The tweak panel's values and keys: every control changes its own field within what the
/// field accepts, typed values are checked, and what it applies and saves reads back as the
/// values it shows.
@Suite("The tweak panel")
struct TweakPanelTests {
    let profile = TuningProfile.of(LayoutTuning.self)

    func panel(_ text: String = "") throws -> TweakPanel {
        try TweakPanel(profile: profile, sources: text.isEmpty ? [] : [TuningSource(name: "file.toml", text: text)])
    }

    /// Puts the keyboard on `part` of field `key`.
    func focus(_ panel: TweakPanel, _ key: String, _ part: TweakPanel.Knob.Part) throws {
        let index = try #require(panel.knobs.firstIndex { panel.fields[$0.field].key == key && $0.part == part })
        panel.focus(on: index)
    }

    @Test("Each kind of field has its controls, in the file's order, and Tab goes round them both ways")
    func controls() throws {
        let panel = try panel()
        let parts = panel.knobs.map { "\(panel.fields[$0.field].key):\($0.part)" }
        #expect(parts.prefix(5) == ["motion.offset:number", "motion.scale:number", "motion.count:number",
                                    "motion.curve:choice", "motion.spring:dampingRatio"])
        #expect(parts.contains("paint.tint:hue") && parts.contains("paint.tint:hex") && parts.contains("paint.stripes:swatch"))
        #expect(parts.contains("flags.enabled:toggle"))
        panel.moveFocus(by: -1)
        #expect(panel.focus == panel.knobs.count - 1)
        panel.moveFocus(by: 1)
        #expect(panel.focus == 0)
    }

    @Test("Arrows move a number to round values a hundredth of its range apart, a thousandth with Shift, and stop at its ends")
    func numberSteps() throws {
        let panel = try panel()
        try focus(panel, "motion.offset", .number)
        panel.adjust(by: 1, fine: false)
        #expect(panel.values["motion.offset"] == .number(-12))
        panel.adjust(by: 2, fine: false)
        #expect(panel.values["motion.offset"] == .number(-10))
        panel.adjust(by: 1, fine: true)
        #expect(panel.values["motion.offset"] == .number(-9.9))
        panel.adjust(by: -1000, fine: false)
        #expect(panel.values["motion.offset"] == .number(-50))
        try focus(panel, "motion.count", .number)
        panel.adjust(by: 2, fine: false)
        #expect(panel.values["motion.count"] == .number(5))
        panel.adjust(by: 40, fine: false)
        #expect(panel.values["motion.count"] == .number(9))
    }

    @Test("A spring's sliders change its damping ratio or its response and leave the other as it was")
    func springParts() throws {
        let panel = try panel()
        try focus(panel, "motion.spring", .dampingRatio)
        panel.adjust(by: -2, fine: false)
        try focus(panel, "motion.spring", .response)
        panel.adjust(by: 3, fine: true)
        #expect(panel.values["motion.spring"] == .table([("damping_ratio", .number(0.7)), ("response", .number(0.43))]))
    }

    @Test("Switches turn, options go round, and swatches pick which colour the picker edits")
    func switchesOptionsSwatches() throws {
        let panel = try panel()
        try focus(panel, "flags.enabled", .toggle)
        panel.adjust(by: 1, fine: false)
        #expect(panel.values["flags.enabled"] == .bool(false))
        try focus(panel, "motion.curve", .choice)
        panel.adjust(by: 1, fine: false)
        #expect(panel.values["motion.curve"] == .string("linear"))
        panel.adjust(by: -1, fine: false)
        #expect(panel.values["motion.curve"] == .string("ease_out"))
        try focus(panel, "paint.stripes", .swatch)
        panel.adjust(by: 1, fine: false)
        try focus(panel, "paint.stripes", .hex)
        #expect(panel.beginTyping())
        for _ in 0..<7 { panel.deleteBackward() }
        for character in ["f", "f", "0", "0", "0", "0"] { panel.type(character) }
        #expect(panel.commitTyping())
        #expect(panel.values["paint.stripes"] == .array([.string("#112233"), .string("#FF0000")]))
    }

    @Test("The picker's hue turns a colour round the wheel, and a grey keeps its hue while it is made colourful again")
    func picker() throws {
        let panel = try panel("[paint]\ntint = \"#FF0000\"\n")
        try focus(panel, "paint.tint", .hue)
        panel.adjust(by: 24, fine: false)
        #expect(panel.values["paint.tint"] == .string("#00FF00"))
        try focus(panel, "paint.tint", .saturation)
        panel.adjust(by: -20, fine: false)
        #expect(panel.values["paint.tint"] == .string("#FFFFFF"))
        panel.adjust(by: 20, fine: false)
        #expect(panel.values["paint.tint"] == .string("#00FF00"))
        try focus(panel, "paint.tint", .alpha)
        panel.adjust(by: -10, fine: false)
        #expect(panel.values["paint.tint"] == .string("#00FF0080"))
    }

    @Test("Any colour goes to hue, saturation and brightness and back to the same hex")
    func hsbRoundTrip() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let color = Color(hex: UInt32.random(in: 0...0xFFFFFF, using: &random), alpha: Double(Int.random(in: 0...255, using: &random)) / 255)
            #expect(HSBColor(color).color.hexString == color.hexString, "\(color.hexString)")
        }
    }

    @Test("A typed value is checked: a word or one out of range is refused in one line and the box stays open; Escape leaves it")
    func typing() throws {
        let panel = try panel()
        try focus(panel, "motion.offset", .number)
        #expect(panel.beginTyping())
        #expect(panel.typing == "-12.5")
        for _ in 0..<5 { panel.deleteBackward() }
        for character in ["9", "9"] { panel.type(character) }
        #expect(!panel.commitTyping())
        #expect(panel.message == "motion.offset: 99 is out of range (-50 to 50)")
        #expect(panel.typing == "99")
        panel.deleteBackward()
        #expect(panel.commitTyping())
        #expect(panel.values["motion.offset"] == .number(9))
        #expect(panel.message == nil)
        panel.beginTyping()
        panel.type("x")
        #expect(!panel.commitTyping())
        #expect(panel.message == "motion.offset: \"9x\" is not a number")
        panel.cancelTyping()
        #expect(panel.typing == nil && panel.values["motion.offset"] == .number(9))
    }

    @Test("Values set in the panel are marked unsaved until saved, changed while not the default, and Reset brings the default")
    func marks() throws {
        let panel = try panel("[motion]\noffset = 4\n")
        #expect(!panel.isUnsaved("motion.offset") && panel.isChanged("motion.offset"))
        try focus(panel, "motion.offset", .number)
        panel.resetFocused()
        #expect(panel.isUnsaved("motion.offset") && !panel.isChanged("motion.offset"))
        #expect(panel.changes == [.set("motion.offset", toTOML: "-12.5")])
        panel.saved()
        #expect(!panel.hasUnsavedValues && panel.source == nil)
    }

    @Test("A file saved by hand while the panel is open gives its values to the fields the panel has not changed")
    func filesChangeUnderThePanel() throws {
        let panel = try panel()
        try focus(panel, "motion.count", .number)
        panel.adjust(by: 1, fine: false)
        try panel.filesChanged([TuningSource(name: "file.toml", text: "[motion]\ncount = 7\noffset = 3\n")])
        #expect(panel.values["motion.count"] == .number(4))
        #expect(panel.values["motion.offset"] == .number(3))
        #expect(panel.isUnsaved("motion.count") && !panel.isUnsaved("motion.offset"))
    }

    /// Random keys on random controls: whatever is pressed, every value is one its field
    /// takes, the panel's source over the file resolves to the values shown, and its changes
    /// written into the file read back as those values, with every other line as it was.
    @Test("Under random keys, what the panel applies and what it saves both read back as the values it shows")
    func randomKeys() throws {
        let file = "# Layouts\n[motion]\noffset = 4 # from here\ncount = 2\n\n[paint]\ntint = \"#336699\"\n"
        let writer = TuningWriter(profile: profile)
        var random = SystemRandomNumberGenerator()
        for round in 0..<60 {
            let panel = try panel(file)
            for _ in 0..<Int.random(in: 1...30, using: &random) {
                switch Int.random(in: 0..<7, using: &random) {
                case 0: panel.moveFocus(by: Int.random(in: -3...3, using: &random))
                case 1, 2: panel.adjust(by: Int.random(in: -30...30, using: &random), fine: Bool.random(using: &random))
                case 3: panel.resetFocused()
                case 4:
                    if panel.beginTyping() {
                        panel.deleteBackward()
                        panel.type(["1", "0", "-", ".", "a"].randomElement(using: &random)!)
                        if !panel.commitTyping() { panel.cancelTyping() }
                    }
                case 5: panel.focus(on: Int.random(in: 0..<panel.knobs.count, using: &random))
                default: panel.adjust(by: 1, fine: false)
                }
            }
            for field in panel.fields {
                #expect(field.check(panel.values[field.key]!) == nil, "round \(round): \(field.key)")
            }
            let sources = [TuningSource(name: "file.toml", text: file)] + (panel.source.map { [$0] } ?? [])
            #expect(try profile.values(sources) == panel.values, "round \(round): applied")
            let saved = try writer.apply(panel.changes, to: file, file: "file.toml").text
            #expect(try profile.values([TuningSource(name: "file.toml", text: saved)]) == panel.values, "round \(round): saved")
            let kept = Set(file.split(separator: "\n").map(String.init))
            let savedLines = saved.split(separator: "\n").map(String.init)
            let changedKeys = Set(panel.changes.map(\.key))
            for line in kept where line.hasPrefix("#") || line.hasPrefix("[") {
                #expect(savedLines.contains(line), "round \(round): \(line) lost")
            }
            if !changedKeys.contains("motion.count") { #expect(savedLines.contains("count = 2")) }
        }
    }
}
