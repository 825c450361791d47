import Foundation

/// Why an asset file could not be used: a missing, unreadable, corrupt or oversized image,
/// SVG or Lottie file. Its description is one line that names the file.
public struct AssetError: Error, Equatable, CustomStringConvertible {
    /// The file as the user named it or as it was found.
    public let file: String
    /// What is wrong with it, in a few words.
    public let reason: String

    /// An error about `file`, saying `reason`.
    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// The largest side, in pixels, of an image or SVG canvas Kiln reads: a file claiming
    /// more is refused before anything is allocated for it.
    public static let maximumSide = 16_384

    /// The most pixels in all of an image Kiln decodes, 4096 × 4096: a file claiming more is
    /// refused before its pixels are allocated. Such an image takes 64 MB a copy, and decoding
    /// it holds at most four (the decoder's, a turned copy, Kiln's premultiplied one, and a
    /// progressive JPEG's coefficients, 1.5 copies' worth), so a load stays near 300 MB.
    public static let maximumPixels = 1 << 24

    /// `file: reason`, always one line that sets nothing on a terminal, whatever the file's
    /// name or the text a reason quotes from it holds.
    public var description: String { "\(file): \(reason)".printable }

    /// Why `file`, claiming `width` × `height` in `unit`s, is refused for a side over
    /// `maximumSide`. A side too long for a whole number (1e30) is written as it is.
    package static func oversized(_ file: String, _ width: Double, _ height: Double, unit: String, what: String = "")
        -> AssetError {
        func side(_ value: Double) -> String {
            abs(value) < 1e15 ? String(Int(value)) : String(format: "%g", value)
        }
        return AssetError(file: file, reason: "\(what)\(side(width))×\(side(height)) \(unit) is larger than "
            + "\(maximumSide) \(unit) on a side; refused")
    }

    /// Why `file`, `what` is `width` × `height` pixels, is refused for more than
    /// `maximumPixels` in all.
    package static func overPixelLimit(_ file: String, _ width: Int, _ height: Int, what: String = "") -> AssetError {
        AssetError(file: file, reason: "\(what)\(width)×\(height) px is more than the \(maximumPixels) pixels "
            + "(4096×4096) an image may have; refused")
    }

    /// Why the file at `url` cannot be opened: it is missing, or it cannot be read.
    package static func unopenable(_ url: URL) -> AssetError {
        AssetError(file: url.lastPathComponent, reason: FileManager.default.fileExists(atPath: url.path)
            ? "cannot be read (permission denied)" : "no such file")
    }
}

/// Where one-line asset problems go, so that a scene with a bad asset runs on and says why
/// once per file and version, not once per frame.
package enum AssetProblems {
    private static let said = Locked<Set<String>>([])
    private static let sink = Locked<@Sendable (String) -> Void>({ line in
        FileHandle.standardError.write(Data("kiln: \(line)\n".utf8))
    })

    /// Says `error` once (again only after `forget`), as one line on standard error by default.
    package static func report(_ error: AssetError) {
        let line = error.description
        guard said.withLock({ $0.insert(line).inserted }) else { return }
        let write = sink.withLock { $0 }
        write(line)
    }

    /// Lets every problem be said again, as after a file changed.
    package static func forget() {
        said.withLock { $0.removeAll() }
    }

    /// Lets the problems of the file at `url` be said again, as after it was saved anew.
    package static func forget(file url: URL) {
        let prefixes = [url.lastPathComponent + ": ", url.path + ": "]
        said.withLock { $0 = $0.filter { line in !prefixes.contains { line.hasPrefix($0) } } }
    }

    /// Sends problems to `write` instead of standard error (tests, the window's HUD).
    package static func redirect(_ write: @escaping @Sendable (String) -> Void) {
        sink.withLock { $0 = write }
    }
}
