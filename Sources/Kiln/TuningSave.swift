import Foundation
import KilnCore

/// Writing changes into a tuning file, for `kiln tuning --set` and the tweak panel's Ctrl+S:
/// only the changed values' text changes, and a file that is missing is made.
enum TuningSave {
    /// Applies `changes` to the file at `path` (made, with its folder, when missing, unless
    /// `mustExist`), written in one step; returns what changed, one phrase a value, or why
    /// nothing was written, in one line naming the file.
    static func write(_ changes: [TuningChange], profile: TuningProfile, to path: String,
                      mustExist: Bool) -> Result<[String], TuningSaveFailure> {
        let name = TuningFiles.displayName(path)
        var text = ""
        do {
            text = try TextFile.read(path)
        } catch .missing where !mustExist {
            // The file is made on the first change.
        } catch {
            return .failure(TuningSaveFailure(message: "\(name): \(error)"))
        }
        let rewrite: TuningWriter.Rewrite
        do {
            rewrite = try TuningWriter(profile: profile).apply(changes, to: text, file: name)
        } catch {
            return .failure(TuningSaveFailure(message: "\(error)"))
        }
        do {
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(rewrite.text.utf8).write(to: target, options: .atomic)
        } catch {
            return .failure(TuningSaveFailure(message: "\(name): cannot be written (\(error.localizedDescription))"))
        }
        return .success(rewrite.summary)
    }
}

/// Why a tuning file was not written, in one line.
struct TuningSaveFailure: Error {
    let message: String
}
