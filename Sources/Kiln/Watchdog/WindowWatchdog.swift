import Foundation
import KilnCore
import KilnPlatform

/// The window's watchdog. Scene code stuck past the limit is one line on standard error
/// (the prototype, the part, its file and line), the session journal is kept as far as the
/// last whole frame, and the process ends with `Watchdog.exitStatus`, as a crash leaves it
/// for `kiln recover`. SIGINT and SIGTERM close the window as before; if its thread does
/// not come back to read them, they end the process within a second, keeping the journal.
final class WindowWatchdog: Sendable {
    /// How long after a termination signal the window is given to close, while scene
    /// code has it, and at all.
    static let graceWhileStuck = 0.4
    static let grace = 0.8

    // Written on the main thread as scenes open; read by the watchdog's thread.
    private let subject = Locked<String>(HangReport.subject(scene: "launcher"))
    // The journal belongs to the main thread; the watchdog's thread ends it only while the
    // main thread is stuck in scene code, or when the process is about to end.
    nonisolated(unsafe) private var journal: SessionJournal?
    private let signalSeen = Locked<(number: Int32, at: Double)?>(nil)
    nonisolated(unsafe) private var watchdog: Watchdog?
    private let limit: Double

    /// A watchdog for scene code that runs for more than `limit` seconds.
    init(limit: Double = Watchdog.defaultLimit) {
        self.limit = limit
    }

    /// Starts watching, keeping `journal` when the process has to end; call on the main
    /// thread once the window is open.
    func start(journal: SessionJournal?) {
        self.journal = journal
        MainThreadBacktrace.prepare()
        TerminationSignals.install()
        let watchdog = Watchdog(limit: limit, onTick: { [self] in checkSignals(at: $0) },
                                onHang: { [self] in end(after: $0) })
        self.watchdog = watchdog
        watchdog.start()
    }

    /// The window is making scene `name`: a hang from now on is its.
    func sceneOpening(_ name: String) {
        let described = HangReport.subject(scene: name)
        subject.withLock { $0 = described }
    }

    /// The window closed: nothing more to watch.
    func stop() {
        watchdog?.stop()
    }

    private func end(after hang: Watchdog.Hang) -> Never {
        let location = SourceLocator.locate(MainThreadBacktrace.capture())
        warn(HangReport.windowLine(hang, subject: subject.withLock { $0 }, limit: limit, location: location))
        journal?.endAfterHang()
        TemporaryFiles.removeAll()
        _exit(Watchdog.exitStatus)
    }

    /// A termination signal asks the window to close; past the grace, the process ends by it.
    private func checkSignals(at now: Double) {
        guard let number = TerminationSignals.pending else { return }
        guard let seen = signalSeen.withLock({ $0 }) else {
            signalSeen.withLock { $0 = (number, now) }
            WindowHost.requestQuit()
            return
        }
        let part = SceneCode.sample.part
        let waited = now - seen.at
        guard waited >= Self.grace || (part != .none && waited >= Self.graceWhileStuck) else { return }
        guard watchdog?.isRunning == true else { return }
        warn(HangReport.signalLine(seen.number, subject: subject.withLock { $0 }, part: part))
        journal?.endAfterHang()
        TerminationSignals.endProcess(by: seen.number)
    }
}
