import KilnCore

/// A scene being shown: its input comes live, from a script, or both, and can be captured.
///
/// Every host (the window, offline rendering, benchmarks, tests) drives scenes through a
/// session, so a script plays the same way everywhere.
package final class SceneSession {
    /// The scene the session runs.
    package let scene: Scene
    private var player: ScriptPlayer?
    /// Records live input when capturing (`--capture`).
    package private(set) var recorder: ScriptRecorder?
    /// Whether the capture also takes what the script plays: a session re-simulated from
    /// its log, whose script is what was done live before.
    package var capturesScript = false
    /// Whether live input ends the script: a session re-simulated from its log up to a
    /// moment plays on what was recorded after it, as a video would, until it is touched;
    /// then the rest is dropped and the scene goes on from there. Pointer moves without
    /// contact (a mouse passing over) do not count, and reach the scene only after that.
    package var forksOnLiveInput = false
    /// Whether the scene has been given live input, besides its script.
    package private(set) var hasLiveInput = false
    /// The script the session plays, while it plays one.
    package var playingScript: InputScript? { isPlayingScript ? player?.script : nil }
    /// Why the script stopped early (a layer it names is missing), if it did.
    package private(set) var scriptProblem: InputScriptError?
    /// The script's steps aimed elsewhere than it says (a layer covered where a pointer was
    /// put down on it), one line each, in order.
    package private(set) var scriptNotes: [InputScriptError] = []
    /// Circles at the pointers, drawn over the scene (`--touches`); `nil` when off.
    package let touchIndicators: TouchIndicators?
    /// Everything the scene has been given since it appeared, scripted and live, when
    /// logging: a stretch of it can be rendered again offline (recording in the window).
    package private(set) var inputLog: ScriptRecorder?
    /// What the input log holds, one output at a time in the order given: the timeline's
    /// marks, and where a log is cut to re-simulate the session up to a moment.
    package private(set) var loggedInput: [ScriptOutput] = []
    /// Told everything the input log records, as it records it (a journal kept on disk).
    package var inputLogObserver: ((ScriptOutput) -> Void)?
    /// Told every pointer event the scene is given, scripted or live (a HUD's pressure graph).
    package var pointerObserver: ((PointerEvent) -> Void)?
    /// Set to each frame's time just before the scene advances to it, so that services
    /// reading it (an offline mixer) stamp what the scene does with the scene's own time:
    /// input is handled at the last frame's time, the update at the new one's.
    package var clock: ManualClock?

    /// A session on `scene`, playing `script` when given, with touch circles when `showsTouches`.
    package init(scene: Scene, script: InputScript? = nil, showsTouches: Bool = false) {
        self.scene = scene
        player = script.map { ScriptPlayer(script: $0) }
        touchIndicators = showsTouches ? TouchIndicators(canvasSize: scene.root.bounds.size) : nil
    }

    /// Layers drawn over the scene: the touch indicators, when shown.
    package var overlays: [Layer] { touchIndicators.map { [$0.layer] } ?? [] }

    /// The script's length in seconds, or `nil` without a script.
    package var scriptDuration: Double? { player?.duration }

    /// Whether a script is still playing.
    package var isPlayingScript: Bool { player.map { !$0.isFinished && $0.problem == nil } ?? false }

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
    package func advance(to time: Double) {
        SceneCode.run(.update) { step(to: time) }
    }

    /// The frame `advance(to:)` runs, inside the scene's code as a watchdog sees it.
    private func step(to time: Double) {
        if var player {
            for output in player.play(upTo: time, on: scene) {
                switch output {
                case .pointer(let event):
                    log(output)
                    if capturesScript { recorder?.record(event) }
                    touchIndicators?.handle(event)
                    pointerObserver?(event)
                case .key(let key, let time):
                    log(output)
                    if capturesScript { recorder?.record(key, at: time) }
                }
            }
            if scriptProblem == nil { scriptProblem = player.problem }
            scriptNotes = player.notes
            self.player = player
        }
        if let clock, time > clock.now { clock.set(to: time) }
        scene.advance(to: time)
        touchIndicators?.advance(to: time)
    }

    /// Live pointer input.
    package func handle(_ event: PointerEvent) {
        if forksOnLiveInput && isPlayingScript {
            guard event.phase != .hover else { return }
            fork(at: event.timestamp)
        }
        hasLiveInput = true
        recorder?.record(event)
        log(.pointer(event))
        touchIndicators?.handle(event)
        pointerObserver?(event)
        SceneCode.run(.pointerHandler) { scene.deliver(event) }
    }

    /// The scene is being left.
    package func close() {
        scene.leave()
    }

    /// Live key input; `false` when the scene does not use the key.
    package func handle(_ key: KeyPress, at time: Double) -> Bool {
        if forksOnLiveInput && isPlayingScript { fork(at: time) }
        hasLiveInput = true
        recorder?.record(key, at: time)
        log(.key(key, time: time))
        return SceneCode.run(.keyHandler) { scene.handle(key) }
    }

    /// Plays `script` from here on in place of the script played so far, which it begins
    /// with up to scene time `time`: a session parked at a moment of a log that has grown since.
    /// The input log, when kept, is what `script` gives up to `time`, as if played from it.
    package func continueScript(_ script: InputScript, playedUpTo time: Double) {
        var continued = ScriptPlayer(script: script)
        let played = continued.events(upTo: time, scene: scene)
        player = continued
        guard inputLog != nil else { return }
        forgetLoggedInput()
        for output in played { log(output) }
    }

    /// Empties the input log, which goes on from here: a session parked along a log, which
    /// `continueScript` gives its log back, holds none meanwhile.
    package func forgetLoggedInput() {
        loggedInput = []
        inputLog = inputLog.map { ScriptRecorder(scene: $0.scene, device: $0.device, seed: $0.seed, startTime: $0.startTime) }
    }

    /// Drops the rest of the script at `time`: a pointer it leaves down is cancelled there, as
    /// a touch is when its view goes away, so no finger stays pressed that nobody presses.
    private func fork(at time: Double) {
        player = nil
        for var pointer in Self.pointersDown(in: loggedInput) {
            pointer.phase = .cancelled
            pointer.timestamp = max(pointer.timestamp, time)
            recorder?.record(pointer)
            log(.pointer(pointer))
            touchIndicators?.handle(pointer)
            SceneCode.run(.pointerHandler) { scene.deliver(pointer) }
        }
    }

    /// The pointers `log` leaves in contact, each as its last event.
    package static func pointersDown(in log: [ScriptOutput]) -> [PointerEvent] {
        var down: [Int: PointerEvent] = [:]
        for case .pointer(let event) in log {
            switch event.phase {
            case .began, .moved: down[event.id] = event
            case .ended, .cancelled: down[event.id] = nil
            case .hover: break
            }
        }
        return down.values.sorted { $0.id < $1.id }
    }

    /// The input log up to scene time `time`, as a script that replays the session from
    /// its start to that moment: what a session re-simulated to `time` is given.
    package func inputLog(upTo time: Double) -> InputScript? {
        guard let inputLog else { return nil }
        var cut = ScriptRecorder(scene: inputLog.scene, device: inputLog.device, seed: inputLog.seed)
        for output in loggedInput where output.time <= time {
            switch output {
            case .pointer(let event): cut.record(event)
            case .key(let key, let time): cut.record(key, at: time)
            }
        }
        return cut.script
    }

    /// Adds `output` to the input log, when logging, and tells the observer.
    private func log(_ output: ScriptOutput) {
        guard inputLog != nil else { return }
        loggedInput.append(output)
        switch output {
        case .pointer(let event): inputLog?.record(event)
        case .key(let key, let time): inputLog?.record(key, at: time)
        }
        inputLogObserver?(output)
    }
}
