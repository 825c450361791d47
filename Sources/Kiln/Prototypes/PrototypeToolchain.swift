import Foundation
import KilnPlatform

/// What compiling a prototype needs, found from the running `kiln`: the Swift compiler of
/// the toolchain whose runtime it runs on, and the module files it was built with (a
/// checkout's `.build/<config>/Modules`, beside the binary), with the C modules those import.
///
/// A prototype is compiled against these modules and not linked with them: its library
/// uses the types, statics and conformances of the `kiln` it is loaded into.
package struct PrototypeToolchain: Sendable {
    /// The `swiftc` to run.
    package var compiler: URL
    /// The folder holding `Kiln.swiftmodule` and `KilnCore.swiftmodule`.
    package var modules: URL
    /// Flags for the C modules Kiln's modules import: their module maps and header folders.
    package var importFlags: [String]
    /// Whether libraries are linked with LLVM's `lld`, found beside the compiler: it links a
    /// prototype's library in a fraction of the system linker's time.
    package var linksWithLLD = false

    /// Why this `kiln` cannot compile prototypes, in one sentence.
    package struct Unavailable: Error, CustomStringConvertible, Sendable {
        /// The sentence.
        package var description: String
    }

    /// The toolchain of the running binary, or why there is none.
    package static func locate() throws(Unavailable) -> PrototypeToolchain {
        guard let binary = RunningBinary.url else {
            throw Unavailable(description: "this kiln cannot compile prototypes: it cannot find its own binary (no /proc)")
        }
        let modules = binary.deletingLastPathComponent().appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("Kiln.swiftmodule").path) else {
            throw Unavailable(description: "this kiln cannot compile prototypes: it was installed without Kiln's module files; build kiln from a checkout with `swift build` and run .build/debug/kiln")
        }
        // A library loaded into a binary with the runtime linked in would bring a second runtime.
        guard isRuntimeShared() else {
            throw Unavailable(description: "this kiln has the Swift runtime linked in (a static build), so it cannot load prototypes; use a kiln built with `swift build`")
        }
        guard let compiler = runtimeCompiler() ?? compilerOnPath() else {
            throw Unavailable(description: "kiln dev needs the Swift toolchain: no swiftc beside the Swift runtime or on PATH")
        }
        guard let checkout = checkout(above: binary) else {
            throw Unavailable(description: "kiln dev cannot find Kiln's sources (the Package.swift above \(binary.path)) for its C module maps")
        }
        var toolchain = PrototypeToolchain(compiler: compiler, modules: modules, importFlags: cModuleFlags(checkout: checkout))
        toolchain.linksWithLLD = FileManager.default.isExecutableFile(
            atPath: compiler.deletingLastPathComponent().appendingPathComponent("ld.lld").path)
        return toolchain
    }

    /// Whether this process runs on a shared `libswiftCore.so`.
    static func isRuntimeShared() -> Bool { runtimeLibrary() != nil }

    /// The `libswiftCore.so` this process runs on, as its memory map names it.
    static func runtimeLibrary() -> URL? {
        // Read to its end: /proc files say they are empty, so a read by size finds nothing.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(),
              case let maps = String(decoding: data, as: UTF8.self),
              let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
              let start = line.firstIndex(of: "/") else { return nil }
        return URL(fileURLWithPath: String(line[start...])).resolvingSymlinksInPath()
    }

    /// The `swiftc` of the toolchain whose `libswiftCore.so` this process runs on.
    static func runtimeCompiler() -> URL? {
        guard let library = runtimeLibrary() else { return nil }
        // usr/lib/swift/linux/libswiftCore.so → usr/bin/swiftc
        let usr = library.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let compiler = usr.appendingPathComponent("bin/swiftc")
        return FileManager.default.isExecutableFile(atPath: compiler.path) ? compiler : nil
    }

    /// The `swiftc` in `PATH`'s absolute folders.
    static func compilerOnPath() -> URL? {
        ExecutableSearch.locate("swiftc")
    }

    /// The folder above `binary` that holds `Package.swift` and `Sources/`.
    static func checkout(above binary: URL) -> URL? {
        var folder = binary.deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
               FileManager.default.fileExists(atPath: folder.appendingPathComponent("Sources/Kiln").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The module map of each C module under `Sources/`, and the header folders pkg-config
    /// gives for the libraries they wrap, as SwiftPM passes them when it builds Kiln.
    static func cModuleFlags(checkout: URL,
                             environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let sources = checkout.appendingPathComponent("Sources")
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).sorted()
        var flags: [String] = []
        for folder in folders {
            let map = sources.appendingPathComponent(folder).appendingPathComponent("module.modulemap")
            if FileManager.default.fileExists(atPath: map.path) {
                flags += ["-Xcc", "-fmodule-map-file=\(map.path)"]
            }
        }
        let headers = run("pkg-config", ["--cflags-only-I", "sdl2", "SDL2_mixer", "pangocairo", "xi", "gdk-pixbuf-2.0", "librsvg-2.0", "libxml-2.0", "rlottie"], environment: environment)
        var seen: Set<Substring> = []
        for flag in headers.split(whereSeparator: \.isWhitespace) where flag.hasPrefix("-I") && seen.insert(flag).inserted {
            flags.append(String(flag))
        }
        return flags
    }

    /// Standard output of a program found in PATH's absolute folders; empty when there is
    /// none or it cannot run.
    private static func run(_ program: String, _ arguments: [String], environment: [String: String]) -> String {
        guard let executable = ExecutableSearch.locate(program, environment: environment) else { return "" }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ExecutableSearch.trustedEnvironment(environment)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
