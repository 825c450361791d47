import Foundation

/// Reads a text file the user named (a script, a tuning file, a recording), saying in a few
/// words why it cannot be read, where Foundation's own messages are long and vague.
package enum TextFile {
    /// Why a file could not be read as text.
    package enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// Nothing is at the path.
        case missing
        /// The path is a folder.
        case folder
        /// A device, a pipe or a socket: reading it could block or never end.
        case notRegularFile
        /// The file is there but may not be read.
        case notPermitted
        /// The bytes are not UTF-8.
        case notUTF8

        /// What is wrong, to follow the file's name: "no such file".
        package var description: String {
            switch self {
            case .missing: "no such file"
            case .folder: "is a folder, not a file"
            case .notRegularFile: "is not a regular file"
            case .notPermitted: "cannot be read (permission denied)"
            case .notUTF8: "is not UTF-8 text"
            }
        }
    }

    /// The text of the regular file at `path`.
    package static func read(_ path: String) throws(Problem) -> String {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: path, isDirectory: &isFolder) else { throw .missing }
        if isFolder.boolValue { throw .folder }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let type = (try? files.attributesOfItem(atPath: target))?[.type] as? FileAttributeType
        guard type == .typeRegular else { throw .notRegularFile }
        guard files.isReadableFile(atPath: path), let data = files.contents(atPath: path) else { throw .notPermitted }
        guard let text = String(data: data, encoding: .utf8) else { throw .notUTF8 }
        return text
    }
}
