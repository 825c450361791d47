// The live window: a resizable SDL window with the device canvas letterboxed inside it,
// HiDPI aware, stepping with vsync. Esc returns to the launcher (or quits from it).
// Limits: needs a display (X11 or XWayland); `kiln render` works without one.
import CSDL2
import Foundation
import KilnCore
import KilnScenes

/// Runs scenes in a window until the user closes it.
public final class WindowHost {
    public struct Options {
        public var device: DevicePreset
        public var seed: UInt64
        public var events: EventSink?
        /// Quit after this many seconds (for tests and demos); `nil` runs until closed.
        public var quitAfter: Double?
        /// A script to play on the first scene shown.
        public var script: InputScript?
        /// Where to write the live input of the first scene as a script.
        public var capturePath: String?
        /// Receives one-line warnings for the user.
        public var warn: (String) -> Void

        public init(device: DevicePreset, seed: UInt64 = 1, events: EventSink? = nil, quitAfter: Double? = nil,
                    script: InputScript? = nil, capturePath: String? = nil, warn: @escaping (String) -> Void = { _ in }) {
            self.device = device
            self.seed = seed
            self.events = events
            self.quitAfter = quitAfter
            self.script = script
            self.capturePath = capturePath
            self.warn = warn
        }
    }

    private var options: Options
    private let window: OpaquePointer
    private let renderer: SDLRenderer
    private let compositor: Compositor
    private var translator = InputTranslator()
    private var session: SceneSession!
    private var scene: Scene { session.scene }
    private var sceneStart = 0.0
    private var scenesShown = 0
    private var reportedScriptProblem = false
    private var pendingScene: String??
    private let clock = SystemClock()

    /// Opens the window; throws `PlatformError.noDisplay` when there is no display to open it on.
    public init(options: Options) throws {
        self.options = options
        // SDL converts window titles to the X server's text encodings through the C
        // library's locale; in the default "C" locale a title like "Kiln — gallery" is lost.
        setlocale(LC_ALL, "")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw PlatformError.noDisplay("no display: \(sdlError()). To render without one, use `kiln render SCENE --out FILE.png`.")
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
        compositor = Compositor(renderer: renderer)
    }

    deinit {
        session = nil
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// Shows `sceneName` (or the launcher) and runs until the window closes.
    public func run(scene sceneName: String?) {
        show(sceneName)
        var running = true
        while running {
            let now = clock.now
            var event = SDL_Event()
            let ticksNow = Double(SDL_GetTicks64()) / 1000
            while SDL_PollEvent(&event) != 0 {
                running = handle(event, time: sceneTime(of: event, now: now, ticksNow: ticksNow)) && running
            }
            if let next = pendingScene {
                pendingScene = nil
                show(next)
            }
            if let limit = options.quitAfter, now >= limit { running = false }
            drawFrame(time: clock.now - sceneStart)
            throttle(frameStart: now)
        }
        finishCapture()
    }

    /// When the event happened, in scene time: SDL stamps events as they arrive (in
    /// milliseconds since SDL started), so several events handled in one frame keep their
    /// own times and a pan's velocity stays right.
    private func sceneTime(of event: SDL_Event, now: Double, ticksNow: Double) -> Double {
        let eventTicks = Double(event.common.timestamp) / 1000
        let age = max(0, min(0.5, ticksNow - eventTicks))
        return max(0, now - age - sceneStart)
    }

    /// Keeps an idle window from spinning when the display does not honour vsync (Xvfb,
    /// some remote desktops): at most about 120 frames a second.
    private func throttle(frameStart: Double) {
        let spent = clock.now - frameStart
        let budget = 1.0 / 120
        if spent < budget { SDL_Delay(UInt32((budget - spent) * 1000)) }
    }

    private func show(_ name: String?) {
        finishCapture()
        let context = SceneContext(canvasSize: options.device.size, events: options.events, seed: options.seed,
                                   openScene: { [weak self] in self?.pendingScene = .some($0) })
        let scene = SceneCatalog.make(name ?? "launcher", context: context) ?? LauncherScene(context: context)
        let isFirst = scenesShown == 0
        scenesShown += 1
        session = SceneSession(scene: scene, script: isFirst ? options.script : nil)
        if isFirst && options.capturePath != nil {
            session.startCapture(device: options.device.name, seed: options.seed)
        }
        sceneStart = clock.now
        SDL_SetWindowTitle(window, "Kiln — \(scene.name)")
        context.emit("scene.opened", at: 0, ["scene": .string(scene.name)])
    }

    /// Returns `false` when the app should quit.
    private func handle(_ event: SDL_Event, time: Double) -> Bool {
        switch translator.translate(event, time: time) {
        case .quit:
            return false
        case .key(let key) where key.key == "escape" && key.modifiers.isEmpty:
            if scene is LauncherScene { return false }
            pendingScene = .some(nil)
        case .key(let key):
            _ = session.handle(key, at: time)
        case .pointer(let pointer):
            session.handle(pointer)
        case .resized, nil:
            break
        }
        return true
    }

    /// Writes the captured input of the first scene, once.
    private func finishCapture() {
        guard let path = options.capturePath, let recorder = session?.recorder else { return }
        options.capturePath = nil
        do {
            try Data((recorder.jsonText + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            options.warn("captured \(recorder.script.steps.count) steps of \(scene.name) to \(path)")
        } catch {
            options.warn("cannot write the capture to \(path): \(error.localizedDescription)")
        }
    }

    private func drawFrame(time: Double) {
        session.advance(to: time)
        if let problem = session.scriptProblem, !reportedScriptProblem {
            reportedScriptProblem = true
            options.warn("the script stopped: \(problem)")
        }
        let output = renderer.outputSize
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        translator.windowSize = Size(Double(w), Double(h))
        translator.pixelRatio = Point(x: Double(output.width) / Double(max(w, 1)),
                                      y: Double(output.height) / Double(max(h, 1)))
        let viewport = Viewport.fitting(canvas: options.device.size,
                                        into: Size(Double(output.width), Double(output.height)))
        translator.viewport = viewport
        compositor.draw(RenderList(root: scene.root), viewport: viewport, canvas: options.device.size,
                        background: scene.backgroundColor)
        SDL_RenderPresent(renderer.handle)
    }
}
