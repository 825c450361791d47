// What an external command left behind once it finished.
import Foundation

/// What a finished external command printed and how it exited.
public struct CommandOutput: Sendable {
    /// The exit status (or the terminating signal's number when `wasSignalled`).
    public var status: Int32
    /// Whether the command ended by a signal rather than by exiting.
    public var wasSignalled: Bool
    /// Everything written to standard output.
    public var stdout: Data
    /// Everything written to standard error, decoded as UTF-8.
    public var stderr: String

    /// Standard output decoded as UTF-8, without the trailing newline.
    public var text: String {
        String(decoding: stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
