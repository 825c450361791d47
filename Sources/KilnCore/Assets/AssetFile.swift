import Foundation

/// How every asset file is opened: as a regular file, without blocking, and read from the
/// descriptor that was checked. A FIFO named as an image would block a plain `open` for
/// good, and a device or a socket never ends; each gets one line instead. A name checked by
/// path and then opened again could be swapped in between, so the bytes a library is
/// handed come from the one descriptor that was checked.
package enum AssetFile {
    /// The largest asset file Kiln reads, in bytes: a file past it is refused before it is
    /// read.
    package static let maximumBytes = 64 << 20

    /// Whether a link in the file's own name is followed.
    package enum Links: Sendable {
        /// The name may be a link (a scene's own asset, which the user's folder may link in).
        case followed
        /// The name must not be a link (a reference inside a file from elsewhere).
        case refused
    }

    /// The whole of the regular file at `url`, read from one descriptor opened with
    /// `O_NONBLOCK`, checked by `fstat` before a byte is read; refused in one line naming the
    /// file when it is missing, unreadable, not a regular file or larger than `limit`.
    package static func read(_ url: URL, links: Links = .followed, limit: Int = maximumBytes)
        throws(AssetError) -> Data {
        let descriptor = try open(url, links: links)
        defer { close(descriptor) }
        let size = try checkedSize(descriptor, url: url, limit: limit)
        var data = Data(count: size)
        var filled = 0
        let failed = data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Bool in
            while filled < size {
                let count = Foundation.read(descriptor, buffer.baseAddress! + filled, size - filled)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return count < 0 }
                filled += count
            }
            return false
        }
        guard !failed else { throw AssetError(file: url.lastPathComponent, reason: "cannot be read (\(String(cString: strerror(errno))))") }
        // A file that shrank while it was read is what it now holds.
        return filled == size ? data : data.prefix(filled)
    }

    /// Checks that `url` names a regular file of at most `limit` bytes without reading it,
    /// for a file a library opens by name itself; returns its size.
    @discardableResult
    package static func check(_ url: URL, links: Links = .followed, limit: Int = maximumBytes)
        throws(AssetError) -> Int {
        let descriptor = try open(url, links: links)
        defer { close(descriptor) }
        return try checkedSize(descriptor, url: url, limit: limit)
    }

    /// A descriptor on `url`, opened for reading without blocking on a FIFO.
    private static func open(_ url: URL, links: Links) throws(AssetError) -> Int32 {
        var flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
        if links == .refused { flags |= O_NOFOLLOW }
        let descriptor = Foundation.open(url.path, flags)
        guard descriptor >= 0 else {
            let name = url.lastPathComponent
            switch errno {
            case ENOENT, ENOTDIR: throw AssetError(file: name, reason: "no such file")
            case EACCES, EPERM: throw AssetError(file: name, reason: "cannot be read (permission denied)")
            case ELOOP: throw AssetError(file: name, reason: "is a link, which is not followed here; not read")
            case ENXIO: throw AssetError(file: name, reason: "is a socket or a FIFO with no writer, not a file; not read")
            default: throw AssetError(file: name, reason: "cannot be opened (\(String(cString: strerror(errno))))")
            }
        }
        return descriptor
    }

    /// The size of the open file, refusing anything but a regular file of at most `limit` bytes.
    private static func checkedSize(_ descriptor: Int32, url: URL, limit: Int) throws(AssetError) -> Int {
        var status = stat()
        let name = url.lastPathComponent
        guard fstat(descriptor, &status) == 0 else {
            throw AssetError(file: name, reason: "cannot be read (\(String(cString: strerror(errno))))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw AssetError(file: name, reason: "is \(kind(status.st_mode)), not a regular file; not read")
        }
        let size = Int(status.st_size)
        guard size <= limit else {
            throw AssetError(file: name, reason: "\(megabytes(size)) is larger than the \(megabytes(limit)) an asset may be; refused")
        }
        return size
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFLNK: "a link"
        default: "not a file"
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) : "\(bytes) bytes"
    }
}
