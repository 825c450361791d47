import KilnCore

/// The tuning a scene's log was played under: the sources it started with, and each change
/// the tweak panel or a kept-place reload made part way, at its time in the log.
///
/// The window shows a change from its moment on (the scene is made anew and replayed to
/// that moment), so R's recording and `kiln recover` switch to it at the same moment.
package struct TuningHistory: Equatable, Sendable {
    /// One change: the sources in force from log time `time` on.
    package struct Change: Codable, Equatable, Sendable {
        /// The log time the change was made at.
        package var time: Double
        /// The tuning in force from then on.
        package var tuning: [JournalTuning]

        /// The change to `sources` at log time `time`.
        package init(time: Double, sources: [TuningSource]) {
            self.time = time
            tuning = sources.map { JournalTuning(name: $0.name, text: $0.text) }
        }

        /// The tuning sources as the change had them.
        package var sources: [TuningSource] { tuning.map { TuningSource(name: $0.name, text: $0.text) } }
    }

    /// The tuning the log started with.
    package var start: [TuningSource]
    /// The changes made since, in time order.
    package var changes: [Change] = []

    /// A history that starts with `start` and has no change yet.
    package init(start: [TuningSource]) {
        self.start = start
    }

    /// The sources in force from log time `time` on are `sources`.
    package mutating func record(_ sources: [TuningSource], at time: Double) {
        changes.removeAll { $0.time >= time }
        changes.append(Change(time: time, sources: sources))
    }

    /// The scene was simulated again to log time `time` and shows `sources` from there on:
    /// the changes made after that moment belong to a branch that is gone.
    package mutating func rewound(to time: Double, showing sources: [TuningSource]) {
        guard changes.contains(where: { $0.time > time }) else { return }
        record(sources, at: time)
    }
}
