// The one place where SDL events become Kiln values: pointer events in canvas points and
// key presses. Window coordinates are mapped to device pixels (HiDPI) and then, through the
// letterboxing viewport, to the canvas. Mouse events that SDL synthesizes from touches
// (which == SDL_TOUCH_MOUSEID, all bits set) are dropped: the finger events stand for them.
// Finger pressure goes out with source "touch" once it is measured (`TouchPressureFilter`).
// A mouse pressed with Alt held becomes two fingers either side of the pointer
// (`TwoFingerMouse`), as in the iOS Simulator; the keys are read from SDL's modifier state
// when the button goes down.
// Limits: SDL2 reports no pen pressure; `PenHub` merges it in from the tablets.
import CSDL2
import Foundation
import KilnCore
import KilnRuntime

/// What one SDL event means to the app.
enum InputAction {
    case pointer(PointerEvent)
    /// Several pointers moved by one event: a mouse's two fingers.
    case pointers([PointerEvent])
    case key(KeyPress)
    case quit
    case resized
}

/// Translates SDL events, knowing the window-to-canvas mapping.
struct InputTranslator {
    /// Device pixels per window coordinate (2 on a HiDPI display).
    var pixelRatio: Point = Point(1, 1)
    var viewport = Viewport(scale: 1)
    /// The window's size in window coordinates (touch positions come normalized to it).
    var windowSize = Size(1, 1)
    private var mouseDown = false
    /// The two fingers a mouse makes with Alt held, about the point it is pressed at.
    var twoFingers = TwoFingerMouse()
    /// Whether Alt and Shift are held now: SDL's keyboard state unless set.
    var modifiers: () -> (alt: Bool, shift: Bool) = InputTranslator.heldModifiers
    private var touchPressure = TouchPressureFilter()

    /// A window coordinate in canvas points.
    func canvasPoint(windowX: Double, windowY: Double) -> Point {
        viewport.canvasPoint(Point(x: windowX * pixelRatio.x, y: windowY * pixelRatio.y))
    }

    /// The meaning of `event` at time `time`, if it has one.
    mutating func translate(_ event: SDL_Event, time: Double) -> InputAction? {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT:
            let kind = SDL_WindowEventID(UInt32(event.window.event))
            return kind == SDL_WINDOWEVENT_SIZE_CHANGED ? .resized : nil
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            return mouseButton(event.button, time: time)
        case SDL_MOUSEMOTION:
            guard event.motion.which != UInt32.max else { return nil }
            let p = canvasPoint(windowX: Double(event.motion.x), windowY: Double(event.motion.y))
            return mouse(PointerEvent(id: 0, phase: mouseDown ? .moved : .hover, location: p,
                                      timestamp: time, device: .mouse, buttons: Int(event.motion.state)))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            return finger(event.tfinger, time: time)
        case SDL_KEYDOWN:
            return key(event.key)
        default:
            return nil
        }
    }

    private mutating func mouseButton(_ b: SDL_MouseButtonEvent, time: Double) -> InputAction? {
        guard b.which != UInt32.max, b.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
        let down = SDL_EventType(b.type) == SDL_MOUSEBUTTONDOWN
        mouseDown = down
        let p = canvasPoint(windowX: Double(b.x), windowY: Double(b.y))
        return mouse(PointerEvent(id: 0, phase: down ? .began : .ended, location: p, timestamp: time,
                                  device: .mouse, buttons: down ? 1 : 0))
    }

    /// The mouse's event, or its two fingers' while Alt made them.
    private mutating func mouse(_ event: PointerEvent) -> InputAction {
        let held = modifiers()
        if let fingers = twoFingers.handle(event, alt: held.alt, shift: held.shift) { return .pointers(fingers) }
        return .pointer(event)
    }

    /// Whether Alt and Shift are held now, as SDL's keyboard state has it.
    static func heldModifiers() -> (alt: Bool, shift: Bool) {
        let state = Int(SDL_GetModState().rawValue)
        return (state & Int(KMOD_ALT.rawValue) != 0, state & Int(KMOD_SHIFT.rawValue) != 0)
    }

    /// Shows or hides the two fingers' preview as Alt goes down or up with the mouse still:
    /// `mouse` is where the mouse is in window coordinates, `nil` when it is outside the window.
    mutating func followKeys(mouseAt mouse: Point?) {
        guard !twoFingers.isActive else { return }
        let location = mouse.map { canvasPoint(windowX: $0.x, windowY: $0.y) } ?? Point(x: Double.nan, y: .nan)
        twoFingers.hover(at: location, alt: mouse != nil && modifiers().alt)
    }

    private mutating func finger(_ f: SDL_TouchFingerEvent, time: Double) -> InputAction? {
        let phase: PointerPhase = switch SDL_EventType(f.type) {
        case SDL_FINGERDOWN: .began
        case SDL_FINGERUP: .ended
        default: .moved
        }
        let id = 1000 + Int(f.fingerId)
        let pressure = touchPressure.pressure(Double(f.pressure), finger: id, isLifting: phase == .ended)
        return .pointer(PointerEvent(id: id, phase: phase,
                                     location: canvasPoint(windowX: Double(f.x) * windowSize.width,
                                                           windowY: Double(f.y) * windowSize.height),
                                     timestamp: time,
                                     device: .touch, pressure: pressure,
                                     pressureSource: pressure == nil ? nil : "touch"))
    }

    /// Keys that only modify others: held for Alt-drags and shortcuts, never keys of their own.
    static let modifierKeys: Set<SDL_Keycode> = [
        SDLK_LALT, SDLK_RALT, SDLK_LSHIFT, SDLK_RSHIFT, SDLK_LCTRL, SDLK_RCTRL, SDLK_LGUI, SDLK_RGUI, SDLK_MODE,
    ].map { SDL_Keycode($0.rawValue) }.reduce(into: []) { $0.insert($1) }

    private func key(_ k: SDL_KeyboardEvent) -> InputAction? {
        // Alt pressed for a two-finger drag reaches no scene, and no capture writes it down.
        guard !Self.modifierKeys.contains(k.keysym.sym) else { return nil }
        let mod = Int(k.keysym.mod)
        var modifiers: KeyPress.Modifiers = []
        if mod & Int(KMOD_CTRL.rawValue) != 0 { modifiers.insert(.ctrl) }
        if mod & Int(KMOD_SHIFT.rawValue) != 0 { modifiers.insert(.shift) }
        if mod & Int(KMOD_ALT.rawValue) != 0 { modifiers.insert(.alt) }
        if mod & Int(KMOD_GUI.rawValue) != 0 { modifiers.insert(.meta) }
        guard let name = SDL_GetKeyName(k.keysym.sym).map({ String(cString: $0) }), !name.isEmpty else { return nil }
        return .key(KeyPress(name.replacingOccurrences(of: " ", with: ""), modifiers: modifiers))
    }
}
