import ArgumentParser
import KilnCore
import KilnPlatform
import KilnRuntime

/// `kiln [SCENE]`: the live window.
struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the window on the launcher or on a scene.")

    @Argument(help: "The scene to open: \(SceneCatalog.names.joined(separator: ", ")); or a prototype folder, or an asset file (.svg, .png, .jpg, .webp, .gif, Lottie .json) to show alone.")
    var scene: String?

    @OptionGroup var canvas: CanvasOptions

    @OptionGroup var live: LiveSceneOptions

    @OptionGroup(title: "Pen replay") var pen: PenReplayOptions

    @Option(help: "Close the window after this many seconds.")
    var quitAfter: Double?

    @Option(help: "Write what you do in the first scene to this file as an input script.")
    var capture: String?

    @Option(help: "Read pen pressure from this evdev tablet, like /dev/input/event5 (readable pens are also found on their own).")
    var tablet: String?

    @OptionGroup var hud: HUDOptions

    @OptionGroup(title: "Recording (R)") var recording: RecordingOptions

    func validate() throws {
        if let scene, !AssetPreview.isAssetArgument(scene) { try CanvasOptions.validateScene(scene) }
        try validateQuitAfter(quitAfter)
    }

    func run() throws {
        try checkCapturePath(capture)
        let preview = try scene.flatMap { try AssetPreview.argument($0, background: .previewBackdrop) }
        try openWindow(scene: preview?.name ?? scene.map(resolveScene), script: nil, canvas: canvas, live: live,
                       replay: pen.loadEvemu(), quitAfter: quitAfter, capture: capture, tablet: tablet, showsHUD: hud.hud,
                       recording: recording, device: preview?.asset.device(for: canvas))
    }
}

/// `kiln play SCRIPT`: plays an input script live in the window, then hands over to the user.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play an input script live in the window; afterwards the scene is yours.")

    @Argument(help: "The script (JSON), which names its scene.")
    var script: String

    @OptionGroup var canvas: CanvasOptions

    @OptionGroup var live: LiveSceneOptions

    @Option(help: "Close the window after this many seconds.")
    var quitAfter: Double?

    @OptionGroup var hud: HUDOptions

    @OptionGroup(title: "Recording (R)") var recording: RecordingOptions

    func validate() throws {
        try validateQuitAfter(quitAfter)
    }

    func run() throws {
        try registerPrototype(containingScript: script)
        let input = try loadScript(script, for: nil)
        guard let scene = input.scene else {
            warn("\(script): the script names no scene; add \"scene\": \"laser\" (or another) at its top")
            throw ExitCode(1)
        }
        try openWindow(scene: scene, script: input, canvas: canvas, live: live, replay: nil,
                       quitAfter: quitAfter, capture: nil, showsHUD: hud.hud, recording: recording)
    }
}

/// Checks `--quit-after`: a number of seconds above 0 (`nan` would never quit).
func validateQuitAfter(_ seconds: Double?) throws {
    if let seconds, !(seconds > 0 && seconds <= 1e6) {
        throw ValidationError("--quit-after takes seconds above 0, up to 1000000.")
    }
}

/// Checks a `--capture` path before the window opens: the capture is written when the
/// window closes, and a path that cannot take it would lose everything done in the window.
func checkCapturePath(_ capture: String?) throws {
    if let capture, let problem = OutputPath.problem(writingFileAt: capture) {
        warn("cannot capture to \(capture): \(problem)")
        throw ExitCode(1)
    }
}

/// What `kiln dev` adds to the window it opens on a prototype.
struct PrototypeWindowHooks {
    /// Wraps each scene made, so that it follows reloads; its second argument asks the window
    /// to show a scene by name.
    var decorate: (HostedScene, @escaping (String?) -> Void) -> HostedScene
    /// The prototype's scene, which `--tuning` and a re-capture follow: `nil` until its code
    /// has compiled once.
    var mainScene: () -> String?
    /// What the window shows in place of the launcher while the prototype has never compiled,
    /// for a canvas of the size given; `nil` once it has.
    var waiting: (Size, @escaping (String?) -> Void) -> HostedScene?
    /// Where a window lost to the prototype's code had got to, for the prototype's scene to
    /// take up when it first shows.
    var startPlace: ScenePlace?
}

/// Opens the window on a scene and runs it until closed. The first scene shown plays the
/// script or the pen replay, and is the one captured; with `recapturesScene`, every fresh
/// scene of `scene` (a prototype reloaded by `kiln dev`) is captured anew, so that the
/// capture replays against the code that ran it. A scene retuned by a saved tuning file
/// is captured anew too. `device`, when given, is the canvas instead of the options' (an
/// asset file's own size). `prototype` is what `kiln dev` adds.
func openWindow(scene: String?, script: InputScript?, canvas: CanvasOptions, live: LiveSceneOptions,
                replay: EvemuReplay?, quitAfter: Double?, capture: String?, recapturesScene: Bool = false,
                tablet: String? = nil, showsHUD: Bool = false, recording: RecordingOptions, device preset: DevicePreset? = nil,
                prototype: PrototypeWindowHooks? = nil) throws {
    let device = try preset ?? canvas.resolveDevice(script: script)
    let main = { prototype?.mainScene() ?? scene }
    let seed = canvas.resolveSeed(script: script)
    let events: EventSink? = canvas.events ? JSONLinePrinter() : nil
    var isFirst = true
    let host: WindowHost
    // Sounds are synthesized once for the whole run, when the first scene opens (so that no
    // display is said alone); no audio device is one warning, then silence.
    var sounds: AudioService?
    let haptics = ControllerHaptics()
    var settings = recording.settings
    settings.isMuted = live.mute
    var journal: SessionJournal?
    let watchdog = WindowWatchdog()
    let saver = LiveClipSaver(settings: settings, device: device)
    do {
        var options = WindowHost.Options(device: device, quitAfter: quitAfter, clipSaver: saver) { name, open in
            if name == nil, let waiting = prototype?.waiting(device.size, open) { return waiting }
            let audio = sounds ?? (live.mute ? SilentAudio() : MixerAudio.make(sounds: SceneCatalog.sounds, warn: warn))
            sounds = audio
            let tuning = name.flatMap { live.tuningFiles(for: $0, named: main()) }
            // The scene's events go to the timeline's marks on their way out.
            let marks = EventMarks(passingTo: events)
            let hosting = SceneHosting(scene: name ?? SceneCatalog.homeName, canvasSize: device.size, seed: seed,
                                       events: marks, tuning: tuning?.sources ?? [])
            let context = hosting.context(audio: audio, haptics: haptics, open: open)
            watchdog.sceneOpening(hosting.scene)
            let made = hosting.makeScene(context: context) ?? LauncherScene(context: context)
            let played = isFirst ? script ?? replay?.script(for: made, canvasSize: device.size) : nil
            let session = SceneSession(scene: made, script: played, showsTouches: recording.touches)
            // Everything the scene gets is logged, so that R can render it again offline.
            session.startInputLog(device: device.name, seed: seed)
            let captured = isFirst || (recapturesScene && name == main()) ? capture : nil
            if captured != nil { session.startCapture(device: device.name, seed: seed) }
            isFirst = false
            context.emit("scene.opened", at: 0, ["scene": .string(made.name)])
            // A saved tuning file makes the scene anew with the new values.
            let remake: ([TuningSource]) -> SceneSession = { sources in
                var retuned = context
                retuned.tuningSources = sources
                let scene = SceneCatalog.make(made.name, context: retuned) ?? made
                context.emit("tuning.applied", at: 0, ["scene": .string(made.name)])
                let retunedSession = SceneSession(scene: scene, showsTouches: recording.touches)
                retunedSession.startInputLog(device: device.name, seed: seed)
                // What was captured before the retune replays on the old values only.
                if captured != nil { retunedSession.startCapture(device: device.name, seed: seed) }
                return retunedSession
            }
            // A step back or a scrub makes the scene anew and plays the log into it, unheard.
            let resimulate = hosting.resimulation(of: made.name, audio: audio, haptics: haptics, open: open,
                                                  showsTouches: recording.touches, device: device.name,
                                                  capturing: captured != nil)
            let hosted = HostedSession(session: session, capturePath: captured, tuning: tuning, remake: remake,
                                       journal: journal, watchesAssets: true, resimulate: resimulate, eventMarks: marks)
            hosted.keepsPlace = (live.reload ?? (recapturesScene ? .keep : .restart)) == .keep
            return prototype?.decorate(hosted, open) ?? hosted
        }
        options.tabletPath = tablet
        options.startPlace = prototype?.startPlace
        options.speed = settings.speed
        options.keepsPlace = (live.reload ?? (recapturesScene ? .keep : .restart)) == .keep
        options.timeEvents = events.map { sink in { sink.record($0) } }
        options.showsHUD = showsHUD
        host = try WindowHost(options: options)
    } catch {
        warn("\(error)")
        throw ExitCode(2)
    }
    // Only a window that opened keeps a journal; its scenes are made once it runs.
    journal = SessionJournal.startForWindow(settings: settings, device: device)
    watchdog.start(journal: journal)
    host.run(scene: scene == "launcher" ? nil : scene)
    watchdog.stop()
    saver.finishSaves(interrupted: TerminationSignals.pending != nil)
    // Closed cleanly (Esc, the window's close button, SIGINT or SIGTERM): nothing to recover.
    journal?.remove()
}
