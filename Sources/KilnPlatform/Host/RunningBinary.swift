// Where the running kiln binary is, read from the kernel rather than from Foundation's main
// bundle, which stops the process when the binary's folder cannot be searched by the user
// kiln runs as.
import Foundation

package enum RunningBinary {
    /// The binary's path with its symbolic links resolved, or `nil` when the kernel does not
    /// say (no `/proc`).
    package static var url: URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath()
    }
}
