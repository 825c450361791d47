import Foundation
import KilnPlatform

/// Where a command will write: checked before the work starts, so that a long render or a
/// live session is not lost at the end to a path that cannot take it.
enum OutputPath {
    /// Why no file can be written at `path`, or `nil` when one can.
    static func problem(writingFileAt path: String) -> String? {
        if isFolder(path) { return "it is a folder" }
        // A FIFO or device is written to as it is, and its folder (/dev) need not take files;
        // a video goes back to its start once written, which a stream cannot do.
        if OutputFile.isStream(path) {
            return VideoFormat(path: path) == nil ? nil : "a video needs a regular file, not a FIFO or device"
        }
        if let refusal = OutputFile.refusal(replacing: path) { return refusal }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder) else { return "the folder \(folder) does not exist" }
        guard isFolder(folder) else { return "\(folder) is not a folder" }
        return canCreateFiles(in: folder) ? nil : "the folder \(folder) does not take new files"
    }

    /// Makes the folder at `path` (and its parents) unless it exists; why it cannot be
    /// written into, or `nil` when it can.
    static func problem(makingFolder path: String) -> String? {
        var ancestor = URL(fileURLWithPath: path).standardizedFileURL
        while !FileManager.default.fileExists(atPath: ancestor.path) {
            ancestor.deleteLastPathComponent()
        }
        guard isFolder(ancestor.path) else { return "\(ancestor.path) is not a folder" }
        guard canCreateFiles(in: ancestor.path) else { return "the folder \(ancestor.path) does not take new files" }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            return error.localizedDescription
        }
        return canCreateFiles(in: path) ? nil : "the folder does not take new files"
    }

    static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Whether a new file can be made in `folder`. access(2) says yes to root even where the
    /// file system takes no files (/proc), so one is made and removed.
    private static func canCreateFiles(in folder: String) -> Bool {
        let probe = (folder as NSString).appendingPathComponent("kiln-write-check")
        guard let made = try? HiddenFile(beside: probe, suffix: "check") else { return false }
        made.remove()
        return true
    }
}
