import KilnCore
import KilnRuntime

/// What a host needs of a scene to show it: its layers, its time and its input. The `kiln`
/// executable adapts scenes (with their scripts and captures) to this, so the platform layer
/// depends on the core alone. What only some hosts use comes in roles a scene may have: its
/// ``history`` (steps back, scrubs, the timeline, reloads that keep their place), its
/// ``tweaking`` (the tweak panel) and its ``recording`` (R).
package protocol HostedScene: AnyObject {
    /// The scene's name, shown in the window title.
    var name: String { get }
    var root: Layer { get }
    var backgroundColor: Color { get }
    /// The home screen: Esc there quits instead of going home.
    var isHome: Bool { get }
    /// One frame of scene time.
    func advance(to time: Double)
    func handle(_ event: PointerEvent)
    /// `false` when the scene does not use the key.
    func handle(_ key: KeyPress, at time: Double) -> Bool
    /// Called when the scene is left or the window closes.
    func close()
    /// Lines where the scene's behaviour changes, for the HUD.
    var guides: [ThresholdGuide] { get }
    /// Layers drawn over the scene, such as touch indicators; each its own tree.
    var overlays: [Layer] { get }
    /// A layer tree drawn last, over the scene and its overlays, at the output's scale, as
    /// the HUD is: `nil` for none.
    var overlay: Layer? { get }
    /// Why the scene's input script stopped part way (a layer it names is missing), `nil`
    /// while it plays or when there is none: frames after it would pass for what was asked.
    var scriptProblem: (any Error)? { get }
    /// What R renders again from this scene, and the journal it marks: `nil` for a scene
    /// that keeps no input log, which R cannot record.
    var recording: RecordingSource? { get }
    /// The scene's input history, for steps back, scrubs, the timeline and reloads that keep
    /// their place: `nil` for a scene that keeps none.
    var history: (any SceneHistory)? { get }
    /// The scene's tuning as the tweak panel edits it: `nil` for a scene without one.
    var tweaking: (any TweakableScene)? { get }
}

/// A scene's input history: what lets a host take it back to an earlier moment.
package protocol SceneHistory: AnyObject {
    /// Makes the scene anew and re-simulates it from its input log up to `time` (a step
    /// back, a scrub); the log after `time` is dropped, and live input continues from there.
    /// `false` when the scene keeps no log to do it from.
    func rewind(to time: Double) -> Bool
    /// The session's touches and events and how far it has run, in the host's scene time:
    /// what the timeline strip shows. `nil` for a scene that keeps no log.
    var timeline: SessionTimeline? { get }
    /// Gets ready for scrubs near `time`: a hint, which a scene may ignore.
    func prepareToScrub(near time: Double)
    /// Where the session is at window time `time`: its input up to then, for a scene made
    /// anew (new code) to take up. `nil` for a scene that keeps no log.
    func place(at time: Double) -> ScenePlace?
    /// Replays `place`'s input into this (new) scene up to its moment; `false` when it cannot.
    func resume(from place: ScenePlace) -> Bool
}

/// A scene's tuning, as the tweak panel shows, applies and saves it.
package protocol TweakableScene: AnyObject {
    /// The scene's tuning as the tweak panel edits it, holding the values in force; `nil`
    /// when it has no fields.
    func makeTweakPanel() -> TweakPanel?
    /// Applies the tweak panel's unsaved values over the files (`nil`: none any more), the
    /// scene made anew and replayed to the same moment.
    func applyTweaks(_ source: TuningSource?)
    /// Writes the tweak panel's changes into the tuning file in force; what it did or why it
    /// could not, in one line.
    func saveTweaks(_ changes: [TuningChange]) -> Result<String, TweakSaveFailure>
    /// The tuning files' own sources, without the panel's values: a file saved by hand shows
    /// in the panel.
    var fileTuningSources: [TuningSource] { get }
    /// The file a save writes, as messages name it.
    var tuningFileName: String? { get }
}

/// Why the tweak panel's values were not saved, in one line.
package struct TweakSaveFailure: Error {
    package let message: String

    package init(message: String) {
        self.message = message
    }
}

/// A session's place: its scene, its input up to a moment, and the moment, in window time.
package struct ScenePlace {
    package var scene: String
    package var log: InputScript
    package var time: Double

    package init(scene: String, log: InputScript, time: Double) {
        self.scene = scene
        self.log = log
        self.time = time
    }
}

extension HostedScene {
    package var guides: [ThresholdGuide] { [] }
    package var overlays: [Layer] { [] }
    package var overlay: Layer? { nil }
    package var scriptProblem: (any Error)? { nil }
    package var recording: RecordingSource? { nil }
    package var history: (any SceneHistory)? { nil }
    package var tweaking: (any TweakableScene)? { nil }
}
