import Foundation
import KilnCore
import KilnPlatform

/// The file where a `kiln dev` window writes the session new code is about to replay, and
/// removes once the replay is done: when the new code crashes part way, the file is left,
/// and the next window `kiln dev` opens takes up the session at that place.
///
/// The file is in a folder `kiln dev` makes for itself (`WindowSupervisor`, mode 0700). It
/// is an input script, which is all a place is: the session's input up to its moment, then
/// a wait that runs to the moment.
package struct SessionPlaceFile: Sendable {
    /// Where the file is.
    package let path: String

    /// The file at `path`.
    package init(path: String) {
        self.path = path
    }

    /// Writes `place` over the file; a place that cannot be written is said in one line, and
    /// the replay goes on without it.
    func write(_ place: ScenePlace) {
        var script = place.log
        script.scene = place.scene
        let rest = place.time - script.duration
        if rest > 0 { script.steps.append(.wait(rest)) }
        do { try Data(script.jsonText.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            Console.warn("cannot keep the session's place in \(path): \(error.localizedDescription)")
        }
    }

    /// The place in the file, `nil` when there is none or it does not read as one.
    package func read() -> ScenePlace? {
        guard exists, let script = try? InputScriptParser.parse(contentsOf: URL(fileURLWithPath: path)),
              let scene = script.scene else { return nil }
        return ScenePlace(scene: scene, log: script, time: script.duration)
    }

    /// Whether the file is there: a replay began and did not end.
    package var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Removes the file.
    package func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
