import CSDL2
import KilnCore
@testable import KilnPlatform
@testable import KilnRuntime
import Testing

/// SDL events become canvas-space pointer events and keys in one place, through the
/// letterboxing viewport (X2) and the display's pixel ratio.
@Suite("Input translation and the window-to-canvas mapping")
struct InputTranslatorTests {
    static let canvas = DevicePreset.iPhone14.size

    @Test("The canvas is letterboxed: the largest whole fit, centred, and points map back and forth")
    func letterbox() {
        let viewport = Viewport.fitting(canvas: Self.canvas, into: Size(1280, 800))
        #expect(viewport.scale == 800 / Self.canvas.height)
        #expect(viewport.offset == Point(((1280 - Self.canvas.width * viewport.scale) / 2).rounded(), 0))
        for p in [Point(0, 0), Point(195, 422), Point(390, 844), Point(12.5, 700.25)] {
            let back = viewport.canvasPoint(viewport.devicePoint(p))
            #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        }
        let tall = Viewport.fitting(canvas: Self.canvas, into: Size(600, 2000))
        #expect(tall.scale == 600 / Self.canvas.width && tall.offset.x == 0 && tall.offset.y > 0)
    }

    /// A translator for a window of `window` points on a display with `ratio` pixels per point.
    func translator(window: Size, ratio: Double) -> InputTranslator {
        var translator = InputTranslator()
        translator.pixelRatio = Point(ratio, ratio)
        translator.windowSize = window
        translator.viewport = Viewport.fitting(canvas: Self.canvas, into: window * ratio)
        return translator
    }

    func mouse(_ type: SDL_EventType, x: Int32, y: Int32, which: UInt32 = 0) -> SDL_Event {
        var event = SDL_Event()
        event.button.type = type.rawValue
        event.button.which = which
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.x = x
        event.button.y = y
        return event
    }

    func motion(x: Int32, y: Int32, which: UInt32 = 0) -> SDL_Event {
        var event = SDL_Event()
        event.motion.type = SDL_MOUSEMOTION.rawValue
        event.motion.which = which
        event.motion.x = x
        event.motion.y = y
        return event
    }

    func pointer(_ action: InputAction?) -> PointerEvent? {
        if case .pointer(let event) = action { event } else { nil }
    }

    @Test("A HiDPI window maps mouse positions through its pixel ratio and the letterbox; a press drags, a lift hovers")
    func mouseOnHiDPI() throws {
        var t = translator(window: Size(640, 400), ratio: 2)
        let expected = t.viewport.canvasPoint(Point(300 * 2, 200 * 2))

        let down = try #require(pointer(t.translate(mouse(SDL_MOUSEBUTTONDOWN, x: 300, y: 200), time: 1)))
        let drag = try #require(pointer(t.translate(motion(x: 310, y: 200), time: 1.1)))
        let up = try #require(pointer(t.translate(mouse(SDL_MOUSEBUTTONUP, x: 310, y: 200), time: 1.2)))
        let hover = try #require(pointer(t.translate(motion(x: 320, y: 210), time: 1.3)))

        #expect(down.phase == .began && down.location == expected && down.device == .mouse && down.timestamp == 1)
        #expect(drag.phase == .moved && abs(drag.location.x - down.location.x - 20 / t.viewport.scale) < 1e-9)
        #expect(up.phase == .ended && hover.phase == .hover)
    }

    @Test("Alt-drag pinches about the point pressed: a pinch on a card near the top gets both fingers")
    func altDragPinchesAboutThePress() throws {
        var t = translator(window: Size(390, 844), ratio: 1)
        t.modifiers = { (alt: true, shift: false) }
        let root = Layer()
        root.frame = Rect(origin: .zero, size: Self.canvas)
        let card = Layer()
        card.frame = Rect(20, 40, 350, 200)
        root.addSublayer(card)
        let dispatcher = GestureDispatcher(root: root)
        let pinch = PinchGestureRecognizer()
        dispatcher.add(pinch, to: card)
        func fingers(_ action: InputAction?) -> [PointerEvent] {
            if case .pointers(let events) = action { events } else { [] }
        }

        let down = fingers(t.translate(mouse(SDL_MOUSEBUTTONDOWN, x: 195, y: 140), time: 0))
        let moved = fingers(t.translate(motion(x: 145, y: 140), time: 0.1))
        (down + moved).forEach(dispatcher.handle)

        #expect(down.map(\.location) == [Point(145, 140), Point(245, 140)])
        #expect(moved.map(\.location) == [Point(95, 140), Point(295, 140)])
        #expect(dispatcher.recognizers(capturing: TwoFingerMouse.fingerIDs.second).map { $0 === pinch } == [true])
        #expect(pinch.state == .changed && pinch.scale == 2)
    }

    @Test("Mouse events SDL makes up from touches are dropped; the finger events stand for them")
    func touchMouseDropped() {
        var t = translator(window: Size(390, 844), ratio: 1)
        #expect(t.translate(mouse(SDL_MOUSEBUTTONDOWN, x: 10, y: 10, which: UInt32.max), time: 0) == nil)
        #expect(t.translate(motion(x: 12, y: 10, which: UInt32.max), time: 0) == nil)
    }

    @Test("A finger's normalized position lands on the canvas, as a touch pointer of its own")
    func finger() throws {
        var t = translator(window: Size(390, 844), ratio: 1)
        var event = SDL_Event()
        event.tfinger.type = SDL_FINGERDOWN.rawValue
        event.tfinger.fingerId = 3
        event.tfinger.x = 0.5
        event.tfinger.y = 0.25
        event.tfinger.pressure = 1

        let touch = try #require(pointer(t.translate(event, time: 2)))

        #expect(touch.phase == .began && touch.device == .touch && touch.id == 1003)
        #expect(abs(touch.location.x - 195) < 1e-6 && abs(touch.location.y - 211) < 1e-6)
    }

    @Test("Keys come with their modifiers")
    func keys() {
        var t = translator(window: Size(390, 844), ratio: 1)
        var event = SDL_Event()
        event.key.type = SDL_KEYDOWN.rawValue
        event.key.keysym.sym = SDL_Keycode(SDLK_z.rawValue)
        event.key.keysym.mod = UInt16(KMOD_LCTRL.rawValue)

        guard case .key(let key) = t.translate(event, time: 0) else {
            Issue.record("no key")
            return
        }
        #expect(key.modifiers == [.ctrl])
        #expect(key == KeyPress("z", modifiers: .ctrl))
    }

    @Test("A modifier pressed alone is no key: Alt held for two fingers reaches no scene and no capture")
    func modifiersAlone() {
        var t = translator(window: Size(390, 844), ratio: 1)
        for (sym, mod) in [(SDLK_LALT, KMOD_LALT), (SDLK_RALT, KMOD_RALT), (SDLK_LSHIFT, KMOD_LSHIFT),
                           (SDLK_RCTRL, KMOD_RCTRL), (SDLK_LGUI, KMOD_LGUI)] {
            var event = SDL_Event()
            event.key.type = SDL_KEYDOWN.rawValue
            event.key.keysym.sym = SDL_Keycode(sym.rawValue)
            event.key.keysym.mod = UInt16(mod.rawValue)
            #expect(t.translate(event, time: 0) == nil, "\(sym)")
        }
    }
}
