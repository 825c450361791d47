/// The names a prototype's source files go by once compiled, mapped back to the files the
/// designer edits: the copies in the build folder, and `#fileID`'s `Module/File.swift`.
struct PrototypeSourcePaths: Equatable, Sendable {
    /// The prototype folder, an absolute path without a trailing slash.
    var folder: String
    /// The build folder's copy of the sources (`PrototypeBuildFolder.snapshot`).
    var snapshot: String
    /// The module the sources are compiled into.
    var moduleName: String

    /// The paths of a folder's sources, their copies and their module.
    init(folder: String, snapshot: String, moduleName: String) {
        self.folder = folder
        self.snapshot = snapshot
        self.moduleName = moduleName
    }

    /// The paths of `folder` as `build` compiles it.
    init(folder: PrototypeFolder, build: PrototypeBuildFolder) {
        self.init(folder: folder.url.path, snapshot: build.snapshot.path, moduleName: build.build.moduleName)
    }

    /// The prototype's own file that `path` names, as an absolute path; `nil` for a file
    /// that is not one of the prototype's (Kiln's, the standard library's).
    func userFile(_ path: String) -> String? {
        for prefix in [folder, snapshot, moduleName] where path.hasPrefix(prefix + "/") {
            // A copy's name starts with a dot (`PrototypeBuildFolder.copyName`).
            let name = path.dropFirst(prefix.count + 1).drop { prefix == snapshot && $0 == "." }
            // Only files at the folder's top are compiled.
            guard !name.isEmpty, !name.contains("/") else { return nil }
            return folder + "/" + name
        }
        return nil
    }
}
