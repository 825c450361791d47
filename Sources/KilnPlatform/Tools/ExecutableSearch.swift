// Finds the programs Kiln runs (ffmpeg, pkg-config, swiftc, addr2line) on PATH, and gives
// the programs it starts the same PATH. Limits: only PATH's absolute folders are searched;
// an empty or relative entry, which a shell or execvp reads as the current folder (a
// downloaded repository's, say), is skipped, so a program placed there is never run.
import Foundation

/// Where Kiln looks for the programs it runs: the absolute folders of `PATH`, in order.
package enum ExecutableSearch {
    /// The folders searched: `PATH`'s absolute entries, in order, without repeats.
    package static func folders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var seen: Set<String> = []
        return (environment["PATH"] ?? "").split(separator: ":", omittingEmptySubsequences: true)
            .map(String.init)
            .filter { $0.hasPrefix("/") && seen.insert($0).inserted }
    }

    /// The first executable file called `name` in `folders(environment:)`, or `nil`.
    package static func locate(_ name: String,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        guard !name.isEmpty, !name.contains("/") else { return nil }
        return folders(environment: environment).lazy
            .map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// `environment` with `PATH` cut to its absolute folders, for a program Kiln starts that
    /// finds programs of its own (the compiler finds its linker).
    package static func trustedEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var trusted = environment
        trusted["PATH"] = folders(environment: environment).joined(separator: ":")
        return trusted
    }
}
