// Writes a whole file where the user asked for it. A regular file (or a new one) is written
// into a hidden file beside it and renamed into place, so a failure leaves the old file as it
// was; a FIFO, a character device or a socket named itself (not through a link) is opened
// and written to directly, since replacing it would break whatever reads it.
import Foundation

/// Whole files written at a path the user gave.
package enum OutputFile {
    /// Whether `path` is a FIFO, a character device or a socket: written to, never replaced.
    /// A link is not followed: a link at `path` is replaced like a file.
    package static func isStream(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        let type = status.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
    }

    /// Writes `data` as the file at `path`: whole, or not at all for a regular file.
    package static func write(_ data: Data, to path: String) throws {
        guard !isStream(path) else { return try writeStream(data, to: path) }
        let hidden = try HiddenFile(beside: path, suffix: "partial")
        try hidden.write(data, for: path)
        try hidden.publish(as: path)
    }

    private static func writeStream(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw PlatformError.io("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        try data.withUnsafeBytes { try HiddenFile.write($0, to: descriptor, for: path) }
    }
}
