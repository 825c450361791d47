import Foundation

/// A prototype folder: the Swift files at its top level, compiled together, that define a
/// global `let prototype = Prototype(...)`; beside them an optional `tuning.toml`, input
/// scripts in `Scripts/`, tests in `Tests/` (left to a package) and a `README.md`.
///
/// ```
/// Card/
///   Card.swift          import Kiln … let prototype = Prototype(name: "card", …)
///   tuning.toml
///   Scripts/demo.json
///   README.md
/// ```
package struct PrototypeFolder: Equatable, Sendable {
    /// The folder, as an absolute, standardized file URL.
    package let url: URL

    /// The folder at `path` (relative paths from the current directory); it is not read yet.
    package init(path: String) {
        url = URL(fileURLWithPath: path).standardizedFileURL
    }

    /// The folder as messages name it: its path as given, without a trailing slash.
    package var displayName: String {
        let relative = url.path.hasPrefix(FileManager.default.currentDirectoryPath + "/")
            ? String(url.path.dropFirst(FileManager.default.currentDirectoryPath.count + 1)) : url.path
        return relative
    }

    /// The Swift files compiled: the top level's `.swift` files, sorted by name, but for a
    /// `Package.swift`, which makes the folder a package too (to run its `Tests/`).
    package func sourceFiles() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") && !$0.hasPrefix(".") && $0 != "Package.swift" }.sorted()
            .map { url.appendingPathComponent($0) }
    }

    /// The prototype's own tuning file, `tuning.toml`, whether or not it exists.
    package var tuningFile: URL { url.appendingPathComponent("tuning.toml") }

    /// The folder of input scripts, `Scripts/`.
    package var scriptsFolder: URL { url.appendingPathComponent("Scripts") }

    /// Whether `path` names a prototype folder: a directory with a Swift file at its top.
    package static func isPrototype(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return false
        }
        return !PrototypeFolder(path: path).sourceFiles().isEmpty
    }

    /// Whether a word of the command line given as a scene names a prototype folder: a folder
    /// of Swift files written as a path (`./gallery`, `card/`, `/abs/card`, `~/card`), or one
    /// whose name is none of `sceneNames`. A scene's name alone never runs the folder of that
    /// name, so typing `gallery` in a downloaded repository shows Kiln's gallery, not its code.
    package static func isPrototype(argument: String, sceneNames: [String]) -> Bool {
        guard isPrototype(argument) else { return false }
        return isWrittenAsPath(argument) || !sceneNames.contains(argument)
    }

    /// Whether `argument` is written as a path rather than a name: it holds a `/`, or starts
    /// with `.` or `~`.
    static func isWrittenAsPath(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasPrefix(".") || argument.hasPrefix("~")
    }

    /// The prototype folder that playing the script at `scriptPath` compiles: the folder it
    /// belongs to (`FOLDER/Scripts/x.json`), and only when the script is for a scene none of
    /// `sceneNames` is. A script for one of those plays that scene, wherever it lies.
    package static func compiled(forScript scriptPath: String, scene: String?, sceneNames: [String]) -> PrototypeFolder? {
        guard let scene, !sceneNames.contains(scene) else { return nil }
        return containing(script: scriptPath)
    }

    /// The prototype folder a script at `scriptPath` belongs to (`FOLDER/Scripts/x.json`),
    /// if any.
    package static func containing(script scriptPath: String) -> PrototypeFolder? {
        let scripts = URL(fileURLWithPath: scriptPath).standardizedFileURL.deletingLastPathComponent()
        guard scripts.lastPathComponent == "Scripts" else { return nil }
        let folder = scripts.deletingLastPathComponent()
        return isPrototype(folder.path) ? PrototypeFolder(path: folder.path) : nil
    }

    /// The sources' names, dates and sizes: it changes when a file is saved, added or removed.
    package func sourceStamp() -> String {
        sourceFiles().map { file in
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            return "\(file.lastPathComponent)@\(date)/\(size)"
        }.joined(separator: "|")
    }

    /// When the newest source was saved, as seconds since 1970 (0 when none can be read).
    package func newestSourceDate() -> Double {
        sourceFiles().compactMap { file in
            ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date)?
                .timeIntervalSince1970
        }.max() ?? 0
    }
}
