import Kiln

// The pressure ring's own sound. Its `selected` tick is the shared interface tick.

extension Sound {
    /// The ring turning to `confirmed`: a short, soft two-note chirp rising a fifth (about
    /// 0.18 s), quicker and purer than the chime that follows the action.
    public static let confirm = Sound(name: "confirm") { synthesizer, _ in
        synthesizer.confirm()
    }
}
