// The main thread's stack, taken while it is stuck: the watchdog thread sends it a spare
// signal (SIGUSR2), whose handler walks its own stack with glibc's backtrace() into memory
// allocated beforehand. backtrace() loads libgcc the first time it runs, which is not safe
// in a handler, so `prepare()` calls it once on the main thread. glibc's `backtrace` is not
// in Swift's Glibc module; it is found with dlsym.
// Limits: one capture at a time; the frames include the handler's own and the signal
// trampoline's, which no prototype library contains.
import Foundation
import Synchronization

/// The main thread's return addresses, captured from another thread.
package enum MainThreadBacktrace {
    private typealias Walk = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int32) -> Int32
    private static let capacity: Int32 = 128
    private static let count = Atomic<Int32>(-1)
    nonisolated(unsafe) private static let frames = UnsafeMutablePointer<UnsafeMutableRawPointer?>
        .allocate(capacity: Int(capacity))
    nonisolated(unsafe) private static var walk: Walk?
    nonisolated(unsafe) private static var mainThread: pthread_t?

    /// Call on the main thread before any capture: notes the thread, finds and warms
    /// `backtrace`, and installs the handler.
    package static func prepare() {
        guard mainThread == nil, let symbol = dlsym(nil, "backtrace") else { return }
        let found = unsafeBitCast(symbol, to: Walk.self)
        _ = found(frames, capacity)
        walk = found
        _ = count.load(ordering: .relaxed)
        mainThread = pthread_self()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handle
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGUSR2, &action, nil)
    }

    /// The main thread's return addresses, innermost first; empty when it did not answer
    /// within `timeout` seconds or `prepare()` was not called.
    package static func capture(timeout: Double = 0.5) -> [UInt] {
        guard let mainThread else { return [] }
        count.store(-1, ordering: .releasing)
        guard pthread_kill(mainThread, SIGUSR2) == 0 else { return [] }
        let deadline = Date().addingTimeInterval(timeout)
        while count.load(ordering: .acquiring) < 0 {
            if Date() > deadline { return [] }
            usleep(2_000)
        }
        let taken = Int(count.load(ordering: .acquiring))
        return (0..<taken).compactMap { frames[$0].map { UInt(bitPattern: $0) } }
    }

    private static let handle: @convention(c) (Int32) -> Void = { _ in
        guard let walk else { return }
        count.store(walk(frames, capacity), ordering: .releasing)
    }
}
