import Kiln

// The Mailbox's own sound; its other sounds are the shared interface ones.

extension Sound {
    /// A panel appearing: a quiet, round, low-mid pop (about 70 ms).
    public static let pop = Sound(name: "pop") { synthesizer, _ in
        synthesizer.pop()
    }
}
