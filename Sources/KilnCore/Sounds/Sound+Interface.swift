
// Interface sounds that several scenes play. Each keeps the seed it has always had, so its
// samples stay the same whatever other sounds are declared.

extension Sound {
    /// A short, soft interface tick (about 20 ms), for threshold crossings.
    public static let tick = Sound(name: "tick", seed: 4) { synthesizer, random in
        synthesizer.tick(&random)
    }
    /// A confirmation chime: two bright tones decaying over about half a second.
    public static let chime = Sound(name: "chime", seed: 5) { synthesizer, _ in
        synthesizer.chime()
    }
    /// Air moving past: a swept noise band for things flung away (about 0.35 s).
    public static let whoosh = Sound(name: "whoosh", seed: 6) { synthesizer, random in
        synthesizer.whoosh(&random)
    }
}
