// Prototype code that never returns, under Xvfb: a prototype made by `kiln new`, edited to
// loop forever in its update, a pointer handler or a recognizer's action. `kiln dev`'s window
// ends with one line naming the prototype, the part and its own file and line, its journal
// kept, which `kiln recover` renders, while `kiln dev` goes on; SIGTERM ends a stuck window within a second;
// `kiln render` of a hanging prototype fails at its frame limit and leaves no file.
import Foundation
import Kiln
import KilnPlatform
import KilnEndToEndSupport
import Testing

// Part of the end-to-end suite, so that it never runs beside the other windows.
extension EndToEndTests {
    /// Where the template's code is made to hang, and how the line names it.
    enum HangSite: String, CaseIterable, Sendable {
        case update, pointerHandler, recognizerAction

        var phrase: String {
            switch self {
            case .update: "stuck in its update"
            case .pointerHandler: "stuck in a pointer handler"
            case .recognizerAction: "stuck in a recognizer's action"
            }
        }
    }

    @Test("A prototype stuck in its code is one line naming it and its file, kiln dev goes on, and kiln recover renders the journal",
          arguments: HangSite.allCases)
    func hungPrototypeEnds(site: HangSite) throws {
        try withHangingPrototype(at: site) { binary, prototype, state in
            let session = try XvfbSession(width: 1280, height: 1024)
            defer { session.stop() }
            let app = try KilnApp(binary: binary, arguments: ["dev", prototype.path, "--events", "--mute", "--quit-after", "180"],
                                  session: session, environment: ["XDG_STATE_HOME": state.path])
            defer { app.terminate() }
            try app.waitForLine(containing: #""event": "scene.opened""#, timeout: 120)
            let window = try app.window(timeout: 30)
            Thread.sleep(forTimeInterval: 0.3)
            if site != .update {
                try window.drag(fromCanvas: (x: 195, y: 422), to: (x: 195, y: 600), steps: 20)
            }

            #expect(try eventually(within: 30) { app.errorOutput.contains("has been stuck") })
            // kiln dev's window is its child: the child is gone, kiln dev waits for a save.
            Thread.sleep(forTimeInterval: 1)
            let stuck = app.errorOutput.split(separator: "\n").filter { $0.contains("has been stuck") }
            let others = app.errorOutput.split(separator: "\n").filter { !$0.contains("has been stuck") && !$0.contains("compil") }
            let journals = try FileManager.default.contentsOfDirectory(atPath: state.appendingPathComponent("kiln").path)
            let out = prototype.deletingLastPathComponent().appendingPathComponent("recovered.mp4")
            let recovered = try ExternalCommand.run(binary, ["recover", "--folder", prototype.path, "--render", out.path],
                                                    environment: ProcessInfo.processInfo.environment
                                                        .merging(["XDG_STATE_HOME": state.path]) { $1 }, timeout: 300,
                                                    allowFailure: true)

            #expect(app.isRunning, "kiln dev goes on after its window hangs: \(app.errorOutput)")
            #expect(stuck.count == 1 && others.isEmpty, "\(app.errorOutput)")
            #expect(stuck.first?.hasPrefix("kiln: the prototype 'card' (") == true, "\(stuck)")
            #expect(stuck.first?.contains(site.phrase) == true, "\(stuck)")
            #expect(stuck.first?.contains("/card/Card.swift:") == true, "the prototype's own file and line: \(stuck)")
            #expect(stuck.first?.contains("opens again on the next save") == true, "\(stuck)")
            #expect(journals.count == 1 && journals.first?.hasSuffix(".journal") == true)
            #expect(recovered.status == 0, "\(recovered.stderr)")
            #expect(FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test("SIGTERM ends a window stuck in a prototype's key handler within a second, keeping its journal")
    func sigtermEndsAStuckWindow() throws {
        try withHangingPrototype(at: nil) { binary, prototype, state in
            let session = try XvfbSession(width: 1280, height: 1024)
            defer { session.stop() }
            let app = try KilnApp(binary: binary, arguments: ["dev", prototype.path, "--events", "--mute", "--quit-after", "180"],
                                  session: session, environment: ["XDG_STATE_HOME": state.path])
            defer { app.terminate() }
            try app.waitForLine(containing: #""event": "scene.opened""#, timeout: 120)
            let window = try app.window(timeout: 30)
            Thread.sleep(forTimeInterval: 0.3)

            try window.key("h")
            Thread.sleep(forTimeInterval: 0.5)
            let sent = Date()
            kill(app.pid, SIGTERM)
            #expect(try eventually(within: 5) { !app.isRunning })
            let took = Date().timeIntervalSince(sent)
            let journals = try FileManager.default.contentsOfDirectory(atPath: state.appendingPathComponent("kiln").path)

            #expect(took < 1, "ended \(took) s after SIGTERM")
            #expect(app.ending != nil, "\(String(describing: app.ending))")
            #expect(app.errorOutput.contains("SIGTERM came while the prototype 'card'"), "\(app.errorOutput)")
            #expect(app.errorOutput.contains("stuck in a key handler"), "\(app.errorOutput)")
            #expect(journals.count == 1)
        }
    }

    @Test("kiln render of a prototype that hangs fails at --frame-timeout with one line, leaving no file")
    func renderFailsAtTheFrameLimit() throws {
        try withHangingPrototype(at: .update) { binary, prototype, _ in
            let folder = prototype.deletingLastPathComponent().appendingPathComponent("renders")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let started = Date()

            let video = try ExternalCommand.run(binary, ["render", prototype.path, "--duration", "3", "--frame-timeout", "1",
                                                         "--out", folder.appendingPathComponent("clip.mp4").path],
                                                timeout: 300, allowFailure: true)
            let frames = try ExternalCommand.run(binary, ["render", prototype.path, "--duration", "3", "--frame-timeout", "1",
                                                          "--out", folder.appendingPathComponent("frames").path + "/"],
                                                 timeout: 300, allowFailure: true)
            let elapsed = Date().timeIntervalSince(started)

            for result in [video, frames] {
                let lines = result.stderr.split(separator: "\n").filter { !$0.contains("compiling") }
                #expect(result.status == 1)
                #expect(lines.count == 1, "\(result.stderr)")
                #expect(lines.first?.contains("frame 61 (1.02 s) of the prototype 'card'") == true, "\(result.stderr)")
                #expect(lines.first?.contains("ran past --frame-timeout 1 s, stuck in its update") == true)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
            #expect(elapsed < 120, "the renders took \(elapsed) s")
        }
    }

    /// A `kiln new` prototype named card whose code loops forever at `site` (`nil`: in its key
    /// handler, on H), in a scratch folder with a state folder of its own for the journal.
    private func withHangingPrototype(at site: HangSite?, _ body: (URL, URL, URL) throws -> Void) throws {
        let binary = try KilnBinary.locate()
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-hang-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let prototype = parent.appendingPathComponent("card")
        try ExternalCommand.run(binary, ["new", prototype.path], timeout: 30)
        let source = prototype.appendingPathComponent("Card.swift")
        var text = try String(contentsOf: source, encoding: .utf8)
        let spin = [
            "    private func spin() {", "        var turns = 0", "        while true { turns &+= 1 }", "    }", "",
            "    func handle(_ key: KeyPress) -> Bool {", "        if key.key == \"h\" { spin() }", "        return false",
            "    }", "", "    var primaryControl",
        ].joined(separator: "\n")
        text = try edit(text, "    var primaryControl", spin)
        switch site {
        case .update: text = try edit(text, "        now = time\n", "        now = time\n        if time > 1 { spin() }\n")
        case .pointerHandler:
            text = try edit(text, "    var primaryControl",
                            "    func handle(_ event: PointerEvent) {\n        if event.phase == .ended { spin() }\n    }\n\n    var primaryControl")
        case .recognizerAction:
            text = try edit(text, "        case .ended, .cancelled:\n", "        case .ended, .cancelled:\n            spin()\n")
        case nil: break
        }
        try text.write(to: source, atomically: true, encoding: .utf8)
        try body(binary, prototype, parent.appendingPathComponent("state"))
    }

    /// `text` with `old` replaced by `new`, which must be there.
    private func edit(_ text: String, _ old: String, _ new: String) throws -> String {
        guard text.contains(old) else { throw EndToEndError("the template no longer has \(old.debugDescription)") }
        return text.replacingOccurrences(of: old, with: new)
    }
}
