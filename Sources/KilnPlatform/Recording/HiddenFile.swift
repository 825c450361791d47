// A file that becomes an output once it is whole. It is made in the output's folder, so the
// final rename(2) is atomic, under a name nobody can guess (`.NAME.RANDOM.SUFFIX`), with
// O_CREAT|O_EXCL|O_NOFOLLOW: a file or link planted there beforehand is never opened,
// written through or renamed into place; Kiln only tries another name. Until it is renamed
// or removed, a signal that ends Kiln removes it (`TemporaryFiles`).
import Foundation

/// A hidden file only this process created, open for reading and writing.
package final class HiddenFile {
    /// Where it is now.
    package let path: String
    /// Its open descriptor (close-on-exec), the way to reach it without its name.
    package let descriptor: Int32
    private var isSettled = false

    /// Names tried before giving up, when every one was taken (never, short of an attack
    /// that guesses 72 random bits).
    private static let attempts = 100

    /// A new, empty hidden file in the folder of `output`; `what` names it in an error.
    package init(beside output: String, suffix: String, for what: String? = nil) throws {
        let url = URL(fileURLWithPath: output)
        let folder = url.deletingLastPathComponent().path
        // A file name takes 255 bytes; the output's name is cut to leave room for the rest.
        let name = String(decoding: url.lastPathComponent.utf8.prefix(200), as: UTF8.self)
        for _ in 0..<Self.attempts {
            let candidate = (folder as NSString).appendingPathComponent(".\(name).\(Self.randomPart()).\(suffix)")
            // The usual mode, as if the output were made directly: it is renamed to be the output.
            let made = open(candidate, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if made >= 0 {
                path = candidate
                descriptor = made
                TemporaryFiles.add(candidate)
                return
            }
            guard errno == EEXIST else { throw PlatformError.io("cannot write \(what ?? output): \(Self.reason())") }
        }
        throw PlatformError.io("cannot write \(what ?? output): no free hidden name in \(folder)")
    }

    deinit {
        remove()
        close(descriptor)
    }

    /// Gives the file the name `output`, in the same folder, replacing what had it: a link
    /// there is replaced, never followed. A regular file there that is read-only is refused
    /// and left as it was; otherwise the new file takes its mode, and its owner and group
    /// where the user may give them (root, or a group of the user's).
    package func publish(as output: String) throws {
        guard !isSettled else { return }
        if let refusal = OutputFile.refusal(replacing: output) {
            remove()
            throw PlatformError.io("cannot write \(output): \(refusal)")
        }
        var replaced = stat()
        if lstat(output, &replaced) == 0, replaced.st_mode & S_IFMT == S_IFREG {
            // Owner first: a change of owner clears the set-user-ID and set-group-ID bits.
            if fchown(descriptor, replaced.st_uid, replaced.st_gid) != 0 {
                _ = fchown(descriptor, uid_t.max, replaced.st_gid)
            }
            fchmod(descriptor, replaced.st_mode & 0o7777)
        }
        guard rename(path, output) == 0 else {
            let reason = Self.reason()
            remove()
            throw PlatformError.io("cannot write \(output): \(reason)")
        }
        isSettled = true
        TemporaryFiles.forget(path)
    }

    /// Removes the file, unless it was published or removed already.
    package func remove() {
        guard !isSettled else { return }
        isSettled = true
        unlink(path)
        TemporaryFiles.forget(path)
    }

    /// Its size now, in bytes.
    package var size: Int {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
    }

    /// Writes all of `data` at the file's current offset.
    package func write(_ data: Data, for what: String) throws {
        try data.withUnsafeBytes { try Self.write($0, to: descriptor, for: what) }
    }

    /// Writes all of `bytes` to `descriptor`, across short writes and interruptions.
    package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, for what: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw PlatformError.io("cannot write \(what): \(reason())")
            }
            offset += n
        }
    }

    /// Twelve letters and digits from the system's random source: 72 bits no other user can
    /// predict. Not the seeded generators scenes use, whose whole point is to repeat.
    private static func randomPart() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        var generator = SystemRandomNumberGenerator()
        return String((0..<12).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
