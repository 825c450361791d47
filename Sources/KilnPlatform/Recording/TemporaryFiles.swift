// The hidden files a render writes beside its output (the video before its sound track, the
// track as WAV, the file ffmpeg is still writing) are renamed or removed when the render
// ends, but a signal can end the process first. Each is named here while it exists. A
// signal that ends the process (INT, TERM, HUP, QUIT, and a crash: SEGV, ILL, TRAP, BUS,
// FPE, ABRT) removes every one of them, and the process then ends as the signal would have
// ended it. The handlers call only unlink(2), sigaction(2) and raise(3), and read only a
// table of C strings allocated ahead: no lock, no allocation, as a signal handler must.
// Limits: at most `capacity` hidden files at once are removed by a signal (a render makes
// four); a name forgotten stays allocated (`retired`), since a handler may be reading it.
import Foundation
import KilnCore
import Synchronization

/// Hidden files a render makes, removed if the process is ended before they are.
public enum TemporaryFiles {
    /// How many hidden files at once a signal removes.
    static let capacity = 64

    private static let paths = Locked<Set<String>>([])
    /// The signals that end a command and should leave nothing behind.
    static let terminationSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// The signals of a crash.
    static let crashSignals = [SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGABRT]

    /// Names a hidden file that a signal should remove, until `forget` is called.
    static func add(_ path: String) {
        installCrashHandlers()
        paths.withLock { paths in
            guard paths.insert(path).inserted else { return }
            guard let slot = (0..<capacity).first(where: { slots[$0] == nil }) else { return }
            slots[slot] = strdup(path)
        }
    }

    /// The file at `path` was renamed or removed: a signal leaves that name alone.
    static func forget(_ path: String) {
        paths.withLock { paths in
            guard paths.remove(path) != nil else { return }
            for slot in 0..<capacity {
                if let name = slots[slot], strcmp(name, path) == 0 {
                    slots[slot] = nil
                    retired.append(name)
                }
            }
        }
    }

    /// The files named now.
    static var named: Set<String> { paths.withLock { $0 } }

    /// Removes every file named now.
    package static func removeAll() {
        for path in named { unlink(path) }
    }

    /// From now on, SIGINT, SIGTERM, SIGHUP and SIGQUIT remove the named files before the
    /// process ends by that signal (so a shell sees 130 or 143, as without this). A signal
    /// ignored when Kiln started (SIGHUP under `nohup`) stays ignored. Call it on the main thread.
    public static func removeOnInterrupt() {
        install(terminationSignals, flags: 0)
        // A mask inherited from the parent (a test runner's worker thread) would hold them
        // back for ever: this thread takes them, since dispatch's threads block them all.
        var set = sigset_t()
        sigemptyset(&set)
        for number in terminationSignals + crashSignals { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// A child ended by `number`: if it is one of the signals `removeOnInterrupt` handles,
    /// this process ends by it too, its hidden files removed, as a shell expects of a program
    /// whose child a Ctrl+C ended (the child was most often sent it with this process).
    /// Otherwise, or where the signal is ignored, it returns.
    static func endAsChildEnded(by number: Int32) {
        guard terminationSignals.contains(number),
              handlersLock.withLock({ _ in isHandled[Int(number)] }) else { return }
        raise(number)
    }

    /// A child that caught a signal and exited (ffmpeg exits with 255 then) most often got
    /// it with this process, a Ctrl+C sent to the whole group, whose handler here may run a
    /// little later: on another thread, or delayed by a sanitizer until the thread it landed
    /// on makes a call it watches (more than five seconds under ThreadSanitizer on a busy
    /// machine). Gives that handler, which ends the process, up to `patience` seconds in
    /// small sleeps; a child stopped some other way, which is rare, is then reported as usual.
    static func awaitSignalOfGroup(patience: Double = 15) {
        let deadline = Date().addingTimeInterval(patience)
        while Date() < deadline { usleep(10_000) }
    }

    /// Crash handlers go in with the first hidden file; they hand the crash on to whatever
    /// handled it before (the Swift runtime's backtracer), which ends the process.
    private static func installCrashHandlers() {
        guard !crashHandlersInstalled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // A stack overflow leaves no stack to run on but the alternate one, where there is one.
        install(crashSignals, flags: SA_ONSTACK)
    }

    private static func install(_ numbers: [Int32], flags: Int32) {
        handlersLock.withLock { _ in
            for number in numbers where !isHandled[Int(number)] {
                var current = sigaction()
                sigaction(number, nil, &current)
                if isIgnored(current) { continue }
                var action = sigaction()
                action.__sigaction_handler.sa_handler = handle
                sigemptyset(&action.sa_mask)
                action.sa_flags = flags
                sigaction(number, &action, &previous[Int(number)])
                isHandled[Int(number)] = true
            }
        }
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        guard let handler = action.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    private static let crashHandlersInstalled = Atomic<Bool>(false)
    private static let handlersLock = Locked<Void>(())
    nonisolated(unsafe) private static var isHandled = [Bool](repeating: false, count: 65)

    // Plain memory, allocated before any handler is installed; written under `paths`' lock.
    nonisolated(unsafe) private static let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        .allocate(capacity: capacity).initialized(repeating: nil, count: capacity)
    /// Names taken out of `slots`, kept: a handler that read one may be unlinking it now.
    nonisolated(unsafe) private static var retired: [UnsafeMutablePointer<CChar>] = []
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>
        .allocate(capacity: 65).initialized(repeating: sigaction(), count: 65)

    private static let handle: @convention(c) (Int32) -> Void = { number in
        for slot in 0..<capacity {
            if let name = slots[slot] { unlink(name) }
        }
        // The earlier handler, or the default action, ends the process: a fault happens again
        // on return, any other signal is raised again and delivered once this handler returns.
        sigaction(number, &previous[Int(number)], nil)
        raise(number)
    }
}
