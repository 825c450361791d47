import Foundation
import KilnPlatform
#if canImport(Glibc)
import Glibc
#endif

/// One line on standard error when the window process dies of a signal while a prototype
/// runs: code loaded into the window can crash it, and the crash must not go unexplained.
/// `kiln dev`, which started the window, reads the line for the scene's name.
///
/// The line for each signal is written ahead of time, so that the handler only calls
/// `write(2)` (async-signal-safe); then the handler that was there before runs (the Swift
/// runtime's backtracer, or the default action), so the process still ends with the signal.
package enum PrototypeCrashReport {
    /// The signals a faulty prototype dies of.
    package static let signals: [(number: Int32, name: String)] = [
        (SIGSEGV, "SIGSEGV"), (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"),
        (SIGBUS, "SIGBUS"), (SIGFPE, "SIGFPE"), (SIGABRT, "SIGABRT"),
    ]

    /// The line written for `signal` while `scene` from `folder` runs.
    package static func line(scene: String, folder: String, signal: String) -> String {
        "kiln: the prototype '\(scene)' (\(folder)) crashed with \(signal); the window is gone, "
            + "kiln dev opens it again on the next save that compiles.\n"
    }

    /// Prepares the lines for `scene` and, the first time, installs the handlers.
    package static func arm(scene: String, folder: String) {
        for (number, name) in signals {
            // The previous line is left allocated: a handler may be reading it right now.
            lines[Int(number)] = strdup(line(scene: scene, folder: folder, signal: name))
        }
        guard !isInstalled else { return }
        isInstalled = true
        for (number, _) in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handle
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, &previous[Int(number)])
        }
    }

    // Signal handlers reach only plain memory, set up before they are installed; the
    // handlers are installed and the lines replaced on the main thread only.
    nonisolated(unsafe) private static var isInstalled = false
    nonisolated(unsafe) private static let lines = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        .allocate(capacity: 65).initialized(repeating: nil, count: 65)
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>
        .allocate(capacity: 65).initialized(repeating: sigaction(), count: 65)

    private static let handle: @convention(c) (Int32) -> Void = { number in
        if let line = lines[Int(number)] { _ = write(2, line, strlen(line)) }
        // The earlier handler takes over: a fault happens again on return, an abort is raised again.
        sigaction(number, &previous[Int(number)], nil)
        raise(number)
    }
}
