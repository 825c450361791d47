import KilnCore

/// Makes a scene anew with the tuning given, in a session playing the log given, its
/// sounds, impacts, events and scene switches held behind the gate returned.
package typealias Resimulation = (_ log: InputScript, _ tuning: [TuningSource]) -> (SceneSession, ServiceGate)

extension HostedSession {
    /// Frames per second a re-simulation steps at, as R's renders do.
    static let resimulationRate = 60.0

    /// Makes the scene anew and plays its input log into it, frame by frame, up to window
    /// time `time`; then it is the live scene, its sounds heard again. It goes on playing what
    /// was logged after `time`, as a video would, until live input forks it there.
    package func rewind(to time: Double) -> Bool {
        guard let resimulate, let log = timelineLog else { return false }
        let target = max(0, time - timeOrigin)
        session.close()
        let (fresh, gate) = resimulate(log, tuningSources)
        fresh.forksOnLiveInput = true
        replace(with: fresh)
        var frame = 1
        while Double(frame) / Self.resimulationRate < target {
            session.advance(to: Double(frame) / Self.resimulationRate)
            frame += 1
        }
        session.advance(to: target)
        gate.open()
        return true
    }

    /// Everything the current scene has been given and is still to be given: the script it
    /// plays while nothing live has been added, else its log. `nil` without a log.
    var timelineLog: InputScript? {
        guard let log = session.inputLog(upTo: .infinity) else { return nil }
        if let script = session.playingScript, !session.hasLiveInput { return script }
        return log
    }
}
