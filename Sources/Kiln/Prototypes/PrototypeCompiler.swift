import Foundation

/// Compiles prototype folders into shared libraries, each folder in a build folder of its
/// own under a cache folder (`PrototypeBuildFolder`), kept from save to save, so that a save
/// compiles only what changed and an unchanged folder is not compiled again.
public struct PrototypeCompiler: Sendable {
    /// The compiler and modules used.
    public let toolchain: PrototypeToolchain
    /// Where libraries, entry files and the compiler's module cache go.
    public let cacheFolder: URL

    /// A compiler with `toolchain`, caching in `cacheFolder` (default: `kiln/prototypes`
    /// under the XDG cache folder).
    public init(toolchain: PrototypeToolchain, cacheFolder: URL? = nil) {
        self.toolchain = toolchain
        self.cacheFolder = cacheFolder ?? Self.defaultCacheFolder()
    }

    /// A compiled version of a folder.
    public struct Library: Sendable {
        /// The build it is.
        public var build: PrototypeBuild
        /// The shared library.
        public var url: URL
        /// Seconds spent compiling; 0 when the library was already built.
        public var compileSeconds: Double
    }

    /// A folder that does not compile.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// Everything the compiler said.
        public var output: String
        /// Its first error, the entry file's told in the folder's terms.
        public var firstError: CompilerDiagnostic?

        /// The first error, or the output's first line when the compiler named no file.
        public var description: String {
            firstError?.description ?? output.split(whereSeparator: \.isNewline).first.map(String.init)
                ?? "the compiler failed and said nothing"
        }
    }

    /// The build of the folder's sources as they are now.
    public func build(of folder: PrototypeFolder) -> PrototypeBuild {
        PrototypeBuild(folder: folder.url.path, sources: read(folder), toolchainStamp: toolchainStamp())
    }

    private func read(_ folder: PrototypeFolder) -> [(name: String, text: String)] {
        folder.sourceFiles().map { file in
            (name: file.lastPathComponent, text: (try? String(contentsOf: file, encoding: .utf8)) ?? "")
        }
    }

    /// Compiles the folder, or finds it compiled. Only the files changed since the folder's
    /// last build, and those that depend on them, are compiled again.
    ///
    /// The text hashed is the text compiled: it is copied aside first, so that a file saved
    /// again while the compiler runs (or written in two steps by an editor) never gives a
    /// library the name of sources it was not built from.
    public func compile(_ folder: PrototypeFolder) throws(Failure) -> Library {
        let sources = read(folder)
        let build = PrototypeBuild(folder: folder.url.path, sources: sources, toolchainStamp: toolchainStamp())
        let place = PrototypeBuildFolder(build: build, cacheFolder: cacheFolder)
        if FileManager.default.fileExists(atPath: place.library.path) {
            return Library(build: build, url: place.library, compileSeconds: 0)
        }
        let start = Date()
        let outcome: Result<Void, Failure>
        do {
            outcome = try place.locked { () -> Result<Void, Failure> in
                // Another kiln may have built this version while the lock was awaited.
                if FileManager.default.fileExists(atPath: place.library.path) { return .success(()) }
                let copies = try place.write(sources: sources, of: folder.url)
                return compileAndLink(place, copies: copies, folder: folder)
            }
        } catch {
            throw Failure(output: "cannot write to \(place.root.path): \(error.localizedDescription)")
        }
        try outcome.get()
        place.removeOldLibraries()
        return Library(build: build, url: place.library, compileSeconds: Date().timeIntervalSince(start))
    }

    /// Runs the incremental build of `copies` into the folder's library.
    private func compileAndLink(_ place: PrototypeBuildFolder, copies: [URL], folder: PrototypeFolder) -> Result<Void, Failure> {
        // Written aside and renamed, so that another kiln never loads a half-written library.
        // Always the same name (the folder's lock is held): a new output path would tell the
        // compiler that the build changed, and every file would compile again.
        let partial = place.root.appendingPathComponent("lib" + place.build.moduleName + ".so.partial")
        let arguments = place.build.arguments(toolchain: toolchain, sources: copies, entry: place.entry, output: partial,
                                              outputFileMap: place.outputFileMap,
                                              moduleCache: cacheFolder.appendingPathComponent("ModuleCache"),
                                              snapshot: place.snapshot, folder: folder.url)
        // Run from the prototype folder: debug information names a file under the compiler's
        // working folder relative to it, which the prefix map would not reach.
        let (status, compiled) = Self.run(toolchain.compiler, arguments, in: folder.url)
        // Messages name the folder's own files, not their copies.
        let output = compiled.replacingOccurrences(of: place.snapshot.path + "/", with: folder.url.path + "/")
        guard status == 0 else {
            try? FileManager.default.removeItem(at: partial)
            return .failure(Failure(output: output, firstError: Self.firstError(in: output, entry: place.entry, folder: folder)))
        }
        do { try FileManager.default.moveItem(at: partial, to: place.library) } catch {
            return .failure(Failure(output: "cannot keep the library: \(error.localizedDescription)"))
        }
        return .success(())
    }

    /// The first error; one in the generated entry file means the folder defines no usable
    /// `prototype`, which is said in those words.
    static func firstError(in output: String, entry: URL, folder: PrototypeFolder) -> CompilerDiagnostic? {
        guard var first = CompilerDiagnostic.firstError(in: output) else { return nil }
        if first.file.hasSuffix(entry.lastPathComponent) {
            first = CompilerDiagnostic(
                file: folder.displayName, line: 1, column: 1,
                message: "the folder's Swift files must define `let prototype = Prototype(…)` (\(first.message))")
        }
        return first
    }

    /// What the libraries depend on besides the sources: the compiler and Kiln's modules.
    func toolchainStamp() -> String {
        let module = toolchain.modules.appendingPathComponent("Kiln.swiftmodule")
        let attributes = try? FileManager.default.attributesOfItem(atPath: module.path)
        let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return ([toolchain.compiler.path, toolchain.modules.path, "\(date)"] + toolchain.importFlags)
            .joined(separator: "\n")
    }

    static func defaultCacheFolder(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { $0 + "/.cache" } ?? NSTemporaryDirectory()
        return URL(fileURLWithPath: base).appendingPathComponent("kiln/prototypes")
    }

    /// Runs the compiler; its exit status and everything it printed, standard error and
    /// output together.
    static func run(_ program: URL, _ arguments: [String], in directory: URL? = nil) -> (Int32, String) {
        let process = Process()
        process.executableURL = program
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch {
            return (-1, "cannot run \(program.path): \(error.localizedDescription)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
