import Foundation
import KilnPlatform
#if canImport(Glibc)
import Glibc
#endif

/// A prototype as a compiled library hands it over: boxed, so that it crosses a C function.
/// Public because the entry file generated into each prototype makes one.
public final class PrototypeBox: Sendable {
    /// The folder's `prototype`.
    public let prototype: Prototype

    /// Boxes `prototype`.
    public init(_ prototype: Prototype) {
        self.prototype = prototype
    }
}

/// Loads compiled prototype libraries into the running `kiln`.
///
/// A library is never unloaded: scenes, closures and type metadata made by its code may
/// still be alive. Every version of a folder defines the same module (so that it compiles
/// incrementally) in a library file of its own; loaded with its symbols kept local, each
/// version's code refers to its own types, and the entry symbol is asked of its library.
package enum PrototypeLoader {
    /// Why a library did not load.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        /// The sentence.
        package var description: String
    }

    /// Loads `library` and returns the prototype its entry function hands over.
    ///
    /// Only a library of the user's own, in a build folder and cache of the user's own, that
    /// nobody else can change (`PrivateFolder`), is loaded: its code runs as the user.
    package static func load(_ library: PrototypeCompiler.Library) throws(Failure) -> Prototype {
        do {
            let buildFolder = library.url.deletingLastPathComponent()
            try PrivateFolder.check(folder: buildFolder.deletingLastPathComponent())
            try PrivateFolder.check(folder: buildFolder)
            try PrivateFolder.check(library: library.url)
        } catch {
            throw Failure(description: "\(error)")
        }
        // Local: each version's symbols stay its own; the Kiln symbols it uses resolve
        // against the executable, which exports them.
        guard let handle = dlopen(library.url.path, RTLD_NOW | RTLD_LOCAL) else {
            throw Failure(description: "cannot load \(library.url.lastPathComponent): \(String(cString: dlerror()))")
        }
        // A hang in its code is then named with the prototype's file and line.
        SourceLocator.register(library: library.url.path)
        guard let symbol = dlsym(handle, library.build.entrySymbol) else {
            throw Failure(description: "\(library.url.lastPathComponent) has no \(library.build.entrySymbol)")
        }
        typealias Entry = @convention(c) () -> UnsafeMutableRawPointer
        let entry = unsafeBitCast(symbol, to: Entry.self)
        let object = Unmanaged<AnyObject>.fromOpaque(entry()).takeRetainedValue()
        guard let box = object as? PrototypeBox else {
            throw Failure(description: "\(library.url.lastPathComponent) was built against another kiln; its prototype does not cast")
        }
        return box.prototype
    }
}
