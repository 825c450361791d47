// Recording in the window (R). The window does not grab its own frames: those come at the
// display's uneven pace and would stutter. It notes the scene times where a recording
// starts and stops; the `kiln` executable then renders that stretch again offline, from
// the session's logged input, at an exact frame rate, on a thread of its own, while the
// window keeps running. What happens to a save is shared through `RecordingStatus`.
import KilnCore

/// How a save is going, as the window's badge shows it.
public enum SaveState: Sendable, Equatable {
    case idle
    /// Rendering into `path`; `fraction` of the frames are done.
    case saving(path: String, fraction: Double)
    case saved(path: String)
    case failed(String)
}

/// A save's state, written by the rendering thread and read by the window each frame.
public final class RecordingStatus: Sendable {
    private let state = Locked<SaveState>(.idle)

    public init() {}

    public var current: SaveState {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}

/// Saves a stretch of a scene shown in the window as a video (the `kiln` executable's part).
package protocol ClipSaver: AnyObject {
    /// R started a recording of `scene` at scene time `time`; the save comes when it ends.
    func recordingStarted(_ scene: HostedScene, at time: Double)
    /// Starts saving scene time `start ..< end` of `scene` in the background, reporting
    /// through `status`. Called on the window's thread before the scene is closed.
    func save(_ scene: HostedScene, from start: Double, to end: Double, status: RecordingStatus)
}

extension ClipSaver {
    package func recordingStarted(_ scene: HostedScene, at time: Double) {}
}
