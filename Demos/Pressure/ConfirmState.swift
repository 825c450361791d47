/// Where a pressure-confirmed press stands (P4): idle, updating, selected or confirmed.
public enum ConfirmState: String, Sendable, CaseIterable {
    /// Nothing is pressed.
    case idle
    /// Pressed, with the intention at or below the full threshold.
    case updating
    /// Full intention with the pointer outside the ring: a release cancels.
    case selected
    /// Full intention with the pointer inside the ring's frame: a release confirms.
    case confirmed
}

/// How a press ended (P5).
public enum ConfirmOutcome: String, Sendable {
    /// Released in `confirmed`: the action fires.
    case confirmed
    /// Released in any other state.
    case cancelled
}
