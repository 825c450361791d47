// Finds the built API reference (DocC's static site of Kiln and KilnTesting) from where the
// running binary is, as ResourceFolder finds the shipped resources: an installed copy finds
// the one installed beside it, a build in a checkout the one `make docs` wrote.
import Foundation
import KilnPlatform

/// The folder of the API reference: a static site with `documentation/kiln/` and
/// `documentation/kilntesting/`.
///
/// `KILN_REFERENCE`, when set, names it. Otherwise a binary at `PREFIX/bin/kiln` finds
/// `PREFIX/share/doc/kiln/reference`, and a binary built in a checkout (anywhere under its
/// `.build/`) finds `.build/docs`, where `make docs` writes it.
struct ReferenceFolder: Equatable {
    /// The folder itself.
    let url: URL

    /// The environment variable that names the reference folder, ahead of every other place.
    static let variable = "KILN_REFERENCE"
    /// Where `make install` and the .deb put the reference, under the prefix.
    static let installedPath = "share/doc/kiln/reference"
    /// The page a folder must hold to count as the reference, and that `kiln docs` opens.
    static let landingPage = "documentation/kiln"

    /// The reference of the running binary, or why there is none, in one line.
    static func located(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<ReferenceFolder, ReferenceMissing> {
        located(executable: RunningBinary.url, environment: environment)
    }

    /// The reference for a binary at `executable`: the folder `KILN_REFERENCE` names when it is
    /// set, else the first of `candidates(executable:)` that holds one.
    static func located(executable: URL?, environment: [String: String]) -> Result<ReferenceFolder, ReferenceMissing> {
        if let named = environment[variable], !named.isEmpty {
            let folder = URL(fileURLWithPath: named)
            return holdsReference(folder) ? .success(ReferenceFolder(url: folder)) : .failure(.notInNamedFolder(folder))
        }
        let candidates = candidates(executable: executable)
        guard let found = candidates.first(where: holdsReference) else { return .failure(.nowhere(candidates)) }
        return .success(ReferenceFolder(url: found))
    }

    /// The folders tried for a binary at `executable`, in order: `../share/doc/kiln/reference`
    /// beside its `bin/`, then `docs` in each `.build` folder above it.
    static func candidates(executable: URL?) -> [URL] {
        guard let binary = executable?.resolvingSymlinksInPath().deletingLastPathComponent() else { return [] }
        var candidates = [binary.deletingLastPathComponent().appendingPathComponent(installedPath)]
        var folder = binary
        while folder.path != "/" && !folder.path.isEmpty {
            if folder.lastPathComponent == ".build" { candidates.append(folder.appendingPathComponent("docs")) }
            folder = folder.deletingLastPathComponent()
        }
        return candidates
    }

    /// Whether `folder` holds the reference's landing page.
    static func holdsReference(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(landingPage + "/index.html").path)
    }
}

/// Why no reference was found, said in one line with how to get one.
enum ReferenceMissing: Error, Equatable, CustomStringConvertible {
    /// `KILN_REFERENCE` names a folder without the reference.
    case notInNamedFolder(URL)
    /// None of the folders tried holds it.
    case nowhere([URL])

    var description: String {
        let remedy = "`make docs` in a Kiln checkout builds it into .build/docs; `make install` and the .deb install it"
        switch self {
        case .notInNamedFolder(let folder):
            return "\(ReferenceFolder.variable)=\(folder.path) holds no API reference (no \(ReferenceFolder.landingPage)/index.html); \(remedy)"
        case .nowhere(let folders):
            let looked = folders.isEmpty ? "" : " (looked in \(folders.map(\.path).joined(separator: ", ")))"
            return "no API reference found\(looked); \(remedy)"
        }
    }
}
