import Foundation
import KilnCore

/// A prototype folder compiled and loaded into the running `kiln`, with what it took.
package struct LoadedPrototype: Sendable {
    /// The folder's `prototype`.
    package var prototype: Prototype
    /// The module its library defines.
    package var moduleName: String
    /// Seconds spent compiling (0 when the library was already built).
    package var compileSeconds: Double
    /// Seconds spent loading the library and taking its prototype.
    package var loadSeconds: Double
    /// When the newest of the sources compiled was saved, in seconds since 1970.
    package var savedAt: Double
}

/// Why a prototype folder could not be used.
package enum PrototypeProblem: Error, CustomStringConvertible, Sendable {
    /// This `kiln` cannot compile prototypes.
    case unavailable(PrototypeToolchain.Unavailable)
    /// The folder holds no Swift file.
    case notAPrototype(String)
    /// The sources do not compile.
    case compile(PrototypeCompiler.Failure)
    /// The library did not load.
    case load(PrototypeLoader.Failure)

    /// One line.
    package var description: String {
        switch self {
        case .unavailable(let reason): "\(reason)"
        case .notAPrototype(let path): "\(path) is not a prototype folder: it has no .swift file at its top (make one with `kiln new NAME`)"
        case .compile(let failure): "\(failure)"
        case .load(let failure): "\(failure)"
        }
    }
}

extension PrototypeFolder {
    /// Compiles (unless already built) and loads the folder's prototype, with `compiler` or
    /// one on the running kiln's own toolchain; `compiling` is called when the compiler is
    /// about to run. The scene is not registered yet.
    package func load(with compiler: PrototypeCompiler? = nil,
                      compiling: () -> Void = {}) throws(PrototypeProblem) -> LoadedPrototype {
        guard !sourceFiles().isEmpty else { throw .notAPrototype(displayName) }
        let compiler = if let compiler { compiler } else { try Self.compilerForThisKiln() }
        let savedAt = newestSourceDate()
        let library: PrototypeCompiler.Library
        do { library = try compiler.compile(self, starting: compiling) } catch { throw .compile(error) }
        let start = Date()
        var prototype: Prototype
        do { prototype = try PrototypeLoader.load(library) } catch { throw .load(error) }
        prototype.folder = url
        Self.folders.withLock { $0[prototype.name] = self }
        return LoadedPrototype(prototype: prototype, moduleName: library.build.moduleName,
                               compileSeconds: library.compileSeconds,
                               loadSeconds: Date().timeIntervalSince(start), savedAt: savedAt)
    }

    /// A compiler on the running kiln's toolchain, caching where the user's cache is.
    package static func compilerForThisKiln() throws(PrototypeProblem) -> PrototypeCompiler {
        do { return PrototypeCompiler(toolchain: try PrototypeToolchain.locate()) } catch { throw .unavailable(error) }
    }

    /// The folder a loaded prototype's scene came from, `nil` for Kiln's own scenes.
    package static func folder(ofScene name: String) -> PrototypeFolder? {
        folders.withLock { $0[name] }
    }

    /// The prototype's own tuning file for the scene `name`, when it has one: the tuning a
    /// prototype's scene reads, as `--tuning` would give it.
    package static func tuningFile(ofScene name: String) -> String? {
        guard let file = folder(ofScene: name)?.tuningFile, FileManager.default.fileExists(atPath: file.path) else {
            return nil
        }
        return file.path
    }

    /// Says on standard error that the folder is being compiled, which takes a while.
    package func sayCompiling() {
        Console.warn("compiling the prototype in \(displayName)…")
    }

    private static let folders = Locked<[String: PrototypeFolder]>([:])

    /// For a command that takes a scene: compiles and loads the folder, registers its scene
    /// in the catalogue and returns the scene's name, saying on standard error when it compiles.
    package func register() throws(PrototypeProblem) -> String {
        let loaded = try load(compiling: sayCompiling)
        SceneCatalog.register(loaded.prototype)
        return loaded.prototype.name
    }
}
