import Foundation

/// The folder where windows keep their journals, `$XDG_STATE_HOME/kiln` (else
/// `~/.local/state/kiln`), and the journals in it.
package struct JournalFolder: Sendable {
    /// The folder's path.
    package let path: String

    /// The journals kept in the folder at `path`.
    package init(path: String) {
        self.path = path
    }

    /// The folder for this environment: `$XDG_STATE_HOME/kiln` when it is an absolute path
    /// (as the XDG base directory specification asks), else `$HOME/.local/state/kiln`.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            path = state + "/kiln"
        } else {
            path = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state/kiln"
        }
    }

    /// Every journal in the folder (none when it does not exist), the last written first.
    package func journals() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let paths = names.filter { !$0.hasPrefix(".") && $0.hasSuffix(".journal") }
            .map { (path as NSString).appendingPathComponent($0) }
        return paths.map { ($0, Self.modified($0)) }.sorted { $0.1 > $1.1 }.map(\.0)
    }

    /// The journals whose window is gone: no process holds their lock.
    package func leftJournals() -> [String] {
        journals().filter { !Self.isInUse($0) }
    }

    /// Whether a running window still writes the journal at `path` (holds its lock).
    package static func isInUse(_ path: String) -> Bool {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        guard flock(file, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(file, LOCK_UN)
        // A journal rewritten between the open and the lock is a new file under the name:
        // the lock taken was on the old one.
        var opened = stat(), named = stat()
        guard fstat(file, &opened) == 0, stat(path, &named) == 0 else { return false }
        return opened.st_ino != named.st_ino || opened.st_dev != named.st_dev
    }

    /// "20250314-093015", local time, for file names.
    static func fileStamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }

    private static func modified(_ path: String) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }
}
