// The one error type of the end-to-end helpers: each says what to do about it.

/// Why an end-to-end step could not go on; the description says what to do about it.
public struct EndToEndError: Error, CustomStringConvertible {
    /// What went wrong, in a sentence or two.
    public var description: String

    /// An error with the given message.
    public init(_ description: String) { self.description = description }
}
