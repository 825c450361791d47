// The hidden files a render writes beside its output (the video before its sound track, the
// track as WAV, the file ffmpeg is still writing) are renamed or removed when the render
// ends, but Ctrl+C ends the process first. Each is named here as it is made; on SIGINT or
// SIGTERM every one of them is removed, and the process then ends as the signal would have
// ended it. A name whose file was already renamed or removed costs a failed unlink.
import Dispatch
import Foundation
import Synchronization

/// Hidden files a render makes, removed if the process is interrupted.
public enum TemporaryFiles {
    private static let paths = Mutex<Set<String>>([])
    // Kept for the life of the process; set by the command before it renders anything.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Names a hidden file that an interruption should remove.
    static func add(_ path: String) {
        paths.withLock { _ = $0.insert(path) }
    }

    /// The files named so far.
    static var named: Set<String> { paths.withLock { $0 } }

    /// Removes every file named so far that still exists.
    package static func removeAll() {
        for path in paths.withLock({ $0 }) { unlink(path) }
    }

    /// From now on, SIGINT and SIGTERM remove the named files before the process ends by
    /// that signal (so a shell sees 130 or 143, as without this).
    public static func removeOnInterrupt() {
        let queue = DispatchQueue(label: "kiln.temporary-files")
        let made = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                removeAll()
                signal(number, SIG_DFL)
                // To the process, not this thread: a dispatch queue's threads block signals.
                kill(getpid(), number)
            }
            source.resume()
            return source
        }
        sources += made
    }
}
