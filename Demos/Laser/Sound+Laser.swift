import Kiln

// The laser scene's own sounds. Each keeps the seed it has always had, so its samples stay
// the same whatever other sounds are declared.

extension Sound {
    /// The laser turning on: a bright, crackling rising sweep (about 0.6 s).
    public static let ignition = Sound(name: "ignition", seed: 1) { synthesizer, random in
        synthesizer.ignition(&random)
    }
    /// The laser's steady hum: a seamless loop of about one second.
    public static let hum = Sound(name: "hum", isLoop: true, seed: 2) { synthesizer, random in
        synthesizer.hum(&random)
    }
    /// A card burning in the beam: crackly filtered noise, seamless when looped.
    public static let sizzle = Sound(name: "sizzle", isLoop: true, seed: 3) { synthesizer, random in
        synthesizer.sizzle(&random)
    }
}
