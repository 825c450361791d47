import Foundation
import KilnPlatform
import KilnRuntime

/// A prototype kept live in the window (`kiln dev`): each frame takes what the reloader
/// finished, registers a new version and asks the window to show a fresh scene of it, or
/// keeps the running scene and shows the compiler's first error in a red banner.
///
/// A loaded version's library stays mapped (`PrototypeLoader`), with any thread its code
/// started: after `mostVersions` versions the window closes and `kiln dev` opens a fresh
/// one on the newest, so that a long session holds a bounded number of them.
package final class LivePrototype {
    /// Versions a window loads before `kiln dev` opens a fresh one, unless told otherwise.
    package static let defaultMostVersions = 32
    /// The reloader watching the folder.
    package let reloader: PrototypeReloader
    /// Versions this window loads before it asks for a fresh one.
    package let mostVersions: Int
    /// Versions loaded into this process so far, the first included.
    private var versions: Int
    /// The prototype's scene, `nil` while its code has never compiled.
    package private(set) var sceneName: String?
    /// Where the session is written while new code replays it, so that a crash part way
    /// loses no place: the next window replays it again (`kiln dev`).
    package var placeFile: SessionPlaceFile?
    /// Whether the window closed to be opened afresh on the newest version.
    package private(set) var needsFreshWindow = false
    private let events: EventSink?
    /// The compile or load problem of the sources as they are, shown over every scene.
    package private(set) var problem: PrototypeProblem?
    /// A swap asked for and not shown yet: the version, and when the window was asked.
    private var pendingSwap: (loaded: LoadedPrototype, askedAt: Double)?
    private let clock = SystemClock()

    /// The banner's layer name.
    package static let bannerName = "prototypeBanner"
    /// What follows a compile error while no version has compiled.
    static let waitingLine = "the window shows the prototype once a save compiles"

    /// Keeps `loaded` live, or waits for a save that compiles when there is none (`problem`
    /// says why); reloads go through `reloader`; `events` receives a `prototype.reloaded`
    /// event per swap, with its times.
    package init(loaded: LoadedPrototype?, problem: PrototypeProblem? = nil, reloader: PrototypeReloader,
                 events: EventSink?, mostVersions: Int = defaultMostVersions) {
        self.reloader = reloader
        self.mostVersions = mostVersions
        self.events = events
        self.problem = problem
        versions = loaded == nil ? 0 : 1
        if let loaded { take(loaded) }
    }

    /// Registers `loaded` and says that a crash or an exit from here on is its.
    private func take(_ loaded: LoadedPrototype) {
        sceneName = loaded.prototype.name
        SceneCatalog.register(loaded.prototype)
        PrototypeCrashReport.arm(scene: loaded.prototype.name, folder: reloader.folder.displayName)
        PrototypeExit.arm(scene: loaded.prototype.name, folder: reloader.folder.displayName)
    }

    /// What the window takes from the prototype: scenes that follow reloads, the scene the
    /// options follow, an empty canvas under the compile error while no version has
    /// compiled, and `startPlace` for the prototype's scene to take up.
    func windowHooks(startPlace: ScenePlace?) -> PrototypeWindowHooks {
        PrototypeWindowHooks(
            decorate: wrap, mainScene: { [unowned self] in sceneName },
            waiting: { [unowned self] size, open in
                guard sceneName == nil else { return nil }
                return LivePrototypeScene(PrototypeWaitingScene(name: reloader.folder.url.lastPathComponent, canvasSize: size),
                                          live: self, open: open)
            },
            startPlace: startPlace)
    }

    /// The window's scene, made by the usual factory, wrapped so that it follows reloads;
    /// `open` asks the window to show a scene by name.
    package func wrap(_ scene: HostedScene, open: @escaping (String?) -> Void) -> HostedScene {
        // How far new code has replayed the session, for a crash's line.
        (scene as? HostedSession)?.replayProgress = { PrototypeCrashReport.replayReached($0) }
        return LivePrototypeScene(scene, live: self, open: open)
    }

    /// New code is about to replay `place`: it is written aside, and a crash from here on
    /// says how far the replay got.
    fileprivate func replayBegins(_ place: ScenePlace) {
        placeFile?.write(place)
        PrototypeCrashReport.replayBegins(to: place.time)
    }

    /// The replay is over: its place is no longer needed.
    fileprivate func replayEnded() {
        PrototypeCrashReport.replayEnds()
        placeFile?.remove()
    }

    /// Called once a frame by the scene showing.
    fileprivate func poll(open: (String?) -> Void) {
        guard let outcome = reloader.takeOutcome() else { return }
        switch outcome {
        case .loaded(let loaded):
            versions += 1
            if versions > mostVersions && WindowSupervisor.isFollowingSupervisor {
                guard !needsFreshWindow else { return }
                needsFreshWindow = true
                Console.warn("this window has loaded \(mostVersions) versions of \(loaded.prototype.name), whose code stays "
                             + "loaded: kiln dev opens a fresh window on the newest")
                WindowHost.requestQuit()
                return
            }
            problem = nil
            take(loaded)
            pendingSwap = (loaded, clock.now)
            open(loaded.prototype.name)
        case .failed(let failure):
            problem = failure
            if case .compile(let compile) = failure {
                FileHandle.standardError.write(Data(compile.output.utf8))
            }
            Console.warn("\(failure) — " + (sceneName == nil ? Self.waitingLine : "the last good build keeps running"))
        }
    }

    /// Called when a scene appears: a swap it completes is reported.
    fileprivate func sceneAppeared(_ name: String) {
        guard let swap = pendingSwap, swap.loaded.prototype.name == name else { return }
        pendingSwap = nil
        let now = clock.now
        let total = Date().timeIntervalSince1970 - swap.loaded.savedAt
        let swapSeconds = now - swap.askedAt
        Console.warn(String(format: "reloaded %@ %.2f s after the save (compile %.2f, load %.3f, swap %.3f)",
                            name, total, swap.loaded.compileSeconds, swap.loaded.loadSeconds, swapSeconds))
        events?.record(SceneEvent(time: 0, name: "prototype.reloaded", fields: [
            "scene": .string(name), "module": .string(swap.loaded.moduleName),
            "compile_ms": .number(Self.milliseconds(swap.loaded.compileSeconds)),
            "load_ms": .number(Self.milliseconds(swap.loaded.loadSeconds)),
            "swap_ms": .number(Self.milliseconds(swapSeconds)),
            "save_to_screen_ms": .number(Self.milliseconds(total)),
        ]))
    }

    private static func milliseconds(_ seconds: Double) -> Double { (seconds * 10_000).rounded() / 10 }

    /// The problem as the banner shows it.
    fileprivate var bannerError: TuningError? {
        guard let problem else { return nil }
        if case .compile(let failure) = problem, let first = failure.firstError {
            return TuningError(file: first.file.split(separator: "/").last.map(String.init) ?? first.file,
                               line: first.line, message: first.message)
        }
        return TuningError(file: reloader.folder.displayName, line: nil, message: problem.description)
    }
}

/// A scene of a live prototype: the hosted session as usual, plus the reload check and the
/// compile-error banner each frame.
final class LivePrototypeScene: HostedScene {
    private let inner: HostedScene
    private let live: LivePrototype
    private let open: (String?) -> Void
    private var hasAppeared = false
    private var bannerShown: TuningError?

    init(_ inner: HostedScene, live: LivePrototype, open: @escaping (String?) -> Void) {
        self.inner = inner
        self.live = live
        self.open = open
    }

    var name: String { inner.name }
    var root: Layer { inner.root }
    var backgroundColor: Color { inner.backgroundColor }
    var isHome: Bool { inner.isHome }
    var guides: [ThresholdGuide] { inner.guides }
    var overlays: [Layer] { inner.overlays }
    var overlay: Layer? { inner.overlay }
    var recording: RecordingSource? { inner.recording }
    var scriptProblem: (any Error)? { inner.scriptProblem }

    func advance(to time: Double) {
        if !hasAppeared {
            hasAppeared = true
            live.sceneAppeared(name)
        }
        live.poll(open: open)
        inner.advance(to: time)
        updateBanner()
    }

    func handle(_ event: PointerEvent) { inner.handle(event) }
    func handle(_ key: KeyPress, at time: Double) -> Bool { inner.handle(key, at: time) }
    func close() { inner.close() }
    var tweaking: (any TweakableScene)? { inner.tweaking }
    var history: (any SceneHistory)? { inner.history.map { LiveHistory(inner: $0, live: live) } }

    /// The banner follows the problem, and comes back over a scene remade by a tuning save.
    private func updateBanner() {
        let error = live.bannerError
        let existing = root.layer(named: LivePrototype.bannerName)
        guard error != bannerShown || (error != nil && existing == nil) else { return }
        existing?.removeFromSuperlayer()
        bannerShown = error
        guard let error else { return }
        let title = live.sceneName == nil ? "Code does not compile — the prototype shows once a save compiles"
            : "Code not reloaded — the last good build keeps running"
        let banner = TuningBanner.make(for: error, canvasSize: root.bounds.size, title: title)
        banner.name = LivePrototype.bannerName
        root.addSublayer(banner)
    }
}

/// A live prototype's history: the session's, with a replay into new code marked as one, so
/// that a crash during it is reported as the replay's.
private final class LiveHistory: SceneHistory {
    private let inner: any SceneHistory
    private let live: LivePrototype

    init(inner: any SceneHistory, live: LivePrototype) {
        self.inner = inner
        self.live = live
    }

    func rewind(to time: Double) -> Bool { inner.rewind(to: time) }
    var timeline: SessionTimeline? { inner.timeline }
    func prepareToScrub(near time: Double) { inner.prepareToScrub(near: time) }
    func place(at time: Double) -> ScenePlace? { inner.place(at: time) }
    func resume(from place: ScenePlace) -> Bool {
        live.replayBegins(place)
        defer { live.replayEnded() }
        return inner.resume(from: place)
    }
}
