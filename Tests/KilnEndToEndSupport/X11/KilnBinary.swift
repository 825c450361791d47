// Finding the kiln executable that the tests drive.
import Foundation
import KilnTestSupport

/// Where the `kiln` executable built with the tests is.
public enum KilnBinary {
    /// The `kiln` next to the running test bundle (`.build/debug` or `.build/<triple>/debug`),
    /// else `<package root>/.build/debug/kiln`; an error when neither exists.
    public static func locate(filePath: String = #filePath) throws -> URL {
        var candidates: [URL] = []
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("kiln"))
        }
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent("kiln"))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("kiln"))
        // The calling test's file, Tests/<Target>/<File>.swift → the package root.
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/kiln"))
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found.standardizedFileURL
        }
        throw EndToEndError("the kiln executable is missing (looked in \(candidates.map(\.path).joined(separator: ", "))); run `swift build` (or make test, which builds it) before the end-to-end tests.")
    }
}
