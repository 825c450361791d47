import KilnCore
import KilnRuntime

/// What R needs of a scene shown in the window: its logged input, rendered again offline
/// from the scene's start, and the session's journal, told where recordings start and stop.
///
/// A scene that wraps another (a live prototype's) hands on the inner scene's source, so
/// a saver never needs to know which kind of scene the window shows.
package protocol RecordingSource: AnyObject {
    /// The scene's name, as recordings are named after it.
    var name: String { get }
    /// The window's scene time at which the scene's log starts: a scene made anew (a saved
    /// tuning file) logs from 0 again.
    var logOrigin: Double { get }
    /// R started a recording at window scene time `time`.
    func recordingStarted(at time: Double)
    /// R ended the recording, which is being saved.
    func recordingStopped()
    /// A maker of offline scenes replaying the input logged so far from the scene's start,
    /// as `options` asks; it is called on the saving thread, once per pass.
    func replay(_ options: ReplayOptions) -> @Sendable () -> OfflineScene
}

/// How a recording's offline replay looks and sounds.
public struct ReplayOptions: Sendable {
    /// The canvas the scene is replayed on.
    public var device: DevicePreset
    /// Whether the replay is silent (a window opened muted).
    public var isMuted: Bool
    /// Whether the touch indicators show.
    public var showsTouches: Bool
    /// Whether the HUD is drawn over the frames.
    public var showsHUD: Bool

    /// Options for a replay on `device`'s canvas.
    public init(device: DevicePreset, isMuted: Bool = false, showsTouches: Bool = false, showsHUD: Bool = false) {
        self.device = device
        self.isMuted = isMuted
        self.showsTouches = showsTouches
        self.showsHUD = showsHUD
    }
}
