// Finds the files Kiln ships beside its code (input scripts, tuning files, tablet
// recordings) from where the running binary is, so that an installed copy and a build
// inside a checkout both find their own, whatever the working folder.
import Foundation

/// The folder of shipped resources: `Scripts/`, `Tuning/` and `Recordings/`.
///
/// An installed binary at `PREFIX/bin/kiln` finds `PREFIX/share/kiln`; a binary built in a
/// checkout (`.build/debug`, `.build/release`, any folder below the checkout) finds the
/// checkout's `Resources/`. A `Resources/` in the working folder is the last resort, as it
/// was before the binary looked beside itself.
///
/// ```swift
/// if let resources = ResourceFolder.located() {
///     print(resources.scripts.path)
/// }
/// ```
public struct ResourceFolder: Equatable, Sendable {
    /// The folder itself.
    public let url: URL

    /// A resource folder at `url`, taken as it is.
    public init(url: URL) {
        self.url = url
    }

    /// The shipped input scripts.
    public var scripts: URL { url.appendingPathComponent("Scripts") }
    /// The shipped tuning files: every scene's defaults, commented.
    public var tuning: URL { url.appendingPathComponent("Tuning") }
    /// The shipped images, SVG and Lottie files that Kiln's own scenes show.
    public var assets: URL { url.appendingPathComponent("Assets") }
    /// The shipped tablet recordings.
    public var recordings: URL { url.appendingPathComponent("Recordings") }

    /// The resources of the running binary, or `nil` when none are found.
    public static func located() -> ResourceFolder? {
        located(executable: RunningBinary.url,
                workingFolder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    }

    /// The resources of a binary at `executable` run in `workingFolder`: `../share/kiln`
    /// beside its `bin/`, else the `Resources/` of the nearest folder above it, else the
    /// working folder's `Resources/`. Symbolic links to the binary are followed first.
    public static func located(executable: URL?, workingFolder: URL) -> ResourceFolder? {
        candidates(executable: executable, workingFolder: workingFolder)
            .first(where: holdsResources)
            .map(ResourceFolder.init(url:))
    }

    /// The folders tried, in order.
    static func candidates(executable: URL?, workingFolder: URL) -> [URL] {
        var candidates: [URL] = []
        if let binary = executable?.resolvingSymlinksInPath().deletingLastPathComponent() {
            candidates.append(binary.deletingLastPathComponent().appendingPathComponent("share/kiln"))
            var folder = binary
            while folder.path != "/" && !folder.path.isEmpty {
                candidates.append(folder.appendingPathComponent("Resources"))
                folder = folder.deletingLastPathComponent()
            }
        }
        candidates.append(workingFolder.appendingPathComponent("Resources"))
        return candidates
    }

    /// A folder counts when it holds shipped scripts or tuning files: a stray `Resources/`
    /// of some other project does not.
    private static func holdsResources(_ folder: URL) -> Bool {
        ["Scripts", "Tuning"].contains { isFolder(folder.appendingPathComponent($0)) }
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
