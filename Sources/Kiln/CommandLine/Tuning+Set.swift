import ArgumentParser
import Foundation
import KilnCore
import KilnRuntime

// `kiln tuning SCENE --set key=value --reset key`: the same writer the tweak panel saves
// with, into the one file that is in force for the scene.
extension TuningCommand {
    /// The file `--set` and `--reset` write: `--tuning FILE`, else the prototype folder's
    /// `tuning.toml`, else the user's `SCENE.toml` in the config folder.
    func writableTuningFile(for scene: String) throws -> String {
        if let tuning { return tuning }
        if let own = PrototypeFolder.tuningFile(ofScene: scene) { return own }
        guard let home = TuningFiles.configHome() else {
            warn("no HOME or XDG_CONFIG_HOME to keep kiln/\(scene).toml in; pass --tuning FILE")
            throw ExitCode(1)
        }
        return home + "/kiln/\(scene).toml"
    }

    /// Writes the changes into the scene's tuning file and says what changed in one line;
    /// a bad key or value is one line, and the file is left as it was.
    func writeChanges(for scene: String, profile: TuningProfile) throws {
        var changes: [TuningChange] = []
        for assignment in set {
            guard let change = TuningChange(assignment: assignment) else {
                warn("--set \(assignment): write key=value, as in --set swipe.action_threshold=72")
                throw ExitCode(1)
            }
            changes.append(change)
        }
        changes += reset.map(TuningChange.reset)
        let path = try writableTuningFile(for: scene)
        switch TuningSave.write(changes, profile: profile, to: path, mustExist: tuning != nil) {
        case .success(let summary):
            print("\(TuningFiles.displayName(path)): \(summary.joined(separator: ", "))")
        case .failure(let failure):
            warn(failure.message)
            throw ExitCode(1)
        }
    }
}
