// The asset readers read files (gdk-pixbuf, librsvg and rlottie take paths), so an input
// becomes a file first. Kiln's asset cache knows a file's versions by modification time and
// size, so each input is written over the same file with a time of its own: the cache keeps
// one entry for it, and never answers with an earlier input's pixels.
import Foundation

/// A scratch file that holds one fuzz input at a time.
public final class AssetFile: @unchecked Sendable {
    /// The file, in a folder of its own in the temporary folder.
    public let url: URL
    private var version = 0.0

    /// A scratch file named `name` (its extension tells Kiln what kind of asset it is).
    public init(named name: String) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiln-fuzz-\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent(name)
    }

    /// Writes `bytes` to the file, stamped with a modification time no earlier input had.
    public func write(_ bytes: [UInt8]) {
        version += 1
        guard FileManager.default.createFile(atPath: url.path, contents: Data(bytes)) else {
            violated("cannot write the scratch file \(url.path)")
        }
        try? FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: version)],
                                               ofItemAtPath: url.path)
    }
}
