import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime

/// A scene session as the window and the offline renders host it: its script, its capture,
/// its tuning files watched and applied as they are saved, in the window the files its
/// layers show reloaded in place as they are saved, problems reported once, and a HUD over
/// offline frames.
package final class HostedSession: HostedScene, SceneHistory, TweakableScene, RecordingSource {
    /// The session hosted; a retuned scene replaces it.
    package private(set) var session: SceneSession
    private let capturePath: String?
    private var reportedProblem = false
    /// How many of the script's notes have been said.
    private var reportedNotes = 0
    /// The scene's tuning files, watched while it runs (X4).
    let tuning: TuningFiles?
    private let remake: (([TuningSource]) -> SceneSession)?
    /// Makes the scene anew, playing a log, behind a shut gate: what a rewind re-simulates.
    let resimulate: Resimulation?
    /// The images, SVG and Lottie files the scene shows, watched while it runs in a window.
    private let assets: AssetWatcher?
    /// Scene time when the current scene was made: a retuned scene starts from 0.
    package private(set) var timeOrigin = 0.0
    var lastTime = 0.0
    /// The gate in front of what the current scene does, when it was made behind one.
    var gate: ServiceGate?
    /// The scene's events, for the timeline's marks.
    let eventMarks: EventMarks?
    /// Sessions parked along the log for scrubbing back, made on a thread of their own.
    package let checkpoints: ScrubCheckpoints?
    /// Whether a saved tuning file replays the session's input into the retuned scene up to
    /// the same moment, rather than starting it afresh.
    package var keepsPlace = false
    /// Told the session time each frame reaches while new code replays a place into the
    /// scene (`resume(from:)`).
    package var replayProgress: ((Double) -> Void)?
    private let wallClock = SystemClock()
    /// The HUD drawn over offline frames, for videos that show it.
    let hud: RenderHUD?
    /// Where the scene's sounds are mixed in an offline render.
    package let mixer: OfflineMixer?
    /// The session as an offline render takes it: itself, and the mixer it is heard through.
    package var offlineScene: OfflineScene { OfflineScene(self, mixer: mixer) }
    /// Where the window keeps the input log on disk as it grows, for `kiln recover`.
    let journal: SessionJournal?
    /// The tuning the current scene's log started with and the changes made part way, which
    /// R's recording and the journal show from their moments on.
    package internal(set) var tuningHistory: TuningHistory
    /// Offline, the changes of a replayed history still to come.
    package var scheduledRetuning: ScheduledRetuning?
    /// How far the session had run, in session time, when it was scrubbed back: the strip
    /// keeps that length while the scene replays its log, so that it does not shrink to the
    /// last touch under the pointer.
    var scrubbedEnd: Double?

    /// `remake` makes the scene anew from tuning sources, when `tuning` reports a saved change;
    /// `reportsProblems: false` leaves a stopped script to the caller to report; `hud` is
    /// drawn over offline frames; `mixer`, the scene's audio service offline, makes the
    /// clip's sound track; `journal` keeps the input log on disk, frame by frame;
    /// `watchesAssets` reloads the layers whose files are saved again (the window's scenes;
    /// an offline render reads each file as it is when the scene is made); `resimulate`
    /// makes the scene anew for a rewind.
    package init(session: SceneSession, capturePath: String?, tuning: TuningFiles? = nil,
         remake: (([TuningSource]) -> SceneSession)? = nil, reportsProblems: Bool = true, hud: RenderHUD? = nil,
         mixer: OfflineMixer? = nil, journal: SessionJournal? = nil, watchesAssets: Bool = false,
         resimulate: Resimulation? = nil, eventMarks: EventMarks? = nil) {
        self.session = session
        self.resimulate = resimulate
        self.eventMarks = eventMarks
        checkpoints = resimulate.map(ScrubCheckpoints.init)
        self.journal = journal
        self.hud = hud
        self.mixer = mixer
        self.capturePath = capturePath
        self.tuning = tuning
        self.remake = remake
        assets = watchesAssets ? AssetWatcher(loads: AssetLoads()) : nil
        reportedProblem = !reportsProblems
        tuningHistory = TuningHistory(start: tuning?.sources ?? [])
        if let problem = tuning?.problem { showBanner(problem) }
        startJournal()
    }

    /// The hosted scene's name.
    package var name: String { session.scene.name }
    /// The hosted scene's root layer.
    package var root: Layer { session.scene.root }
    /// The colour behind the hosted scene.
    package var backgroundColor: Color { session.scene.backgroundColor }
    package var isHome: Bool { session.scene.name == SceneCatalog.homeName }
    package var guides: [ThresholdGuide] { session.scene.guides }
    /// The tuning in force, for recordings rendered again offline.
    package var tuningSources: [TuningSource] { tuning?.sources ?? [] }
    package var overlays: [Layer] { session.overlays }
    package var overlay: Layer? { hud?.hud.root }
    /// The session itself, when it logs its input: R renders that again.
    package var recording: RecordingSource? { session.inputLog == nil ? nil : self }
    /// The session's input history; its parts say when there is no log to go back through.
    package var history: (any SceneHistory)? { self }
    /// The scene's tuning; its parts say when there is none.
    package var tweaking: (any TweakableScene)? { self }
    /// Why the session's script stopped part way, if it did.
    package var scriptProblem: (any Error)? { session.scriptProblem }
    /// Where the current scene's log starts in window time: when it was made.
    package var logOrigin: Double { timeOrigin }

    /// Marks the start of a recording in the journal, if one is kept.
    package func recordingStarted(at time: Double) { journal?.recordingStarted(at: time) }

    /// Marks the end of a recording in the journal, if one is kept.
    package func recordingStopped() { journal?.recordingStopped() }

    /// Offline sessions replaying the input logged so far, with the tuning in force.
    package func replay(_ options: ReplayOptions) -> @Sendable () -> OfflineScene {
        let script = session.inputLog?.script ?? InputScript(scene: name, steps: [])
        let name = name, tuning = tuningHistory
        return { LiveClipSaver.replay(script, of: name, tuning: tuning, options: options).offlineScene }
    }

    package func advance(to time: Double) {
        lastTime = time
        if scheduledRetuning != nil { retuneAsScheduled(before: time - timeOrigin) }
        if let tuning { retune(tuning.poll(now: wallClock.now)) }
        // Before the frame advances, so that a saved file shows in this very frame.
        if let assets { Console.report(assets.poll(session.scene.root, now: wallClock.now)) }
        if let hud {
            hud.advance(session, to: time - timeOrigin)
        } else {
            session.advance(to: time - timeOrigin)
        }
        if !reportedProblem {
            for note in session.scriptNotes.dropFirst(reportedNotes) { warn("\(note)") }
            reportedNotes = session.scriptNotes.count
        }
        if let problem = session.scriptProblem, !reportedProblem {
            reportedProblem = true
            warn("the script stopped: \(problem)")
        }
        journal?.endFrame(at: time - timeOrigin)
    }

    /// Hands a pointer event to the session, its time counted from when the current scene was made.
    package func handle(_ event: PointerEvent) {
        var shifted = event
        shifted.timestamp -= timeOrigin
        session.handle(shifted)
    }

    package func handle(_ key: KeyPress, at time: Double) -> Bool {
        session.handle(key, at: time - timeOrigin)
    }

    /// A saved tuning file: the scene is made anew with the values, or the error shows in a
    /// banner while the last good values stay.
    private func retune(_ outcome: TuningFiles.Outcome) {
        Console.report(outcome)
        switch outcome {
        case .unchanged:
            return
        case .applied:
            if keepsPlace, let place = presentPlace, resume(from: place, retuned: true) {
                eventMarks?.record(SceneEvent(time: lastTime - timeOrigin, name: "tuning.applied", fields: ["scene": .string(name)]))
                warn(String(format: "tuning applied to %@, replayed to %.2f s", name, lastTime - timeOrigin))
                return
            }
            if restart() { warn("tuning applied to \(name)") }
        case .rejected(let error):
            showBanner(error)
        }
    }

    /// Makes the scene anew with the tuning in force, starting from now; `false` for a
    /// session that cannot be made anew.
    @discardableResult
    func restart() -> Bool {
        guard let remake else { return false }
        session.scene.leave()
        session = remake(tuningSources)
        timeOrigin = lastTime
        scrubbedEnd = nil
        tuningHistory = TuningHistory(start: tuningSources)
        gate = nil
        eventMarks?.removeAll()
        startJournal()
        return true
    }

    /// Hosts `fresh` in place of the session, its log going to the journal from its start.
    func replace(with fresh: SceneSession) {
        session = fresh
        startJournal()
    }

    /// Starts the scene's part of the journal: its log from here on goes to disk too.
    private func startJournal() {
        guard let journal, let log = session.inputLog else { return }
        journal.beginScene(JournalScene(scene: name, seed: log.seed, origin: timeOrigin, tuning: tuningHistory.start,
                                        folder: PrototypeFolder.folder(ofScene: name)?.url.path,
                                        changes: tuningHistory.changes))
        // A session made elsewhere (parked for scrubbing) brings what it was given so far.
        for output in session.loggedInput { journal.record(output) }
        session.inputLogObserver = { journal.record($0) }
    }

    func showBanner(_ error: TuningError) {
        let root = session.scene.root
        root.layer(named: TuningBanner.name)?.removeFromSuperlayer()
        root.addSublayer(TuningBanner.make(for: error, canvasSize: root.bounds.size))
    }

    deinit {
        checkpoints?.stop()
    }

    /// Writes the capture, if this scene was being captured.
    package func close() {
        checkpoints?.stop()
        session.close()
        guard let path = capturePath, let recorder = session.recorder else { return }
        do {
            try Data((recorder.jsonText + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            warn("captured \(recorder.script.steps.count) steps of \(name) to \(path)")
        } catch {
            warn("cannot write the capture to \(path): \(error.localizedDescription)")
        }
    }
}
