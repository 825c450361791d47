import KilnCore
import KilnPlatform
import KilnRuntime

/// Makes a scene anew with the tuning given, in a session playing the log given, its
/// sounds, impacts, events and scene switches held behind the gate returned.
package typealias Resimulation = (_ log: InputScript, _ tuning: [TuningSource]) -> (SceneSession, ServiceGate)

extension HostedSession {
    /// Frames per second a re-simulation steps at, as R's renders do.
    static let resimulationRate = 60.0

    /// Shows the scene at window time `time`, simulated again from its input log: it goes on
    /// playing what was logged after `time`, as a video would, until live input forks it there.
    ///
    /// Forward, while the scene is still replaying its log, it is stepped on from where it is,
    /// unheard; back, it is made anew and the log played into it frame by frame.
    package func rewind(to time: Double) -> Bool {
        guard let resimulate, let log = timelineLog else { return false }
        let target = max(0, time - timeOrigin)
        let current = lastTime - timeOrigin
        if session.hasLiveInput { scrubbedEnd = nil }
        scrubbedEnd = max(scrubbedEnd ?? 0, (timeline?.end ?? lastTime) - timeOrigin)
        let stepsOn = session.forksOnLiveInput && session.isPlayingScript && target >= current && gate != nil
        tuningHistory.rewound(to: target, showing: tuningSources)
        if let parked = checkpoints?.take(atOrBefore: target, after: stepsOn ? current : 0) {
            session.close()
            parked.session.continueScript(log, playedUpTo: parked.time)
            gate = parked.gate
            replace(with: parked.session)
            Self.step(session, from: parked.time, to: target)
        } else if stepsOn, let gate {
            gate.close()
            Self.step(session, from: current, to: target)
        } else {
            session.close()
            let (fresh, gate) = resimulate(log, tuningSources)
            fresh.forksOnLiveInput = true
            self.gate = gate
            replace(with: fresh)
            Self.step(session, from: 0, to: target)
        }
        eventMarks?.forget(after: target)
        lastTime = target + timeOrigin
        gate?.open()
        return true
    }

    /// Advances `session` on the frames a re-simulation steps at, from session time `start`
    /// (already shown) to `end`; `progress` is told each frame's time before it is stepped.
    static func step(_ session: SceneSession, from start: Double, to end: Double, progress: ((Double) -> Void)? = nil) {
        var frame = Int((start * resimulationRate).rounded(.down)) + 1
        while Double(frame) / resimulationRate < end {
            progress?(Double(frame) / resimulationRate)
            session.advance(to: Double(frame) / resimulationRate)
            frame += 1
        }
        progress?(end)
        session.advance(to: end)
    }

    /// The session's input up to window time `time`, for new code to take up.
    package func place(at time: Double) -> ScenePlace? {
        guard let log = session.inputLog(upTo: time - timeOrigin) else { return nil }
        return ScenePlace(scene: name, log: log, time: time)
    }

    /// The session's place now, for new tuning to be replayed into: the last frame's moment,
    /// or the latest input if it came later. The window takes a frame's input before it steps
    /// the scene, so a press made in the frame a value applies is past the last frame's time;
    /// left out of the replay, it would be lost, and the drag it begins with it.
    var presentPlace: ScenePlace? {
        let latestInput = (session.loggedInput.last?.time).map { $0 + timeOrigin } ?? lastTime
        return place(at: max(lastTime, latestInput))
    }

    /// Makes the scene anew (its code and tuning as they are now) and replays `place`'s input
    /// into it up to the moment, unheard; then it goes on live. A replay that stops on input it
    /// cannot give (a layer the new code lacks) says so in one line and goes live there.
    package func resume(from place: ScenePlace) -> Bool {
        resume(from: place, retuned: false)
    }

    /// `resume(from:)`; `retuned`: the tuning changed at that moment, and recordings show the
    /// change from there.
    func resume(from place: ScenePlace, retuned: Bool) -> Bool {
        guard let resimulate, place.scene == name else { return false }
        let target = max(0, place.time - timeOrigin)
        if retuned { tuningHistory.record(tuningSources, at: target) }
        session.close()
        let (fresh, gate) = resimulate(place.log, tuningSources)
        self.gate = gate
        replace(with: fresh)
        scrubbedEnd = nil
        eventMarks?.removeAll()
        Self.step(session, from: 0, to: target, progress: retuned ? nil : replayProgress)
        lastTime = place.time
        gate.open()
        return true
    }

    /// Readies sessions parked along the log, nearest window time `time` first, so that
    /// scrubbing there starts close by; a thread of their own makes them.
    package func prepareToScrub(near time: Double) {
        guard let checkpoints, let log = timelineLog, let timeline else { return }
        checkpoints.prepare(log: log, tuning: tuningSources, end: timeline.end - timeOrigin, near: time - timeOrigin)
    }

    /// Everything the current scene has been given and is still to be given: the script it
    /// plays while nothing live has been added, else its log. `nil` without a log.
    var timelineLog: InputScript? {
        guard let log = session.inputLog(upTo: .infinity) else { return nil }
        if let script = session.playingScript, !session.hasLiveInput { return script }
        return log
    }

    /// The session's touches and events and how far it has run or will replay, in window time.
    package var timeline: SessionTimeline? {
        guard resimulate != nil, session.inputLog != nil else { return nil }
        var marks: [SessionTimeline.Mark] = []
        if let script = session.playingScript, !session.hasLiveInput {
            // The touches still to replay are on the strip too: they come from the script.
            marks = SessionTimeline.touchMarks(of: script)
        } else {
            marks = SessionTimeline.touchMarks(of: session.loggedInput)
        }
        marks += (eventMarks?.events ?? []).map { SessionTimeline.Mark(time: $0.time, kind: .event($0.name)) }
        var end = max(lastTime - timeOrigin, session.playingScript.map(\.duration) ?? 0)
        if let scrubbedEnd, session.forksOnLiveInput, !session.hasLiveInput { end = max(end, scrubbedEnd) }
        return SessionTimeline(marks: marks.map { SessionTimeline.Mark(time: $0.time + timeOrigin, kind: $0.kind) },
                               end: end + timeOrigin)
    }
}
