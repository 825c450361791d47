
/// A scene being shown: its input comes live, from a script, or both, and can be captured.
///
/// Every host (the window, offline rendering, benchmarks, tests) drives scenes through a
/// session, so a script plays the same way everywhere.
public final class SceneSession {
    /// The scene the session runs.
    public let scene: Scene
    private var player: ScriptPlayer?
    /// Records live input when capturing (`--capture`).
    package private(set) var recorder: ScriptRecorder?
    /// Why the script stopped early (a layer it names is missing), if it did.
    public private(set) var scriptProblem: InputScriptError?
    /// Circles at the pointers, drawn over the scene (`--touches`); `nil` when off.
    package let touchIndicators: TouchIndicators?
    /// Everything the scene has been given since it appeared, scripted and live, when
    /// logging: a stretch of it can be rendered again offline (recording in the window).
    package private(set) var inputLog: ScriptRecorder?
    /// Told everything the input log records, as it records it (a journal kept on disk).
    package var inputLogObserver: ((ScriptOutput) -> Void)?
    /// Told every pointer event the scene is given, scripted or live (a HUD's pressure graph).
    package var pointerObserver: ((PointerEvent) -> Void)?
    /// Set to each frame's time just before the scene advances to it, so that services
    /// reading it (an offline mixer) stamp what the scene does with the scene's own time:
    /// input is handled at the last frame's time, the update at the new one's.
    public var clock: ManualClock?

    /// A session on `scene`, playing `script` when given, with touch circles when `showsTouches`.
    public init(scene: Scene, script: InputScript? = nil, showsTouches: Bool = false) {
        self.scene = scene
        player = script.map { ScriptPlayer(script: $0) }
        touchIndicators = showsTouches ? TouchIndicators(canvasSize: scene.root.bounds.size) : nil
    }

    /// Layers drawn over the scene: the touch indicators, when shown.
    package var overlays: [Layer] { touchIndicators.map { [$0.layer] } ?? [] }

    /// The script's length in seconds, or `nil` without a script.
    public var scriptDuration: Double? { player?.duration }

    /// Whether a script is still playing.
    public var isPlayingScript: Bool { player.map { !$0.isFinished && $0.problem == nil } ?? false }

    /// Starts recording live input for a script of this scene.
    package func startCapture(device: String?, seed: UInt64?) {
        recorder = ScriptRecorder(scene: scene.name, device: device, seed: seed)
    }

    /// Starts logging every input from scene time 0, scripted or live, as a script that
    /// replays this session from its start.
    package func startInputLog(device: String?, seed: UInt64?) {
        inputLog = ScriptRecorder(scene: scene.name, device: device, seed: seed)
    }

    /// One frame: the script's input up to `time`, then the scene and its animations.
    public func advance(to time: Double) {
        SceneCode.run(.update) { step(to: time) }
    }

    /// The frame `advance(to:)` runs, inside the scene's code as a watchdog sees it.
    private func step(to time: Double) {
        if var player {
            for output in player.play(upTo: time, on: scene) {
                switch output {
                case .pointer(let event):
                    log(output)
                    touchIndicators?.handle(event)
                    pointerObserver?(event)
                case .key:
                    log(output)
                }
            }
            if scriptProblem == nil { scriptProblem = player.problem }
            self.player = player
        }
        if let clock, time > clock.now { clock.set(to: time) }
        scene.advance(to: time)
        touchIndicators?.advance(to: time)
    }

    /// Live pointer input.
    public func handle(_ event: PointerEvent) {
        recorder?.record(event)
        log(.pointer(event))
        touchIndicators?.handle(event)
        pointerObserver?(event)
        SceneCode.run(.pointerHandler) { scene.handle(event) }
    }

    /// The scene is being left.
    public func close() {
        scene.leave()
    }

    /// Live key input; `false` when the scene does not use the key.
    public func handle(_ key: KeyPress, at time: Double) -> Bool {
        recorder?.record(key, at: time)
        log(.key(key, time: time))
        return SceneCode.run(.keyHandler) { scene.handle(key) }
    }

    /// Adds `output` to the input log, when logging, and tells the observer.
    private func log(_ output: ScriptOutput) {
        guard inputLog != nil else { return }
        switch output {
        case .pointer(let event): inputLog?.record(event)
        case .key(let key, let time): inputLog?.record(key, at: time)
        }
        inputLogObserver?(output)
    }
}
