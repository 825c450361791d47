// Where a path a file names really leads, for the readers that keep what an SVG or a Lottie
// names inside its own folder.
import Foundation

enum FolderPath {
    /// Whether `path` is `root` or lies below it.
    static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// `path` with every link followed, as the kernel follows them; `nil` when it leads nowhere.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
