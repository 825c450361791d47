import Foundation
import KilnPlatform
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One line on standard error when a prototype's code calls `exit`: it ends the process
/// the prototype is loaded into, and would end the window (and `kiln dev`) without a word.
///
/// A handler run by `exit` tells Kiln's own ending (`kilnEnds()`, said before Kiln exits)
/// from any other. Under `kiln dev` the window then ends as after a hang, with
/// `Watchdog.exitStatus`, so that `kiln dev` opens it again on the next save that compiles;
/// elsewhere the process ends with the status the prototype gave.
package enum PrototypeExit {
    private static let isKilnEnding = Atomic<Bool>(false)
    private static let subject = Locked<String?>(nil)

    /// Kiln itself ends the process from here on: an `exit` is its own.
    package static func kilnEnds() {
        isKilnEnding.store(true, ordering: .relaxed)
    }

    /// The line for `status` given to `exit` by `subject` ("the prototype 'card' (card)").
    package static func line(subject: String, status: Int32) -> String {
        "\(subject) called exit(\(status)), which ends the window; "
            + (WindowSupervisor.isFollowingSupervisor
                ? "kiln dev opens it again on the next save that compiles"
                : "kiln ends with its status")
    }

    /// Says the next `exit` not Kiln's own is `scene`'s, from `folder`; installs the handler
    /// the first time.
    package static func arm(scene: String, folder: String) {
        let wasArmed = subject.withLock { subject in
            defer { subject = "the prototype '\(scene)' (\(folder))" }
            return subject != nil
        }
        if !wasArmed { on_exit(handle, nil) }
    }

    private static let handle: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { status, _ in
        guard !isKilnEnding.load(ordering: .relaxed), let subject = subject.withLock({ $0 }) else { return }
        warn(line(subject: subject, status: status))
        if WindowSupervisor.isFollowingSupervisor { _exit(Watchdog.exitStatus) }
    }
}
