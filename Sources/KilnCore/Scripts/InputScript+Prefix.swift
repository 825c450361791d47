extension InputScript {
    /// The script up to `time`: its steps that start by then, a run of raw events cut at
    /// `time`, a wait shortened to end there. Two logs that agree up to a moment have equal
    /// prefixes through it, whatever each holds after (a log that grew, a session that forked).
    package func prefix(through time: Double) -> InputScript {
        var kept: [ScriptStep] = []
        var start = 0.0
        for step in steps {
            guard start <= time + 1e-9 else { break }
            switch step {
            case .events(let run):
                let events = run.filter { start + $0.time <= time + 1e-9 }
                if !events.isEmpty { kept.append(.events(events)) }
                if events.count < run.count { return InputScript(scene: scene, device: device, seed: seed, steps: kept) }
            case .wait(let seconds):
                kept.append(.wait(min(seconds, time - start)))
            default:
                kept.append(step)
            }
            start += step.duration
        }
        return InputScript(scene: scene, device: device, seed: seed, steps: kept)
    }
}
