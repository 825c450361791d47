// New code that crashes while kiln dev replays the session into it, in the real window under
// Xvfb: the crash is said as the replay's, and the next save that compiles takes the session
// up at the same place.
import Foundation
import KilnCore
import KilnTestSupport
import Testing

extension PrototypeEndToEndTests {
    @Test("New code that crashes while the session replays into it is said in one line with the moment the replay reached, and the next save that compiles replays the session to the same place")
    func devCrashWhileReplaying() throws {
        try withPrototype { binary, folder in
            let source = folder.appendingPathComponent("Card.swift")
            let original = try String(contentsOf: source, encoding: .utf8)
            try withDevWindow(binary, folder) { app, opened, window in
                try window.drag(fromCanvas: (195, 422), to: (120, 600))
                try app.waitForLine(containing: "card.released", timeout: 20)
                Thread.sleep(forTimeInterval: 1.5)

                // New code that crashes as the card is dragged: replaying the drag above crashes it.
                var lines = original.components(separatedBy: "\n")
                let moved = try #require(lines.firstIndex { $0.contains("card.position = Point(x: dragStart.x + moved.x") })
                let fixedLine = lines[moved]
                lines[moved] += "; let none: [Int] = []; _ = none[1]"
                try write(lines.joined(separator: "\n"), to: source)
                let crashed = try eventually(within: 180) { app.errorOutput.contains(" crashed with SIG") }
                Thread.sleep(forTimeInterval: 1)
                let crashLines = app.errorOutput.split(separator: "\n").filter { $0.contains("crashed") }
                let moments = crashLines.first.flatMap { line in
                    line.firstMatch(of: /, ([0-9]+\.[0-9]+) s of ([0-9]+\.[0-9]+) s in;/).map { (Double($0.1)!, Double($0.2)!) }
                }

                #expect(crashed, "\(app.errorOutput.suffix(1500))")
                #expect(crashLines.count == 1, "one line: \(crashLines)")
                #expect(crashLines.first?.contains("card/Card.swift:\(moved + 1) ") == true, "\(crashLines)")
                #expect(crashLines.first?.contains("while the session was being replayed into the new code") == true, "\(crashLines)")
                let (reached, target) = try #require(moments, "\(crashLines)")
                #expect(reached > 0 && reached < target && target > 1.5, "reached \(reached) of \(target)")
                #expect(app.isRunning)

                // The fix, on a dark background: the window opens again at the session's place.
                lines[moved] = fixedLine
                try write(lines.joined(separator: "\n").replacingOccurrences(of: "Color(hex: 0xF2F2F7)", with: "Color(hex: 0x202024)"),
                          to: source)
                let reopened = try app.waitForLine(containing: #""event": "scene.opened""#, from: opened.index + 1, timeout: 180)
                Thread.sleep(forTimeInterval: 0.5)
                try app.window(timeout: 30).key("space")
                let paused = try app.waitForLine(containing: "time.paused", from: reopened.index + 1, timeout: 20)
                let object = try JSONSerialization.jsonObject(with: Data(paused.line.utf8)) as? [String: Any]
                let moment = try #require(object?["t"] as? Double)

                #expect(moment >= target - 0.01, "the new window started at \(moment) s, not at the session's \(target) s")
                // The replay is not heard or told again.
                #expect(app.lines.filter { $0.contains("card.released") }.count == 1)
                #expect(app.isRunning)
            }
        }
    }
}
