import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime

/// Assembles a scene of the catalogue and the session that hosts it: the one way the
/// window, offline renders, benches and R's replays get a scene.
///
/// A hosting holds what every scene of a run shares (canvas, seed, event sink, tuning);
/// `offline` hears the scene through a mixer of its own, `session` hosts it silently, and
/// `context` gives the window the context its live scenes are made with.
package struct SceneHosting {
    /// The scene's name in the catalogue.
    package var scene: String
    /// The canvas the scene is made for.
    package var canvasSize: Size
    /// Where the scene's random choices start.
    package var seed: UInt64
    /// Where the scene's events go: `nil` for nowhere.
    package var events: EventSink?
    /// The tuning the scene is made with.
    package var tuning: [TuningSource]

    /// A hosting of scene `scene` on a canvas `canvasSize` large.
    package init(scene: String, canvasSize: Size, seed: UInt64, events: EventSink? = nil, tuning: [TuningSource] = []) {
        self.scene = scene
        self.canvasSize = canvasSize
        self.seed = seed
        self.events = events
        self.tuning = tuning
    }

    /// The context the scene is made with, hearing `audio`, shaking `haptics`, switching
    /// scenes through `open`.
    package func context(audio: AudioService = SilentAudio(), haptics: HapticsService = NoHaptics(),
                 open: @escaping (String?) -> Void = { _ in }) -> SceneContext {
        var context = SceneContext(canvasSize: canvasSize, events: events, seed: seed, audio: audio, haptics: haptics,
                                   openScene: open)
        context.tuningSources = tuning
        return context
    }

    /// The scene made with `context`; `nil` when the catalogue has no scene of that name.
    package func makeScene(context: SceneContext) -> Scene? {
        PlatformAssetReader.install()
        Assets.setSceneFolders(Self.assetFolders(ofScene: scene))
        return SceneCatalog.make(scene, context: context)
    }

    /// Where the scene `name` keeps its own assets: its prototype folder's `Assets/` and the
    /// folder itself, searched before Kiln's `Resources/Assets/`.
    package static func assetFolders(ofScene name: String) -> [URL] {
        guard let folder = PrototypeFolder.folder(ofScene: name)?.url else { return [] }
        return [folder.appendingPathComponent("Assets"), folder]
    }

    /// How a step back or a scrub makes scene `name` anew: with the tuning given, in a session
    /// logging its input and playing the log given, its sounds (into `audio`), impacts, events
    /// and scene switches (through `open`) held behind a gate until it has caught up. Callable
    /// from any thread: it does not touch the process's asset folders.
    package func resimulation(of name: String, audio: AudioService = SilentAudio(), haptics: HapticsService = NoHaptics(),
                              open: @escaping (String?) -> Void = { _ in }, showsTouches: Bool = false,
                              device: String? = nil, capturing: Bool = false) -> Resimulation {
        { log, tuning in
            let gate = ServiceGate(audio: audio, haptics: haptics, events: events)
            var gated = self
            gated.events = gate.gatedEvents
            var context = gated.context(audio: gate.gatedAudio, haptics: gate.gatedHaptics, open: gate.gatedOpen(open))
            context.tuningSources = tuning
            let scene = SceneCatalog.make(name, context: context) ?? LauncherScene(context: context)
            let session = SceneSession(scene: scene, script: log, showsTouches: showsTouches)
            session.startInputLog(device: device, seed: seed)
            if capturing {
                session.startCapture(device: device, seed: seed)
                session.capturesScript = true
            }
            return (session, gate)
        }
    }

    /// The scene in a silent session of its own, playing `script`: `nil` for an unknown scene.
    package func session(script: InputScript? = nil) -> HostedSession? {
        guard let made = makeScene(context: context()) else { return nil }
        return HostedSession(session: SceneSession(scene: made, script: script), capturePath: nil)
    }

    /// The scene in a session for an offline render: heard through a new `OfflineMixer`
    /// on a manual clock unless `isMuted`, playing the script `script` gives for it, with
    /// touches when `showsTouches`, and the HUD `hud` makes (if any) over its frames.
    /// `nil` when the catalogue has no scene of that name.
    package func offline(isMuted: Bool, script: (Scene) -> InputScript? = { _ in nil }, showsTouches: Bool = false,
                 hud: (SceneSession) -> RenderHUD? = { _ in nil }) -> HostedSession? {
        let clock = ManualClock()
        let mixer = isMuted ? nil : OfflineMixer(clock: clock)
        guard let made = makeScene(context: context(audio: mixer ?? SilentAudio())) else { return nil }
        mixer?.prepare(type(of: made).sounds)
        let session = SceneSession(scene: made, script: script(made), showsTouches: showsTouches)
        if mixer != nil { session.clock = clock }
        return HostedSession(session: session, capturePath: nil, reportsProblems: false, hud: hud(session), mixer: mixer)
    }
}
