// A tablet lost mid-press in the real window, under Xvfb: a replayed pen recording cut off
// while pressing (`--evemu-cut`) goes on by time to `selected`, is cancelled, and leaves no
// pointer stuck: the mouse presses Delete afterwards as usual.
import Foundation
import KilnTestSupport
import Testing

// Part of the end-to-end suite, so that it never runs beside the other windows.
extension EndToEndTests {
    @Test("a pen cut off mid-press in the window: timed fallback to selected, cancelled, then the mouse works")
    func penLostMidPressInTheRealWindow() throws {
        let drag = ProjectFiles.tablets.appendingPathComponent("Wacom-Intuos4-6x9.stylus-drag.events").path
        let description = ProjectFiles.tablets.appendingPathComponent("Wacom-Intuos4-6x9-Pen.desc").path
        try withApp(arguments: ["pressure", "--mute", "--evemu", drag, "--evemu-description", description,
                                "--evemu-cut", "0.31"]) { app, window, _ in
            let began = try app.waitForLine(containing: #""event": "ring.began", "source": "evemu""#, timeout: 15)
            let fallback = try app.waitForLine(containing: #""event": "ring.fallback", "lost": "evemu""#,
                                               from: began.index, timeout: 15)
            let selected = try app.waitForLine(containing: "ring.selected", from: fallback.index, timeout: 15)
            let cancelled = try app.waitForLine(containing: "ring.cancelled", from: selected.index, timeout: 15)
            #expect(!app.lines.contains { $0.contains("action.confirmed") }, "a lost pen never confirms")

            // Delete is centred at (195, 623); released below it, the mouse's press cancels.
            try window.press(atCanvas: (x: 195, y: 623), holding: 2.4, thenMoveTo: (x: 195, y: 700))

            let mouse = try app.waitForLine(containing: #""event": "ring.began", "source": "timed""#,
                                            from: cancelled.index, timeout: 15)
            try app.waitForLine(containing: "ring.selected", from: mouse.index, timeout: 15)
            try app.waitForLine(containing: "ring.cancelled", from: mouse.index, timeout: 15)
        }
    }
}
