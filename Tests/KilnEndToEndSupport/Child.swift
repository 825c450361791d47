// A long-running child process (Xvfb, the kiln app) that tests start and must stop.
// Limits: POSIX signals; a child that ignores TERM gets KILL a second later.
import Foundation

/// A started process whose exit is noticed through its termination handler, so stopping it
/// waits exactly as long as it takes.
final class Child: @unchecked Sendable {
    let process: Process
    private let lock = NSLock()
    private var exited = false
    private let exit = DispatchSemaphore(value: 0)

    /// Starts `process`; its termination handler must not be set elsewhere.
    init(_ process: Process) throws {
        self.process = process
        process.terminationHandler = { [weak self] _ in
            guard let self else { return }
            lock.withLock { exited = true }
            exit.signal()
        }
        try Self.spawnWithSignalsUnblocked(process)
    }

    /// Starts `process` from a new thread with no signals blocked.
    ///
    /// A child inherits the blocked-signal mask of the thread that spawns it, and the threads tests
    /// run on block nearly every signal, TERM included: started from one of them, Xvfb and kiln
    /// would ignore TERM and only go at KILL.
    private static func spawnWithSignalsUnblocked(_ process: Process) throws {
        let box = SpawnBox(process)
        let started = DispatchSemaphore(value: 0)
        let thread = Thread {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            do { try box.process.run() } catch { box.error = error }
            started.signal()
        }
        thread.start()
        started.wait()
        if let error = box.error { throw error }
    }

    /// Whether the process has not exited yet.
    var isRunning: Bool { lock.withLock { !exited } }

    /// Waits at most `seconds` for the process to exit; whether it did.
    func waitForExit(within seconds: Double) -> Bool {
        guard isRunning else { return true }
        guard exit.wait(timeout: .now() + seconds) == .success else { return false }
        exit.signal()
        return true
    }

    /// Sends TERM, then KILL if it is still running after a second, and waits for the exit.
    func end() {
        guard isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        if !waitForExit(within: 1) {
            kill(process.processIdentifier, SIGKILL)
            _ = waitForExit(within: 2)
        }
    }
}

/// Hands a process to the spawning thread and its error back.
private final class SpawnBox: @unchecked Sendable {
    let process: Process
    var error: Error?
    init(_ process: Process) { self.process = process }
}
