import Foundation
import KilnPlatform
import Synchronization

/// The frames a render has stepped, so that a frame past `--frame-timeout` can be named,
/// and what removes the frames already written.
final class RenderedFrames: Sendable {
    private let count = Atomic<Int>(0)
    // Set on the main thread before frames are written; run by the watchdog's thread only
    // while the main thread is stuck in scene code.
    nonisolated(unsafe) var removeWritten: () -> Void = {}

    /// A new pass starts from the first frame.
    func restart() { count.store(0, ordering: .releasing) }

    /// One more frame was stepped.
    func stepped() { count.add(1, ordering: .releasing) }

    /// The frame being stepped now, counted from the first.
    var current: Int { count.load(ordering: .acquiring) }
}

extension Render {
    /// Watches the render's scene code: a frame whose scene code runs past `--frame-timeout`
    /// ends the render with one line, leaving no output and none of its hidden files.
    func startFrameWatchdog(scene: String, frames: RenderedFrames) -> Watchdog {
        MainThreadBacktrace.prepare()
        let limit = frameTimeout, fps = frameRate, at = self.at
        let isStill = VideoFormat(path: out) == nil && out.lowercased().hasSuffix(".png")
        let subject = HangReport.subject(scene: scene)
        let watchdog = Watchdog(limit: limit) { hang in
            let location = SourceLocator.locate(MainThreadBacktrace.capture())
            let frame = frames.current
            // A still steps through the frames before its time, then draws the one at it.
            let time = isStill ? min(at, Double(frame) / fps) : Double(frame) / fps
            warn(HangReport.renderLine(hang, frame: frame, time: time, subject: subject, limit: limit, location: location))
            frames.removeWritten()
            TemporaryFiles.removeAll()
            _exit(1)
        }
        watchdog.start()
        return watchdog
    }
}
