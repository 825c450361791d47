// The tweak panel under kiln dev, in the real window under Xvfb: P opens the prototype's
// tuning, the panel stays open when a code save swaps the scene, and it follows the fields
// the new code declares.
import Foundation
import KilnCore
import KilnTestSupport
import Testing

extension PrototypeEndToEndTests {
    @Test("Under kiln dev, P opens the prototype's tweak panel; it stays open across a code save, shows a field the new code adds with the unsaved value kept, and Ctrl+S writes both into the folder's tuning.toml")
    func devTweakPanelAcrossReload() throws {
        try withPrototype { binary, folder in
            let source = folder.appendingPathComponent("Card.swift")
            let tuningFile = folder.appendingPathComponent("tuning.toml")
            let original = try String(contentsOf: source, encoding: .utf8)
            try withDevWindow(binary, folder) { app, opened, window in
                Thread.sleep(forTimeInterval: 0.5)

                // The first control is the spring's damping ratio.
                try window.key("p")
                try window.key("Right")
                let tweaked = try app.waitForLine(containing: #""tuning.tweaked""#, from: opened.index, timeout: 30)

                #expect(!app.errorOutput.contains("no tuning to tweak"), "\(app.errorOutput)")

                // New code whose tuning has a field ahead of the others.
                let tilted = original
                    .replacingOccurrences(of: "    var liftScale = 1.06\n", with: "    var liftScale = 1.06\n    var tilt = 0.0\n")
                    .replacingOccurrences(of: "        .spring(\"card.spring\"",
                                          with: "        .number(\"card.tilt\", \\.tilt, \"How far the card tilts.\", in: 0...45),\n        .spring(\"card.spring\"")
                try #require(tilted != original && tilted.contains("card.tilt"), "the template no longer reads as this test expects")
                try write(tilted, to: source)
                let reloaded = try app.waitForLine(containing: "prototype.reloaded", from: tweaked.index + 1, timeout: 180)
                Thread.sleep(forTimeInterval: 0.5)
                // The keyboard stays on the damping ratio, now the second control: up to the tilt.
                try window.key("Up")
                try window.key("Right")
                let retweaked = try app.waitForLine(containing: #""tuning.tweaked""#, from: reloaded.index + 1, timeout: 30)
                try window.key("ctrl+s")
                try app.waitForLine(containing: #""tuning.saved""#, from: retweaked.index + 1, timeout: 30)

                let saved = try String(contentsOf: tuningFile, encoding: .utf8)
                let tilt = saved.split(separator: "\n").first { $0.hasPrefix("tilt = ") }
                #expect(tilt != nil && tilt != "tilt = 0", "the new field, raised: \(saved)")
                #expect(!saved.contains("damping_ratio = 0.62"), "the value tweaked before the save, kept: \(saved)")
                #expect(app.isRunning)
            }
        }
    }
}
