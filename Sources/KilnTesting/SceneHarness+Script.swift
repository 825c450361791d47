import Foundation
import Kiln
import KilnRuntime
import Testing

extension SceneHarness {
    /// Plays an input script from now to its end, frame by frame: each frame delivers the
    /// script's events due by then and runs the scene, as the window plays a script.
    ///
    /// Returns why the script stopped early (a layer the scene does not have, or one covered
    /// whole where a step puts a pointer down on it), or `nil` when it played to its end. A
    /// step aimed at a layer that another covers there goes where the layer shows, and is
    /// recorded as a warning saying so.
    ///
    /// ```swift
    /// let script = try InputScriptParser.parse(contentsOf: folder.appendingPathComponent("Scripts/demo.json"))
    /// #expect(h.play(script) == nil)
    /// ```
    @discardableResult
    public func play(_ script: InputScript) -> InputScriptError? {
        var player = ScriptPlayer(script: script, startTime: time)
        while !player.isFinished {
            let next = time + 1.0 / framesPerSecond
            time = next >= player.endTime ? max(player.endTime, time) : next
            clock.set(to: time)
            player.play(upTo: time, on: scene)
            scene.advance(to: time)
            if time >= player.endTime, !player.isFinished { break }
        }
        for note in player.notes {
            Issue.record(Comment(rawValue: note.description), severity: .warning)
        }
        return player.problem
    }

    /// Plays the input script in the JSON file at `url` (see `play(_:)`).
    @discardableResult
    public func play(contentsOf url: URL) throws -> InputScriptError? {
        try play(InputScriptParser.parse(contentsOf: url))
    }
}
