import ArgumentParser
import Foundation
import KilnPlatform
import KilnCore
import KilnScenes

/// The shipped input scripts (`Scripts/` of the resources), by the scene each is for.
struct ShippedScripts {
    /// Each script's file name without `.json`, and the script, sorted by name.
    let all: [(name: String, script: InputScript)]

    /// Reads every `.json` script in `folder`; a broken one is one clear line and exit status 1.
    init(folder: URL) throws {
        let files: [String]
        do { files = try FileManager.default.contentsOfDirectory(atPath: folder.path) } catch {
            warn("cannot read the scripts folder \(folder.path): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        all = try files.filter { $0.hasSuffix(".json") }.sorted().map { file in
            let script = try loadScript(folder.appendingPathComponent(file).path, for: nil)
            return (String(file.dropLast(".json".count)), script)
        }
    }

    /// The scenes that have scripts, in the launcher's order.
    var scenes: [String] {
        SceneCatalog.names.filter { !scripts(for: $0).isEmpty }
    }

    /// The scripts made for `scene`.
    func scripts(for scene: String) -> [(name: String, script: InputScript)] {
        all.filter { $0.script.scene == scene }
    }

    /// The scripts folder of the running binary's resources: `share/kiln/Scripts` when
    /// installed, the checkout's `Resources/Scripts` for a build in `.build`.
    static func locate() -> URL? {
        ResourceFolder.located()?.scripts
    }
}
