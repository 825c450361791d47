// Writes a whole file where the user asked for it. A regular file (or a new one) is written
// into a hidden file beside it and renamed into place, so a failure leaves the old file as it
// was; a FIFO, a character device or a socket named itself (not through a link) is opened
// and written to directly, since replacing it would break whatever reads it. A read-only
// file is refused and left as it was; a file replaced keeps its mode and, where the user may
// give it, its owner.
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

    /// Why the file at `path` may not be replaced, or `nil` when it may (or nothing is
    /// there). A link is not followed: it is replaced, not its target.
    ///
    /// The mode bits decide, as `ls -l` shows them to the user: for its owner the owner's
    /// write bit, for a member of its group the group's, for others the others'. Root, whom
    /// access(2) lets write anything, is held to a file having any write bit at all, so that
    /// making a file read-only keeps it whoever runs Kiln.
    package static func refusal(replacing path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let mode = status.st_mode
        let user = geteuid()
        let writable: Bool
        if user == 0 {
            writable = mode & (S_IWUSR | S_IWGRP | S_IWOTH) != 0
        } else if status.st_uid == user {
            writable = mode & S_IWUSR != 0
        } else if isMember(of: status.st_gid) {
            writable = mode & S_IWGRP != 0
        } else {
            writable = mode & S_IWOTH != 0
        }
        // access(2) adds what the bits do not show: a read-only file system, an access list.
        guard writable, access(path, W_OK) == 0 else {
            return "it is read-only (mode \(String(mode & 0o7777, radix: 8))); nothing was written over it"
        }
        return nil
    }

    /// Whether the process is in group `group`, as its own or a supplementary one.
    private static func isMember(of group: gid_t) -> Bool {
        if getegid() == group { return true }
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let found = getgroups(count, &groups)
        return groups.prefix(max(0, Int(found))).contains(group)
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
