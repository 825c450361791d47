// The live window: a resizable SDL window with the device canvas letterboxed inside it,
// HiDPI aware, stepping with vsync. Esc returns to the launcher (or quits from it).
// Limits: needs a display (X11 or XWayland); `kiln render` works without one.
import CSDL2
import Foundation
@_spi(Fuzzing) import KilnCore
import KilnRuntime

/// Runs scenes in a window until the user closes it.
public final class WindowHost {
    public struct Options {
        public var device: DevicePreset
        /// Quit after this many seconds (for tests and demos); `nil` runs until closed.
        public var quitAfter: Double?
        /// Makes the scene with a name (`nil`: home); the second argument asks to switch scenes.
        package var makeScene: (_ name: String?, _ open: @escaping (String?) -> Void) -> HostedScene
        /// An evdev tablet to read pressure from (`--tablet`), besides the pens found on their own.
        public var tabletPath: String?
        /// Where one-line messages go (pens found or gone, an unusable tablet).
        public var warn: (String) -> Void = { FileHandle.standardError.write(Data(("kiln: " + $0.printable + "\n").utf8)) }
        /// Show the HUD from the start (F1 toggles it).
        public var showsHUD = false
        /// Saves what R records; `nil` leaves R to the scenes.
        package var clipSaver: ClipSaver?
        /// Scene seconds per second of the wall clock at the start (`--speed`); S cycles it.
        public var speed = 1.0
        /// Told each change of scene time made with the keys (`time.paused`, `time.resumed`,
        /// `time.stepped`, `time.speed`), at the scene time it leaves the scene at.
        package var timeEvents: ((SceneEvent) -> Void)?
        /// Whether a scene opened again under its own name (code reloaded) replays the
        /// session's input up to the same moment, rather than starting afresh.
        public var keepsPlace = false
        /// A place the first scene of its name takes up when it shows, as new code does: the
        /// session a window lost to a crash had got to (`kiln dev`). Only with `keepsPlace`.
        package var startPlace: ScenePlace?

        package init(device: DevicePreset, quitAfter: Double? = nil, tabletPath: String? = nil,
                    clipSaver: ClipSaver? = nil,
                    makeScene: @escaping (String?, @escaping (String?) -> Void) -> HostedScene) {
            self.device = device
            self.quitAfter = quitAfter
            self.tabletPath = tabletPath
            self.clipSaver = clipSaver
            self.makeScene = makeScene
        }
    }

    let options: Options
    let window: OpaquePointer
    private let renderer: SDLRenderer
    let compositor: Compositor
    /// The scene's frame, kept between frames so that each draws only what changed.
    private let canvas: WindowCanvas
    private var translator = InputTranslator()
    private let pens: PenInput
    /// The scene shown and its time, which every part of the window sees.
    let context: HostContext
    private var pendingScene: String??
    /// The options' start place, until a scene has taken it up.
    private var startPlace: ScenePlace?
    private let hud: HUD
    /// Where a mouse's two fingers are, shown over the scene while Alt is held.
    private let twoFingerGuide: TwoFingerGuide
    /// A touchpad's pinch and rotate, where the X server has XInput 2.4.
    private let touchpad: TouchpadGestureReader?
    /// The tweak panel (P), open or not.
    private let tweaks: TweakPanelControl
    private let timeline: TimelineScrubber
    /// D: what each frame changes, tinted.
    private let damageView: DamageView
    /// The parts of the window that see keys and pointers before the HUD and the scene, in
    /// the order they see them: the tweak panel, R, the time keys, the timeline strip.
    private let components: [WindowComponent]

    /// Opens the window; throws `PlatformError.noDisplay` when there is no display to open it on.
    public init(options: Options) throws {
        PlatformAssetReader.install()
        self.options = options
        startPlace = options.keepsPlace ? options.startPlace : nil
        hud = HUD(canvasSize: options.device.size, isVisible: options.showsHUD)
        twoFingerGuide = TwoFingerGuide(canvasSize: options.device.size)
        let context = HostContext(speed: options.speed, warn: options.warn, timeEvents: options.timeEvents)
        self.context = context
        // SDL converts window titles to the X server's text encodings through the C
        // library's locale; in the default "C" locale a title like "Kiln — gallery" is lost.
        setlocale(LC_ALL, "")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        do { try SDLVideo.start() } catch {
            throw PlatformError.noDisplay("\(error); to render without one, use `kiln render SCENE --out FILE.png`")
        }
        let size = options.device.size
        // Start at a comfortable size: the canvas at 1×, shrunk to fit a small screen.
        var mode = SDL_DisplayMode()
        let fit = SDL_GetDesktopDisplayMode(0, &mode) == 0 && mode.h > 0
            ? min(1, Double(mode.h) * 0.9 / size.height, Double(mode.w) * 0.9 / size.width) : 1
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard let window = SDL_CreateWindow("Kiln", Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                            Int32(size.width * fit), Int32(size.height * fit), flags) else {
            SDL_Quit()
            throw PlatformError.noDisplay("cannot open a window: \(sdlError()). To render without a display, use `kiln render`.")
        }
        self.window = window
        SDL_SetWindowMinimumSize(window, 200, 200)
        renderer = try SDLRenderer(window: window, vsync: true)
        compositor = WindowCompositor(renderer: renderer)
        canvas = WindowCanvas(renderer: renderer, compositor: compositor)
        tweaks = TweakPanelControl(context: context, window: window, compositor: compositor, canvasSize: size)
        timeline = TimelineScrubber(context: context, canvasSize: size)
        let recording = options.clipSaver.map { RecordingControl(context: context, saver: $0, canvasSize: size) }
        damageView = DamageView(context: context, canvasSize: size)
        components = [tweaks] + (recording.map { [$0] } ?? []) + [TimeKeys(context: context, canvasSize: size), timeline,
                                                                  damageView]
        pens = PenInput.forWindow(window, tabletPath: options.tabletPath, warn: options.warn)
        touchpad = x11Reference(of: window).flatMap { reference in
            let reader = try? TouchpadGestureReader(displayName: reference.displayName)
            reader?.attach(window: reference.window)
            return reader
        }
    }

    deinit {
        context.scene = nil
        SDL_DestroyWindow(window)
        // Only what this host started: audio and controllers may outlive the window.
        SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
    }

    /// Asks the running window to close, as its close button does; from any thread.
    public static func requestQuit() {
        var event = SDL_Event()
        event.type = SDL_QUIT.rawValue
        SDL_PushEvent(&event)
    }

    /// Shows `sceneName` (or the launcher) and runs until the window closes.
    public func run(scene sceneName: String?) {
        show(sceneName)
        var running = true
        while running {
            let now = clock.now
            let time = context.dial.time(atWall: now)
            var event = SDL_Event()
            let ticksNow = Double(SDL_GetTicks64()) / 1000
            for loss in pens.poll(eventTime: time) {
                hud.record(loss)
            }
            while SDL_PollEvent(&event) != 0 {
                // A renderer that lost its targets (a GPU reset) lost the kept frame with them.
                switch SDL_EventType(event.type) {
                case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET: canvas.forget()
                default: break
                }
                running = handle(event, time: sceneTime(of: event, now: now, ticksNow: ticksNow)) && running
            }
            let translator = translator
            for pointer in touchpad?.poll(time: time, canvasPoint: {
                translator.canvasPoint(windowX: $0.x, windowY: $0.y)
            }) ?? [] {
                hud.record(pointer)
                scene.handle(pointer)
            }
            // Pressing harder in place moves no pointer: the pens' changes come as events of their own.
            for pointer in pens.catchUp(at: time) {
                hud.record(pointer)
                deliver(hud.route(pointer, root: scene.root, now: now))
            }
            deliver(hud.releaseHeldPress(now: now))
            if let next = pendingScene {
                pendingScene = nil
                show(next)
            }
            if let limit = options.quitAfter, now >= limit { running = false }
            drawFrame(time: context.sceneTime)
            throttle(frameStart: now)
        }
        scene.close()
    }

    private var clock: SystemClock { context.clock }
    private var scene: HostedScene { context.scene }

    /// Keeps an idle window from spinning when the display does not honour vsync (Xvfb,
    /// some remote desktops): at most about 120 frames a second.
    private func throttle(frameStart: Double) {
        let spent = clock.now - frameStart
        let budget = 1.0 / 120
        if spent < budget { SDL_Delay(UInt32((budget - spent) * 1000)) }
    }

    private func show(_ name: String?) {
        let shown = context.scene
        if shown != nil { components.forEach { $0.sceneWillChange() } }
        // The same scene again is new code: it can take up the session where it was.
        var place = options.keepsPlace && shown?.name == name ? shown?.history?.place(at: context.sceneTime) : nil
        if place == nil, let start = startPlace, start.scene == name { place = start }
        shown?.close()
        context.scene = options.makeScene(name) { [weak self] in self?.pendingScene = .some($0) }
        if let place, scene.history?.resume(from: place) == true {
            if startPlace?.scene == scene.name { startPlace = nil }
            context.dial.jump(to: place.time, atWall: clock.now)
        } else {
            context.dial.restart(atWall: clock.now)
        }
        components.forEach { $0.sceneDidChange(from: shown?.name) }
        SDL_SetWindowTitle(window, "Kiln — \(scene.name)")
    }

    /// Returns `false` when the app should quit.
    private func handle(_ event: SDL_Event, time: Double) -> Bool {
        if SDL_EventType(event.type) == SDL_MOUSEWHEEL, tweaks.wheel(event.wheel) { return true }
        switch translator.translate(event, time: time) {
        case .quit:
            return false
        case .key(let key) where key.key == "escape" && key.modifiers.isEmpty && !tweaks.isOpen:
            if scene.isHome { return false }
            pendingScene = .some(nil)
        case .key(let key):
            if components.contains(where: { $0.handle(key, at: time) }) { break }
            if !hud.handle(key) { _ = scene.handle(key, at: time) }
        case .pointer(let pointer):
            // A release held back for a press that outlives its lost pen reaches no one.
            guard let merged = pens.merge(pointer) else { break }
            if components.contains(where: { $0.handle(merged) }) { break }
            hud.record(merged)
            deliver(hud.route(merged, root: scene.root, now: clock.now))
        case .pointers(let pointers):
            for pointer in pointers {
                context.resumeOnTouch(pointer)
                hud.record(pointer)
                scene.handle(pointer)
            }
        case .resized, nil:
            break
        }
        return true
    }

    /// Pointer events for the scene (those the HUD's layer picking let through).
    private func deliver(_ pointers: [PointerEvent]) {
        for pointer in pointers {
            context.resumeOnTouch(pointer)
            scene.handle(pointer)
        }
    }

    private func drawFrame(time: Double) {
        let start = clock.now
        components.forEach { $0.frameWillAdvance(now: start) }
        scene.advance(to: time)
        let updated = clock.now
        let output = renderer.outputSize
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        translator.windowSize = Size(Double(w), Double(h))
        translator.pixelRatio = Point(x: Double(output.width) / Double(max(w, 1)),
                                      y: Double(output.height) / Double(max(h, 1)))
        let area = tweaks.canvasArea(output: Size(Double(output.width), Double(output.height)),
                                     pixelRatio: Double(output.width) / Double(max(w, 1)))
        let viewport = Viewport.fitting(canvas: options.device.size, into: area)
        translator.viewport = viewport
        tweaks.viewport = viewport
        translator.followKeys(mouseAt: mouse(in: window))
        twoFingerGuide.update(from: translator.twoFingers)
        components.forEach { $0.frameWillDraw() }
        hud.speedLabel = context.dial.label
        // The badges and the HUD are drawn after the scene; recordings are rendered again
        // from the session's input, without them.
        let shown = [scene.root] + scene.overlays + components.filter { $0 !== damageView }.flatMap(\.overlays)
        damageView.measure(RenderList(roots: shown), compositor: compositor, viewport: viewport, canvas: options.device.size)
        canvas.drawFrame {
            compositor.draw(RenderList(roots: shown + damageView.overlays), viewport: viewport,
                            canvas: options.device.size, background: scene.backgroundColor)
        }
        if twoFingerGuide.isShowing {
            compositor.drawOverlay(RenderList(root: twoFingerGuide.layer), viewport: viewport, canvas: options.device.size)
        }
        drawHUD(viewport: viewport, now: start, sceneTime: time)
        tweaks.draw()
        let rendered = clock.now
        SDL_RenderPresent(renderer.handle)
        hud.record(FrameSample(time: start, update: (updated - start) * 1000, render: (rendered - updated) * 1000,
                               present: (clock.now - rendered) * 1000))
    }

    /// The HUD over the scene, when shown: an overlay of its own, never part of the scene.
    private func drawHUD(viewport: Viewport, now: Double, sceneTime: Double) {
        guard hud.isVisible else { return }
        hud.update(now: now, scene: scene.root, guides: scene.guides, sceneTime: sceneTime)
        compositor.drawOverlay(RenderList(root: hud.root), viewport: viewport, canvas: options.device.size)
    }
}
