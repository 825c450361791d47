import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The checks that keep the prototype cache the user's own: a library found there is loaded
/// into `kiln` and runs as the user, so nobody else may have made, or be able to change,
/// anything on the way to it.
///
/// A folder passes when it is a real folder (not a link), owned by the effective user, and
/// writable by nobody else; Kiln makes its folders with mode 0700 and narrows one of its own
/// made wider to that. A library passes when it is a regular file (not a link), owned by the
/// effective user and writable by nobody else.
enum PrivateFolder {
    /// Something in the cache that is not the user's own, in one line naming it.
    struct Refusal: Error, CustomStringConvertible, Sendable {
        /// The sentence.
        var description: String
    }

    /// Makes `folder` and each missing folder above it up to `base`, each with mode 0700,
    /// and checks each of them from `base` down. `base` itself (the user's cache or
    /// temporary folder) is only made when missing.
    static func make(_ folder: URL, under base: URL) throws(Refusal) {
        let basePath = base.standardizedFileURL.path
        let path = folder.standardizedFileURL.path
        guard path.hasPrefix(basePath + "/") else { return try make(folder) }
        if access(basePath, F_OK) != 0 {
            try? FileManager.default.createDirectory(atPath: basePath, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
        }
        var current = basePath
        for component in path.dropFirst(basePath.count + 1).split(separator: "/") {
            current += "/" + component
            try make(URL(fileURLWithPath: current))
        }
    }

    /// Makes `folder` (its parent must exist) with mode 0700 unless it exists, then checks it.
    static func make(_ folder: URL) throws(Refusal) {
        // Made, or already there: either way it is then looked at without following a link.
        if mkdir(folder.path, 0o700) != 0 && errno != EEXIST {
            throw Refusal(description: "cannot make \(folder.path): \(String(cString: strerror(errno)))")
        }
        try check(folder: folder)
    }

    /// Checks that `folder` is the user's own folder, and narrows its mode to 0700.
    static func check(folder: URL) throws(Refusal) {
        let status = try status(of: folder)
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw Refusal(description: "\(folder.path) is not a folder (it may be a link); Kiln keeps compiled prototypes only in a folder of your own: remove it")
        }
        try checkOwner(status, of: folder)
        // Its own folder, made by an older kiln with the usual mode: no one else may read it either.
        if status.st_mode & 0o077 != 0 { chmod(folder.path, 0o700) }
    }

    /// Checks that `library` is a regular file of the user's own that nobody else can change.
    static func check(library: URL) throws(Refusal) {
        let status = try status(of: library)
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Refusal(description: "\(library.path) is not a regular file (it may be a link): it is not loaded; remove it")
        }
        try checkOwner(status, of: library)
    }

    private static func status(of url: URL) throws(Refusal) -> stat {
        var status = stat()
        guard lstat(url.path, &status) == 0 else {
            throw Refusal(description: "cannot look at \(url.path): \(String(cString: strerror(errno)))")
        }
        return status
    }

    private static func checkOwner(_ status: stat, of url: URL) throws(Refusal) {
        guard status.st_uid == geteuid() else {
            throw Refusal(description: "\(url.path) belongs to another user (uid \(status.st_uid)): it is not used; Kiln keeps compiled prototypes only in a folder of your own")
        }
        guard status.st_mode & 0o022 == 0 else {
            throw Refusal(description: "\(url.path) can be changed by other users: it is not used; make it yours alone (chmod go-w) or remove it")
        }
    }
}
