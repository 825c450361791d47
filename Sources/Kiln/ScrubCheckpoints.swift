import Foundation
import KilnCore
import KilnRuntime

/// Sessions of a scene parked at moments of its input log, made again on a thread of their
/// own, so that a scrub back starts from the nearest one before its moment rather than from
/// the scene's start.
///
/// Scenes are arbitrary Swift objects and cannot be copied: each checkpoint is a session
/// made anew and stepped through the log to its moment, behind a shut gate. One taken to
/// show a scrub is made again. A checkpoint stays good while the log up to its moment is
/// the same.
///
/// Only the moments the timeline strip reaches are kept (its last minute), so a session of
/// any length holds about as many checkpoints as one of a minute: as the session goes on,
/// the checkpoint that falls out of reach is stepped on to the newest moment rather than a
/// session being made anew there. A parked session keeps no input log of its own: the log
/// it was stepped through is given back when it is taken.
package final class ScrubCheckpoints: @unchecked Sendable {
    /// A session parked at `time`, with a digest of the log it was stepped through up to there.
    struct Parked {
        let session: SceneSession
        let gate: ServiceGate
        let time: Double
        let prefix: Int
    }

    /// The most moments of the strip's reach with a session parked at them.
    static let most = 24
    /// Seconds before the session's end that a scrub reaches: the strip's span.
    static let reach = TimelineStrip.span
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

    /// Seconds between checkpoints: the part of the log the strip reaches shared among
    /// `most`, at least one.
    private var spacing: Double { max(1, (min(end, Self.reach) / Double(Self.most)).rounded(.up)) }

    /// The moments sessions are parked at: every `spacing` seconds, from the last one at or
    /// before the start of the strip's reach up to the end.
    private var moments: [Double] {
        let first = max(1, ((end - Self.reach) / spacing).rounded(.down)) * spacing
        return Array(stride(from: first, through: end, by: spacing))
    }

    /// Keeps checkpoints of `log` (made with `tuning`) up to session time `end`, the ones
    /// nearest `time` first; checkpoints the log no longer leads to are dropped.
    func prepare(log: InputScript, tuning: [TuningSource], end: Double, near time: Double) {
        condition.lock()
        defer { condition.unlock() }
        wanted = time
        if tuning != self.tuning {
            parked = [:]
        } else if log.prefix(through: self.end) != self.log.prefix(through: self.end) {
            // A log that only grew leads to every moment the same way; one changed is looked at moment by moment.
            parked = parked.filter { log.prefix(through: $0.key).hashValue == $0.value.prefix }
        }
        (self.log, self.tuning, self.end) = (log, tuning, end)
        dropSpares()
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

    /// The outputs the parked sessions' input logs hold, together.
    package var parkedLogLength: Int {
        condition.lock()
        defer { condition.unlock() }
        return parked.values.reduce(0) { $0 + $1.session.loggedInput.count }
    }

    /// Whether a session is parked at every moment the strip reaches.
    package var isReady: Bool {
        condition.lock()
        defer { condition.unlock() }
        return isStopped || nextMoment() == nil
    }

    /// Stops the thread and lets the parked sessions go.
    func stop() {
        condition.lock()
        isStopped = true
        parked = [:]
        condition.signal()
        condition.unlock()
    }

    /// Lets go of the sessions parked off the moments the strip reaches (out of its reach, or
    /// left by a shorter spacing), but for the latest: the next checkpoint is stepped on from it.
    private func dropSpares() {
        let kept = Set(moments)
        guard let spare = parked.keys.filter({ !kept.contains($0) }).max() else { return }
        parked = parked.filter { kept.contains($0.key) || $0.key == spare }
    }

    /// The spare session to step on to `moment`, taken from the parked ones: the latest one
    /// before it off the strip's moments.
    private func takeSpare(before moment: Double) -> Parked? {
        let kept = Set(moments)
        guard let spare = parked.keys.filter({ !kept.contains($0) && $0 < moment }).max() else { return nil }
        return parked.removeValue(forKey: spare)
    }

    /// The next moment to park a session at: the missing one nearest the moment wanted,
    /// those before it first.
    private func nextMoment() -> Double? {
        let moments = moments.filter { parked[$0] == nil }
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
            let (log, tuning, spare) = (self.log, self.tuning, takeSpare(before: moment))
            condition.unlock()
            let session: SceneSession, gate: ServiceGate
            if let spare {
                (session, gate) = (spare.session, spare.gate)
                session.continueScript(log, playedUpTo: spare.time)
                HostedSession.step(session, from: spare.time, to: moment)
            } else {
                (session, gate) = resimulate(log, tuning)
                session.forksOnLiveInput = true
                HostedSession.step(session, from: 0, to: moment)
            }
            // `take`'s caller gives the log back with `continueScript`.
            session.forgetLoggedInput()
            let prefix = log.prefix(through: moment).hashValue
            condition.lock()
            // A log that grew meanwhile (live input) still leads to this moment the same way.
            if !isStopped && tuning == self.tuning && moments.contains(moment)
                && self.log.prefix(through: moment).hashValue == prefix {
                parked[moment] = Parked(session: session, gate: gate, time: moment, prefix: prefix)
            }
        }
        // The thread holds these checkpoints and they hold it: let go, or neither is freed.
        worker = nil
        condition.unlock()
    }
}
