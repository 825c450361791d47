import Foundation

/// What tells one version of a file from the next: its modification time, size and inode. A
/// file saved again (re-exported from a design tool, say) gets a new stamp, even within the
/// kernel's timestamp granularity when the save renames a new file over the old one, as
/// editors and exporters do.
public struct AssetStamp: Hashable, Sendable {
    /// When the file last changed, in seconds since 1970; 0 when it cannot be read.
    public let modified: Double
    /// Its size in bytes; -1 when it cannot be read.
    public let size: Int
    /// The file's inode number; 0 when it cannot be read.
    public let inode: UInt64

    /// The stamp of the file at `url` as it is now.
    public init(of url: URL) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
        inode = (attributes?[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    /// A stamp of known parts, for tests.
    package init(modified: Double, size: Int, inode: UInt64 = 0) {
        self.modified = modified
        self.size = size
        self.inode = inode
    }
}
