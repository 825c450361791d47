import Foundation
import KilnPlatform
#if canImport(Glibc)
import Glibc
#endif

/// Compiles prototype folders into shared libraries, each folder in a build folder of its
/// own under a cache folder (`PrototypeBuildFolder`), kept from save to save, so that a save
/// compiles only what changed and an unchanged folder is not compiled again.
///
/// The cache is private (`PrivateFolder`): every folder in it is the user's own, mode 0700,
/// and a library found there is loaded only when the user owns it and nobody else can
/// change it. Under the temporary folder the cache has a name of the user's own.
package struct PrototypeCompiler: Sendable {
    /// The compiler and modules used.
    package let toolchain: PrototypeToolchain
    /// Where libraries, entry files and the compiler's module cache go.
    package let cacheFolder: URL

    /// The folder above the cache that is the user's to choose (their cache or temporary
    /// folder): the folders from it down to the cache are Kiln's, and checked.
    let cacheBase: URL

    /// A compiler with `toolchain`, caching in `cacheFolder` (default: `kiln/prototypes`
    /// under the XDG cache folder).
    package init(toolchain: PrototypeToolchain, cacheFolder: URL? = nil) {
        self.toolchain = toolchain
        let location = cacheFolder.map { (base: $0.deletingLastPathComponent(), folder: $0) }
            ?? Self.defaultCacheLocation()
        self.cacheFolder = location.folder
        cacheBase = location.base
    }

    /// A compiled version of a folder.
    package struct Library: Sendable {
        /// The build it is.
        package var build: PrototypeBuild
        /// The shared library.
        package var url: URL
        /// Seconds spent compiling; 0 when the library was already built.
        package var compileSeconds: Double
    }

    /// A folder that does not compile.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        /// Everything the compiler said; empty when it did not run.
        package var output: String
        /// Its first error, the entry file's told in the folder's terms.
        package var firstError: CompilerDiagnostic?
        /// Why the compiler did not run or its library cannot be used, when that is the failure.
        package var reason: String?

        /// A failure of the compiler, which said `output`.
        package init(output: String, firstError: CompilerDiagnostic? = nil) {
            self.output = output
            self.firstError = firstError
        }

        /// A failure before or after the compiler ran, in one line.
        package init(reason: String) {
            output = ""
            self.reason = reason
        }

        /// The reason, else the first error, else the output's first line.
        package var description: String {
            reason ?? firstError?.description ?? output.split(whereSeparator: \.isNewline).first.map(String.init)
                ?? "the compiler failed and said nothing"
        }
    }

    /// The build of the folder's sources as they are now.
    package func build(of folder: PrototypeFolder) -> PrototypeBuild {
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
    /// library the name of sources it was not built from. `starting` is called just before
    /// the compiler runs, and not at all when the library is built already.
    package func compile(_ folder: PrototypeFolder, starting: () -> Void = {}) throws(Failure) -> Library {
        let sources = read(folder)
        let build = PrototypeBuild(folder: folder.url.path, sources: sources, toolchainStamp: toolchainStamp())
        let place = PrototypeBuildFolder(build: build, cacheFolder: cacheFolder)
        do {
            try PrivateFolder.make(place.root, under: cacheBase)
            if try isBuilt(place) { return Library(build: build, url: place.library, compileSeconds: 0) }
        } catch {
            throw Failure(reason: "\(error)")
        }
        let start = Date()
        let outcome: Result<Void, Failure>
        do {
            outcome = try place.locked { () -> Result<Void, Failure> in
                // Another kiln may have built this version while the lock was awaited.
                if try isBuilt(place) { return .success(()) }
                starting()
                try PrivateFolder.make(moduleCache)
                let copies = try place.write(sources: sources, of: folder.url)
                let compiled = compileAndLink(place, copies: copies, folder: folder)
                place.removeOldLibraries()
                return compiled
            }
        } catch let refusal as PrivateFolder.Refusal {
            throw Failure(reason: "\(refusal)")
        } catch {
            throw Failure(reason: "cannot write to \(place.root.path): \(error.localizedDescription)")
        }
        try outcome.get()
        return Library(build: build, url: place.library, compileSeconds: Date().timeIntervalSince(start))
    }

    /// Whether the library of `place` is there, and the user's own to load; a library that
    /// is not refuses the build.
    private func isBuilt(_ place: PrototypeBuildFolder) throws(PrivateFolder.Refusal) -> Bool {
        guard FileManager.default.fileExists(atPath: place.library.path) else { return false }
        try PrivateFolder.check(library: place.library)
        return true
    }

    /// The compiler's module cache, shared by every prototype.
    private var moduleCache: URL { cacheFolder.appendingPathComponent("ModuleCache") }

    /// Runs the incremental build of `copies` into the folder's library.
    private func compileAndLink(_ place: PrototypeBuildFolder, copies: [URL], folder: PrototypeFolder) -> Result<Void, Failure> {
        // Written aside and renamed, so that another kiln never loads a half-written library.
        // Always the same name (the folder's lock is held): a new output path would tell the
        // compiler that the build changed, and every file would compile again.
        let partial = place.root.appendingPathComponent("lib" + place.build.moduleName + ".so.partial")
        let arguments = place.build.arguments(toolchain: toolchain, sources: copies, entry: place.entry, output: partial,
                                              outputFileMap: place.outputFileMap,
                                              moduleCache: moduleCache,
                                              snapshot: place.snapshot, folder: folder.url)
        // Run from the build's own objects folder. The compiler looks for its linker in its
        // working folder before PATH, so the prototype folder (which may be a downloaded one)
        // must not be it; and debug information names a file under the working folder
        // relative to it, which the prefix map would not reach, so the copies must not be
        // under it either.
        let (status, compiled) = Self.run(toolchain.compiler, arguments, in: place.objects)
        guard status == 0 else {
            try? FileManager.default.removeItem(at: partial)
            // Messages name the folder's own files, not their copies or the entry file.
            let output = Self.userOutput(compiled, of: place, folder: folder)
            return .failure(Failure(output: output, firstError: Self.firstError(in: output, entry: place.entry, folder: folder)))
        }
        do { try FileManager.default.moveItem(at: partial, to: place.library) } catch {
            return .failure(Failure(reason: "cannot keep the library: \(error.localizedDescription)"))
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
        defaultCacheLocation(environment).folder
    }

    /// `kiln/prototypes` under the XDG cache folder, else under `~/.cache`; with neither,
    /// `kiln-UID/prototypes` under the temporary folder, a name of the user's own beside
    /// other users' caches.
    static func defaultCacheLocation(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (base: URL, folder: URL) {
        let absolute = { (name: String) in environment[name].flatMap { $0.hasPrefix("/") ? $0 : nil } }
        if let cache = absolute("XDG_CACHE_HOME") ?? absolute("HOME").map({ $0 + "/.cache" }) {
            let base = URL(fileURLWithPath: cache)
            return (base, base.appendingPathComponent("kiln/prototypes"))
        }
        let base = URL(fileURLWithPath: absolute("TMPDIR") ?? "/tmp")
        return (base, base.appendingPathComponent("kiln-\(geteuid())/prototypes"))
    }

    /// Runs the compiler; its exit status and everything it printed, standard error and
    /// output together.
    static func run(_ program: URL, _ arguments: [String], in directory: URL? = nil) -> (Int32, String) {
        let process = Process()
        process.executableURL = program
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        // The compiler finds its linker and tools on PATH: the same absolute folders only.
        process.environment = ExecutableSearch.trustedEnvironment()
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
