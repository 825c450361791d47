import Foundation
import KilnCore

/// Sessions of a scene parked at moments of its input log, made again on a thread of their
/// own, so that a scrub back starts from the nearest one before its moment rather than from
/// the scene's start.
///
/// Scenes are arbitrary Swift objects and cannot be copied: each checkpoint is a session
/// made anew and stepped through the log to its moment, behind a shut gate. One taken to
/// show a scrub is made again. A checkpoint stays good while the log up to its moment is
/// the same, so a log that only grows keeps them all.
package final class ScrubCheckpoints: @unchecked Sendable {
    /// A session parked at `time`, with the log it was stepped through up to there.
    struct Parked {
        let session: SceneSession
        let gate: ServiceGate
        let time: Double
        let prefix: InputScript
    }

    /// The most sessions kept parked.
    static let most = 24
    private let condition = NSCondition()
    private let resimulate: Resimulation
    private var log = InputScript(steps: [])
    private var tuning: [TuningSource] = []
    private var end = 0.0
    private var parked: [Double: Parked] = [:]
    private var wanted = 0.0
    private var isStopped = false
    private var worker: Thread?

    /// Checkpoints made with `resimulate`, which is called on the checkpoints' own thread.
    init(resimulate: @escaping Resimulation) {
        self.resimulate = resimulate
    }

    /// Seconds between checkpoints: the log's length shared among `most`, at least one.
    private var spacing: Double { max(1, (end / Double(Self.most)).rounded(.up)) }

    /// Keeps checkpoints of `log` (made with `tuning`) up to session time `end`, the ones
    /// nearest `time` first; checkpoints the log no longer leads to are dropped.
    func prepare(log: InputScript, tuning: [TuningSource], end: Double, near time: Double) {
        condition.lock()
        defer { condition.unlock() }
        wanted = time
        if tuning != self.tuning {
            parked = [:]
        } else if log != self.log {
            parked = parked.filter { log.prefix(through: $0.key) == $0.value.prefix }
        }
        (self.log, self.tuning, self.end) = (log, tuning, end)
        if worker == nil && !isStopped {
            let thread = Thread { [self] in work() }
            thread.name = "kiln-scrub-checkpoints"
            thread.qualityOfService = .utility
            worker = thread
            thread.start()
        }
        condition.signal()
    }

    /// Takes the latest checkpoint after `floor` and at or before `time`, if one is ready.
    func take(atOrBefore time: Double, after floor: Double) -> Parked? {
        condition.lock()
        defer { condition.unlock() }
        // Wherever the scrub goes, the next checkpoints are made near it.
        wanted = time
        condition.signal()
        guard let moment = parked.keys.filter({ $0 > floor && $0 <= time + 1e-9 }).max() else { return nil }
        return parked.removeValue(forKey: moment)
    }

    /// The moments sessions are parked at now, in session time.
    package var parkedMoments: [Double] {
        condition.lock()
        defer { condition.unlock() }
        return parked.keys.sorted()
    }

    /// Stops the thread and lets the parked sessions go.
    func stop() {
        condition.lock()
        isStopped = true
        parked = [:]
        condition.signal()
        condition.unlock()
    }

    /// The next moment to park a session at: the missing one nearest the moment wanted,
    /// those before it first.
    private func nextMoment() -> Double? {
        let moments = stride(from: spacing, through: end, by: spacing).filter { parked[$0] == nil }
        return moments.min { a, b in
            let (da, db) = (abs(a - wanted) + (a > wanted ? spacing : 0), abs(b - wanted) + (b > wanted ? spacing : 0))
            return da < db
        }
    }

    private func work() {
        // Below the window's thread: on Linux a niceness set with who = 0 is this thread's alone.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        condition.lock()
        while !isStopped {
            guard let moment = nextMoment() else {
                condition.wait()
                continue
            }
            let (log, tuning) = (self.log, self.tuning)
            condition.unlock()
            let (session, gate) = resimulate(log, tuning)
            session.forksOnLiveInput = true
            HostedSession.step(session, from: 0, to: moment)
            let prefix = log.prefix(through: moment)
            condition.lock()
            // A log that grew meanwhile (live input) still leads to this moment the same way.
            if !isStopped && tuning == self.tuning && moment <= end && self.log.prefix(through: moment) == prefix {
                parked[moment] = Parked(session: session, gate: gate, time: moment, prefix: prefix)
            }
        }
        // The thread holds these checkpoints and they hold it: let go, or neither is freed.
        worker = nil
        condition.unlock()
    }
}
