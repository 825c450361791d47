import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The folder one prototype's builds share from save to save, under the compiler's cache:
/// the copies of its sources that are compiled, the compiler's objects and dependency
/// records, and a library per version.
///
/// ```
/// KilnPrototype_<folder>/
///   Sources/.Card.swift …            the text compiled, rewritten only when it changed
///   KilnPrototype_<folder>-entry.swift
///   Objects/Card.swift.o …           kept for the next incremental build
///   output-file-map.json
///   libKilnPrototype_<folder>-<version>.so
/// ```
struct PrototypeBuildFolder: Sendable {
    /// The folder.
    let root: URL
    /// The build it holds.
    let build: PrototypeBuild

    /// How many libraries are kept: a window loads the newest, older ones are only mapped.
    static let librariesKept = 4

    /// The build folder of `build` under `cacheFolder`.
    init(build: PrototypeBuild, cacheFolder: URL) {
        self.build = build
        root = cacheFolder.appendingPathComponent(build.moduleName)
    }

    /// Where the sources are copied to be compiled.
    var snapshot: URL { root.appendingPathComponent("Sources") }
    /// The compiler's objects and dependency records.
    var objects: URL { root.appendingPathComponent("Objects") }
    /// The generated entry file.
    var entry: URL { root.appendingPathComponent(build.entryFileName) }
    /// The compiler's output file map.
    var outputFileMap: URL { root.appendingPathComponent("output-file-map.json") }
    /// The library of this version.
    var library: URL { root.appendingPathComponent(build.libraryFileName) }

    /// Copies `sources` of the prototype folder at `folder` into the snapshot, each placed
    /// at its own file (`PrototypeBuild.compiledText`), writing only the files whose text
    /// changed (the compiler tells what changed by modification dates) and removing files no
    /// longer there; writes the entry file and the output file map the same way. Returns
    /// the copies.
    func write(sources: [(name: String, text: String)], of folder: URL) throws -> [URL] {
        let files = FileManager.default
        try PrivateFolder.make(snapshot, under: root.deletingLastPathComponent())
        try PrivateFolder.make(objects, under: root.deletingLastPathComponent())
        let names = Set(sources.map { Self.copyName($0.name) })
        for stale in (try files.contentsOfDirectory(atPath: snapshot.path)) where !names.contains(stale) {
            try files.removeItem(at: snapshot.appendingPathComponent(stale))
        }
        let copies = try sources.map { source in
            let copy = snapshot.appendingPathComponent(Self.copyName(source.name))
            try Self.write(PrototypeBuild.compiledText(of: source.text, at: folder.appendingPathComponent(source.name).path),
                           to: copy)
            return copy
        }
        try Self.write(build.entrySource, to: entry)
        try Self.write(build.outputFileMap(sources: copies, entry: entry, objects: objects), to: outputFileMap)
        return copies
    }

    /// The copy's name: the file's after a dot. A copy named as its file would give
    /// `#fileID` two paths for one name, which the compiler warns of; a folder's own
    /// compiled files never start with a dot.
    static func copyName(_ name: String) -> String { "." + name }

    /// Writes `text` unless the file already holds it.
    private static func write(_ text: String, to url: URL) throws {
        if let existing = try? Data(contentsOf: url), existing == Data(text.utf8) { return }
        let before = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
        try text.write(to: url, atomically: true, encoding: .utf8)
        // The compiler's incremental build tells a changed file by its date, and two saves
        // within one second can leave the same date: the second save's file would then not
        // be compiled again, and the window would show the code before it.
        if let before {
            let date = max(Date(), before.addingTimeInterval(1))
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
        }
    }

    /// Runs `body` holding the folder's lock, so that two kilns on one prototype never
    /// build in the same folder at once: the second waits, then finds the library the first
    /// renamed into place. The folder is made (`PrivateFolder.make`) before.
    func locked<T>(_ body: () throws -> T) throws -> T {
        let descriptor = open(root.appendingPathComponent("lock").path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: root.path]) }
        defer { close(descriptor) }
        flock(descriptor, LOCK_EX)
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Removes all but the newest libraries of the module.
    func removeOldLibraries() {
        let files = FileManager.default
        let libraries = ((try? files.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { $0.hasPrefix("lib" + build.moduleName + "-") && $0.hasSuffix(".so") }
            .map { root.appendingPathComponent($0) }
        let dated = libraries.map { url in
            (url, (try? files.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? .distantPast)
        }
        for (url, _) in dated.sorted(by: { $0.1 > $1.1 }).dropFirst(Self.librariesKept) {
            // A library already loaded stays mapped: removing its file does not disturb it.
            try? files.removeItem(at: url)
        }
    }
}
