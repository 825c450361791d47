// SIGINT and SIGTERM for the window. SDL's own handlers only post a quit event, which a
// main thread stuck in scene code never reads. These handlers only note the signal; the
// watchdog's thread asks the window to quit and, if the main thread does not get there,
// ends the process by the signal itself.
import Foundation
import Synchronization

/// The termination signals a window has received.
package enum TerminationSignals {
    private static let received = Atomic<Int32>(0)

    /// From now on, SIGINT and SIGTERM are only noted, for `pending` to report.
    package static func install() {
        _ = received.load(ordering: .relaxed)
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handle
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// The first termination signal received, if any.
    package static var pending: Int32? {
        let number = received.load(ordering: .acquiring)
        return number == 0 ? nil : number
    }

    /// Ends the process by `signal`, as it would have ended without a handler (a shell
    /// sees 130 or 143).
    package static func endProcess(by number: Int32) -> Never {
        // A recording still being saved leaves no hidden file.
        TemporaryFiles.removeAll()
        signal(number, SIG_DFL)
        kill(getpid(), number)
        // A blocked signal waits for this thread to unblock it; the status says the same.
        _exit(128 + number)
    }

    private static let handle: @convention(c) (Int32) -> Void = { number in
        _ = received.compareExchange(expected: 0, desired: number, ordering: .acquiringAndReleasing)
    }
}
