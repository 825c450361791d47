import Foundation
import KilnPlatform
import Synchronization
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
        // Made now, not on a handler's first use: a global is made when first used, which may allocate.
        _ = replayText
        _ = replayTarget.load(ordering: .relaxed)
        _ = replayReachedAt.load(ordering: .relaxed)
        for (number, _) in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handle
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, &previous[Int(number)])
        }
    }

    /// How the line written after the crash's, while new code replays the session, starts;
    /// `kiln dev` reads the moments that follow, "1.52 s of 4.80 s".
    package static let replayLineStart: StaticString = "kiln: it crashed while the session was being replayed into the new code, at "

    /// The session is about to be replayed into new code up to session time `time`: a
    /// crash until `replayEnds()` says so, and how far the replay got.
    package static func replayBegins(to time: Double) {
        replayReachedAt.store(0, ordering: .relaxed)
        replayTarget.store(milliseconds(time), ordering: .relaxed)
    }

    /// The replay has reached session time `time`.
    package static func replayReached(_ time: Double) {
        replayReachedAt.store(milliseconds(time), ordering: .relaxed)
    }

    /// The replay is over.
    package static func replayEnds() {
        replayTarget.store(-1, ordering: .relaxed)
    }

    /// The line written after a crash that came `reached` seconds into a replay to `target`.
    package static func replayLine(reached: Double, target: Double) -> String {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: replayCapacity)
        defer { buffer.deallocate() }
        let count = writeReplayLine(reached: milliseconds(reached), target: milliseconds(target), into: buffer)
        return String(decoding: UnsafeBufferPointer(start: buffer, count: count), as: UTF8.self)
    }

    private static func milliseconds(_ seconds: Double) -> Int64 {
        seconds.isFinite ? Int64(max(0, min(seconds, 1e9)) * 1000) : 0
    }

    // The replay's moments, in milliseconds; a target of -1 while none runs.
    private static let replayTarget = Atomic<Int64>(-1)
    private static let replayReachedAt = Atomic<Int64>(0)
    private static let replayCapacity = 192
    nonisolated(unsafe) private static let replayText = UnsafeMutablePointer<UInt8>.allocate(capacity: replayCapacity)

    /// Writes the replay's line, its newline included, into `buffer` (`replayCapacity` bytes)
    /// without allocating, as a signal handler may; the bytes written.
    private static func writeReplayLine(reached: Int64, target: Int64, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 0
        replayLineStart.withUTF8Buffer { for byte in $0 { put(byte, into: buffer, at: &count) } }
        putSeconds(reached, into: buffer, at: &count)
        (" s of " as StaticString).withUTF8Buffer { for byte in $0 { put(byte, into: buffer, at: &count) } }
        putSeconds(target, into: buffer, at: &count)
        (" s\n" as StaticString).withUTF8Buffer { for byte in $0 { put(byte, into: buffer, at: &count) } }
        return count
    }

    private static func put(_ byte: UInt8, into buffer: UnsafeMutablePointer<UInt8>, at count: inout Int) {
        guard count < replayCapacity else { return }
        buffer[count] = byte
        count += 1
    }

    /// `milliseconds` as seconds with two decimals, rounded to the nearest hundredth.
    private static func putSeconds(_ milliseconds: Int64, into buffer: UnsafeMutablePointer<UInt8>, at count: inout Int) {
        let hundredths = (milliseconds + 5) / 10
        putDigits(hundredths / 100, minimum: 1, into: buffer, at: &count)
        put(UInt8(ascii: "."), into: buffer, at: &count)
        putDigits(hundredths % 100, minimum: 2, into: buffer, at: &count)
    }

    private static func putDigits(_ value: Int64, minimum: Int, into buffer: UnsafeMutablePointer<UInt8>, at count: inout Int) {
        var divisor: Int64 = 1
        var digits = 1
        while value / divisor >= 10 || digits < minimum {
            divisor *= 10
            digits += 1
        }
        while divisor > 0 {
            put(UInt8(ascii: "0") + UInt8((value / divisor) % 10), into: buffer, at: &count)
            divisor /= 10
        }
    }

    // Signal handlers reach only plain memory and atomics, set up before they are installed;
    // the handlers are installed and the lines replaced on the main thread only.
    nonisolated(unsafe) private static var isInstalled = false
    nonisolated(unsafe) private static let lines = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        .allocate(capacity: 65).initialized(repeating: nil, count: 65)
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>
        .allocate(capacity: 65).initialized(repeating: sigaction(), count: 65)

    private static let handle: @convention(c) (Int32) -> Void = { number in
        if let line = lines[Int(number)] { _ = write(2, line, strlen(line)) }
        let target = replayTarget.load(ordering: .relaxed)
        if target >= 0 {
            let count = writeReplayLine(reached: replayReachedAt.load(ordering: .relaxed), target: target, into: replayText)
            _ = write(2, replayText, count)
        }
        // The earlier handler takes over: a fault happens again on return, an abort is raised again.
        sigaction(number, &previous[Int(number)], nil)
        raise(number)
    }
}
