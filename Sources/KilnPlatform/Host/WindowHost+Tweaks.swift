import CSDL2
import Foundation
import KilnCore
import KilnRuntime

/// The tweak panel in the window: what it shows, where it is, and what it holds back.
final class WindowTweaks {
    /// The panel of the scene shown, made when it is first opened.
    var panel: TweakPanel?
    let view = TweakPanelView()
    var isOpen = false
    /// The panel's last revision applied to the scene.
    var appliedRevision = -1
    /// When values were last applied, on the wall clock: a drag applies a few times a second.
    var appliedAt = -Double.infinity
    /// The press being dragged on the panel, from its start to its release.
    var drag: TweakPanelView.Target?
    /// The footer's line: where a save goes, or what the last one did.
    var status = ""
    /// The panel's values last applied over the files.
    var appliedSource: TuningSource?
    /// The files' sources last shown, so a file saved by hand shows in the panel.
    var files: [TuningSource] = []
    /// Points the window grew by to make room for the panel, to give back when it closes.
    var grewBy = 0.0
    /// The panel's left edge in output pixels and the pixels per point, as last drawn.
    var originX = 0.0
    var pixelRatio = 1.0
    var height = 0.0
    /// Whether it is drawn over the scene (a narrow window) rather than beside it.
    var overlaps = false
}

/// P opens a panel of the scene's tuning beside the scene (over it in a narrow window). Its
/// values apply as a saved file's would, the scene replayed to the same moment; Ctrl+S
/// writes them into the tuning file in force.
extension WindowHost {
    /// The seconds between applications while a value is dragged.
    static let tweakInterval = 0.1

    /// P, and the panel's own keys while it is open; `false` leaves `key` to the others.
    func handleTweakKey(_ key: KeyPress) -> Bool {
        if key.key == "p" && key.modifiers.isEmpty && tweaks.panel?.typing == nil {
            toggleTweaks()
            return true
        }
        guard tweaks.isOpen, let panel = tweaks.panel else { return false }
        let fine = key.modifiers.contains(.shift)
        if key.key == "s" && key.modifiers == .ctrl {
            saveTweaks()
            return true
        }
        if panel.typing != nil {
            switch key.key {
            case "return", "keypadenter": panel.commitTyping()
            case "escape": panel.cancelTyping()
            case "backspace": panel.deleteBackward()
            case "tab": panel.moveFocus(by: fine ? -1 : 1)
            default:
                guard let character = Self.typedCharacter(key) else { return true }
                panel.type(character)
            }
            return true
        }
        switch key.key {
        case "tab": panel.moveFocus(by: fine ? -1 : 1)
        case "down": panel.moveFocus(by: 1)
        case "up": panel.moveFocus(by: -1)
        case "right": panel.adjust(by: 1, fine: fine)
        case "left": panel.adjust(by: -1, fine: fine)
        case "return", "keypadenter":
            if !panel.beginTyping() { panel.adjust(by: 1, fine: false) }
        case "space" where [.toggle, .choice].contains(panel.focused?.part):
            panel.adjust(by: 1, fine: false)
        case "backspace", "delete": panel.resetFocused()
        case "escape": toggleTweaks()
        default: return false
        }
        return true
    }

    /// The character a key types into a box: digits, a point, a minus, hex letters, "#".
    static func typedCharacter(_ key: KeyPress) -> String? {
        let name = key.key.hasPrefix("keypad") ? String(key.key.dropFirst(6)) : key.key
        if key.modifiers.contains(.shift) && name == "3" { return "#" }
        guard name.count == 1, key.modifiers.subtracting(.shift).isEmpty else { return nil }
        return "0123456789.-abcdef".contains(name) ? name : nil
    }

    private func toggleTweaks() {
        if tweaks.isOpen {
            tweaks.panel?.commitTyping()
            tweaks.isOpen = false
            resizeForTweaks(opening: false)
            return
        }
        if tweaks.panel == nil { makePanel() }
        guard tweaks.panel != nil else {
            options.warn("\(scene.name) has no tuning to tweak")
            return
        }
        tweaks.status = scene.tuningFileName ?? "no file"
        tweaks.isOpen = true
        resizeForTweaks(opening: true)
    }

    /// A new scene is shown: the same one made anew (new code) takes the panel's unsaved
    /// values over its files, in a panel of its tuning's fields when the code changed them;
    /// another scene gets a panel of its own, and unsaved values of the last one are said to
    /// be dropped.
    func tweaksFollowScene(from previous: String?) {
        guard var panel = tweaks.panel else { return }
        tweaks.files = scene.fileTuningSources
        if previous == scene.name {
            if let fresh = scene.makeTweakPanel(), !fresh.hasFields(of: panel) {
                fresh.takeValues(of: panel)
                panel = fresh
                tweaks.panel = fresh
                tweaks.appliedRevision = fresh.revision
            }
            tweaks.appliedSource = panel.source
            if let source = panel.source { scene.applyTweaks(source) }
            return
        }
        if panel.hasUnsavedValues, let previous {
            options.warn("the tweak panel's unsaved values for \(previous) were dropped")
        }
        tweaks.panel = nil
        guard tweaks.isOpen else { return }
        makePanel()
        tweaks.status = scene.tuningFileName ?? "no file"
        if tweaks.panel == nil {
            tweaks.isOpen = false
            resizeForTweaks(opening: false)
        }
    }

    /// The panel of the scene shown, holding the values in force.
    private func makePanel() {
        tweaks.panel = scene.makeTweakPanel()
        tweaks.appliedRevision = tweaks.panel?.revision ?? -1
        tweaks.appliedSource = tweaks.panel?.source
        tweaks.files = scene.fileTuningSources
    }

    /// Widens the window by the panel's width when the screen has room, and gives it back.
    func resizeForTweaks(opening: Bool) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        if opening {
            var mode = SDL_DisplayMode()
            let room = SDL_GetDesktopDisplayMode(0, &mode) == 0 ? Double(mode.w) * 0.95 - Double(w) : 0
            guard room >= TweakPanelView.width else { return }
            tweaks.grewBy = TweakPanelView.width
        } else if tweaks.grewBy == 0 {
            return
        }
        let change = opening ? tweaks.grewBy : -tweaks.grewBy
        if !opening { tweaks.grewBy = 0 }
        SDL_SetWindowSize(window, w + Int32(change), h)
    }

    /// Ctrl+S: the panel's changed values into the tuning file in force.
    private func saveTweaks() {
        guard let panel = tweaks.panel else { return }
        panel.commitTyping()
        guard panel.hasUnsavedValues else {
            tweaks.status = "nothing to save; \(scene.tuningFileName ?? "no file")"
            panel.bump()
            return
        }
        switch scene.saveTweaks(panel.changes) {
        case .success(let line):
            panel.saved()
            tweaks.appliedRevision = panel.revision
            tweaks.appliedSource = nil
            tweaks.files = scene.fileTuningSources
            tweaks.status = "saved " + line
        case .failure(let failure):
            tweaks.status = failure.message
            options.warn(failure.message)
        }
    }

    /// Applies the panel's values when they changed (a few times a second while dragged), and
    /// takes in a tuning file saved by hand.
    func applyTweaksIfChanged(now: Double) {
        guard let panel = tweaks.panel else { return }
        let files = scene.fileTuningSources
        if files != tweaks.files {
            tweaks.files = files
            try? panel.filesChanged(files)
        }
        guard panel.revision != tweaks.appliedRevision, panel.typing == nil else { return }
        if tweaks.drag != nil && now - tweaks.appliedAt < Self.tweakInterval { return }
        let before = tweaks.appliedSource
        let source = panel.source
        tweaks.appliedRevision = panel.revision
        guard source != before else { return }
        tweaks.appliedSource = source
        tweaks.appliedAt = now
        scene.applyTweaks(source)
    }
}
