import CSDL2
import Foundation
@_spi(Fuzzing) import KilnCore
import KilnRuntime

/// P opens a panel of the scene's tuning beside the scene (over it in a narrow window). Its
/// values apply as a saved file's would, the scene replayed to the same moment; Ctrl+S
/// writes them into the tuning file in force. It keeps what it shows, where it is and what
/// it holds back.
final class TweakPanelControl: WindowComponent {
    private let context: HostContext
    private let window: OpaquePointer
    private let compositor: Compositor
    private let canvasSize: Size
    /// The panel of the scene shown, made when it is first opened.
    private(set) var panel: TweakPanel?
    private let view = TweakPanelView()
    private(set) var isOpen = false
    /// The panel's last revision applied to the scene.
    private var appliedRevision = -1
    /// When values were last applied, on the wall clock: a drag applies a few times a second.
    private var appliedAt = -Double.infinity
    /// The press being dragged on the panel, from its start to its release.
    private var drag: TweakPanelView.Target?
    /// The footer's line: where a save goes, or what the last one did.
    private var status = ""
    /// The panel's values last applied over the files.
    private var appliedSource: TuningSource?
    /// The files' sources last shown, so a file saved by hand shows in the panel.
    private var files: [TuningSource] = []
    /// Points the window grew by to make room for the panel, to give back when it closes.
    private var grewBy = 0.0
    /// The panel's left edge in output pixels and the pixels per point, as last drawn.
    private var originX = 0.0
    private var pixelRatio = 1.0
    private var height = 0.0
    /// Whether it is drawn over the scene (a narrow window) rather than beside it.
    private var overlaps = false
    /// Where the canvas is drawn in the window, as last drawn: pointers come in its points.
    var viewport = Viewport(scale: 1, offset: .zero)

    init(context: HostContext, window: OpaquePointer, compositor: Compositor, canvasSize: Size) {
        self.context = context
        self.window = window
        self.compositor = compositor
        self.canvasSize = canvasSize
    }

    /// The seconds between applications while a value is dragged.
    static let interval = 0.1

    /// P, and the panel's own keys while it is open; `false` leaves `key` to the others.
    func handle(_ key: KeyPress, at time: Double) -> Bool {
        if key.key == "p" && key.modifiers.isEmpty && panel?.typing == nil {
            toggle()
            return true
        }
        guard isOpen, let panel else { return false }
        let fine = key.modifiers.contains(.shift)
        if key.key == "s" && key.modifiers == .ctrl {
            save()
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
        case "escape": toggle()
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

    private func toggle() {
        if isOpen {
            panel?.commitTyping()
            isOpen = false
            resize(opening: false)
            return
        }
        if panel == nil { makePanel() }
        guard panel != nil else {
            context.warn("\(context.scene.name) has no tuning to tweak")
            return
        }
        status = context.scene.tweaking?.tuningFileName ?? "no file"
        isOpen = true
        resize(opening: true)
    }

    /// A new scene is shown: the same one made anew (new code) takes the panel's unsaved
    /// values over its files, in a panel of its tuning's fields when the code changed them;
    /// another scene gets a panel of its own, and unsaved values of the last one are said to
    /// be dropped.
    func sceneDidChange(from previous: String?) {
        guard var current = panel else { return }
        files = context.scene.tweaking?.fileTuningSources ?? []
        if previous == context.scene.name {
            if let fresh = context.scene.tweaking?.makeTweakPanel(), !fresh.hasFields(of: current) {
                fresh.takeValues(of: current)
                current = fresh
                panel = fresh
                appliedRevision = fresh.revision
            }
            appliedSource = current.source
            if let source = current.source { context.scene.tweaking?.applyTweaks(source) }
            return
        }
        if current.hasUnsavedValues, let previous {
            context.warn("the tweak panel's unsaved values for \(previous) were dropped")
        }
        panel = nil
        guard isOpen else { return }
        makePanel()
        status = context.scene.tweaking?.tuningFileName ?? "no file"
        if panel == nil {
            isOpen = false
            resize(opening: false)
        }
    }

    /// The panel of the scene shown, holding the values in force.
    private func makePanel() {
        panel = context.scene.tweaking?.makeTweakPanel()
        appliedRevision = panel?.revision ?? -1
        appliedSource = panel?.source
        files = context.scene.tweaking?.fileTuningSources ?? []
    }

    /// Widens the window by the panel's width when the screen has room, and gives it back.
    func resize(opening: Bool) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        if opening {
            var mode = SDL_DisplayMode()
            let room = SDL_GetDesktopDisplayMode(0, &mode) == 0 ? Double(mode.w) * 0.95 - Double(w) : 0
            guard room >= TweakPanelView.width else { return }
            grewBy = TweakPanelView.width
        } else if grewBy == 0 {
            return
        }
        let change = opening ? grewBy : -grewBy
        if !opening { grewBy = 0 }
        SDL_SetWindowSize(window, w + Int32(change), h)
    }

    /// Ctrl+S: the panel's changed values into the tuning file in force.
    private func save() {
        guard let panel else { return }
        panel.commitTyping()
        guard panel.hasUnsavedValues else {
            status = "nothing to save; \(context.scene.tweaking?.tuningFileName ?? "no file")"
            panel.bump()
            return
        }
        switch context.scene.tweaking?.saveTweaks(panel.changes) ?? .failure(TweakSaveFailure(message: "\(context.scene.name) has no tuning file")) {
        case .success(let line):
            panel.saved()
            appliedRevision = panel.revision
            appliedSource = nil
            files = context.scene.tweaking?.fileTuningSources ?? []
            status = "saved " + line
        case .failure(let failure):
            status = failure.message
            context.warn(failure.message)
        }
    }

    /// Applies the panel's values when they changed (a few times a second while dragged), and
    /// takes in a tuning file saved by hand.
    func frameWillAdvance(now: Double) {
        guard let panel else { return }
        let files = context.scene.tweaking?.fileTuningSources ?? []
        if files != self.files {
            self.files = files
            try? panel.filesChanged(files)
        }
        guard panel.revision != appliedRevision, panel.typing == nil else { return }
        if drag != nil && now - appliedAt < Self.interval { return }
        let before = appliedSource
        let source = panel.source
        appliedRevision = panel.revision
        guard source != before else { return }
        appliedSource = source
        appliedAt = now
        context.scene.tweaking?.applyTweaks(source)
    }


    /// The output pixels the canvas is fitted into: the whole output, or what the open panel
    /// leaves beside it. A window too narrow for both shows the panel over the scene.
    func canvasArea(output: Size, pixelRatio: Double) -> Size {
        self.pixelRatio = pixelRatio
        height = output.height / pixelRatio
        let panelWidth = TweakPanelView.width * pixelRatio
        originX = output.width - panelWidth
        let left = output.width - panelWidth
        let fitted = min(left / canvasSize.width, output.height / canvasSize.height)
        let whole = min(output.width / canvasSize.width, output.height / canvasSize.height)
        overlaps = fitted < whole * 0.6
        guard isOpen, !overlaps else { return output }
        return Size(left, output.height)
    }

    /// Draws the open panel at the output's right edge.
    func draw() {
        guard isOpen, let panel else { return }
        view.update(panel, height: height, title: context.scene.name, status: status)
        let viewport = Viewport(scale: pixelRatio, offset: Point(x: originX.rounded(), y: 0))
        compositor.drawOverlay(RenderList(root: view.layer), viewport: viewport,
                               canvas: Size(TweakPanelView.width, height))
    }

    /// A pointer on the open panel, or dragging from a press on it: the panel's, and no one
    /// else's. `pointer` is in canvas points, as the window translates it.
    func handle(_ pointer: PointerEvent) -> Bool {
        guard isOpen, let panel = panel, pointer.phase != .hover else { return false }
        let device = viewport.devicePoint(pointer.location)
        let point = Point(x: (device.x - originX) / pixelRatio, y: device.y / pixelRatio)
        let onPanel = point.x >= 0
        switch pointer.phase {
        case .began:
            guard onPanel else { return false }
            drag = view.target(at: point)
            press(drag, at: point, on: panel, first: true)
            return true
        case .moved:
            guard let drag = drag else { return onPanel }
            press(drag, at: point, on: panel, first: false)
            return true
        case .ended, .cancelled:
            let wasOurs = drag != nil || onPanel
            drag = nil
            // The value a drag ended on applies at once.
            frameWillAdvance(now: context.clock.now)
            return wasOurs
        case .hover:
            return false
        }
    }

    private func press(_ target: TweakPanelView.Target?, at point: Point, on panel: TweakPanel, first: Bool) {
        let fine = InputTranslator.heldModifiers().shift
        switch target {
        case .slider(let knob, let minX, let maxX):
            panel.focus(on: knob)
            panel.set(fraction: (point.x - minX) / (maxX - minX), of: panel.knobs[knob], fine: fine)
        case .toggle(let knob) where first:
            panel.focus(on: knob)
            panel.adjust(by: 1, fine: false)
        case .option(let knob, let index) where first:
            panel.focus(on: knob)
            panel.choose(index, of: panel.knobs[knob])
        case .swatch(let knob, let index) where first:
            panel.focus(on: knob)
            panel.pickSwatch(index, of: panel.fields[panel.knobs[knob].field].key)
        case .box(let knob) where first:
            panel.focus(on: knob)
            panel.beginTyping()
        case .reset(let key) where first:
            panel.reset(key)
        default:
            break
        }
    }

    /// The wheel over the open panel scrolls its fields.
    func wheel(_ wheel: SDL_MouseWheelEvent) -> Bool {
        guard isOpen, let mouse = mouse(in: window),
              mouse.x * pixelRatio >= originX else { return false }
        view.scroll(by: Double(-wheel.y) * 40, height: height)
        return true
    }
}
