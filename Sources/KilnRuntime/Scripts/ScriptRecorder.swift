import KilnCore

/// Captures live input as an input script (`--capture FILE`), for replay with `ScriptPlayer`.
///
/// Pointer events become raw `events` steps; each key press becomes a `key` step between
/// them (after a `wait` up to its time). Replaying the script from the same `startTime`
/// gives back the same events: phases, locations, times, devices, ids, buttons and
/// pressures. Times that go backwards (input merged from two sources) are clamped to the
/// latest time so far, since scripts keep time moving forward; pressures are clamped to 0…1.
package struct ScriptRecorder {
    /// The scene the capture was made in, written into the script.
    package var scene: String?
    /// The device preset the capture was made on, written into the script.
    package var device: String?
    /// The scene's seed, written into the script.
    package var seed: UInt64?
    /// The scene time the capture starts at; the script's time 0.
    package let startTime: Double

    private var steps: [ScriptStep] = []
    /// The raw events since the last key, relative to `runStart`.
    private var run: [ScriptEvent] = []
    /// The script time the current run of raw events starts at.
    private var runStart = 0.0
    /// The latest script time recorded so far.
    private var latest = 0.0

    /// A recorder whose script starts at scene time `startTime`.
    package init(scene: String? = nil, device: String? = nil, seed: UInt64? = nil, startTime: Double = 0) {
        self.scene = scene
        self.device = device
        self.seed = seed
        self.startTime = startTime
    }

    /// Records a pointer event at its timestamp (a scene time).
    package mutating func record(_ event: PointerEvent) {
        let time = advance(to: event.timestamp)
        let usualID = ScriptPlayer.pointerID(for: event.device)
        let inContact = event.phase == .began || event.phase == .moved
        run.append(ScriptEvent(time: time - runStart, phase: event.phase, location: event.location,
                               device: event.device, pressure: event.pressure.map { min(max($0, 0), 1) },
                               id: event.id == usualID ? nil : event.id,
                               buttons: event.buttons == (inContact ? 1 : 0) ? nil : event.buttons,
                               pressureSource: event.pressure == nil ? nil : event.pressureSource))
    }

    /// Records a key press at scene time `time`.
    package mutating func record(_ key: KeyPress, at time: Double) {
        closeRun()
        let time = advance(to: time)
        if time > runStart { steps.append(.wait(time - runStart)) }
        steps.append(.key(key))
        runStart = time
    }

    /// What has been recorded so far, as a script.
    package var script: InputScript {
        var copy = self
        copy.closeRun()
        return InputScript(scene: scene, device: device, seed: seed, steps: copy.steps)
    }

    /// The script as JSON text, ready to be written to a file.
    package var jsonText: String { script.jsonText }

    /// `time` as script time, never earlier than anything recorded before.
    private mutating func advance(to time: Double) -> Double {
        latest = max(latest, time - startTime)
        return latest
    }

    /// Ends the current run of raw events with an `events` step; it lasts until its last
    /// event, which is where the next step starts.
    private mutating func closeRun() {
        guard !run.isEmpty else { return }
        steps.append(.events(run))
        // The latest time is the last event's: a key only moves it after the run closes.
        runStart = latest
        run = []
    }
}
