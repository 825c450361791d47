import KilnCore

/// Offline, the tuning changes a replayed log is still to meet, and how the scene is made
/// anew for each: what the window did when the tweak panel or a saved file changed a value.
package struct ScheduledRetuning {
    /// The changes still to come, in time order.
    var changes: [TuningHistory.Change]
    /// The whole log the replay plays.
    let script: InputScript
    /// Makes the scene anew with a change's tuning, playing the log.
    let resimulate: Resimulation

    /// The `changes` of a replay of `script`, each made with `resimulate`.
    package init(changes: [TuningHistory.Change], script: InputScript, resimulate: @escaping Resimulation) {
        self.changes = changes
        self.script = script
        self.resimulate = resimulate
    }
}

extension HostedSession {
    /// Before a frame at log time `time`: every change made before it takes effect as it
    /// did in the window, the scene made anew with its tuning and replayed, unheard, to the
    /// change's moment; from there it is heard again.
    func retuneAsScheduled(before time: Double) {
        while let schedule = scheduledRetuning, let change = schedule.changes.first, change.time < time {
            scheduledRetuning?.changes.removeFirst()
            let clock = session.clock
            session.close()
            let (fresh, gate) = schedule.resimulate(schedule.script, change.sources)
            fresh.clock = clock
            hud?.follow(fresh)
            replace(with: fresh)
            Self.step(fresh, from: 0, to: change.time)
            gate.open()
        }
    }
}
