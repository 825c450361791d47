// What a prototype's code does to the process it runs in, under Xvfb: a program it starts
// ends with the window, and SIGTERM still ends kiln dev at once; an `exit` it calls is said
// in one line, and kiln dev opens the window again on the next save.
import Foundation
import Kiln
import KilnPlatform
import KilnEndToEndSupport
import Testing

// Part of the end-to-end suite, so that it never runs beside the other windows.
extension EndToEndTests {
    @Test("A program a prototype starts ends with kiln dev's window, and SIGTERM ends kiln dev within a second and a half")
    func prototypeChildEndsWithTheWindow() throws {
        try withProcessPrototype { binary, prototype in
            let session = try XvfbSession(width: 1280, height: 1024)
            defer { session.stop() }
            let app = try KilnApp(binary: binary, arguments: ["dev", prototype.path, "--events", "--mute", "--quit-after", "180"],
                                  session: session)
            defer { app.terminate() }
            try app.waitForLine(containing: #""event": "scene.opened""#, timeout: 180)
            let window = try app.window(timeout: 30)
            Thread.sleep(forTimeInterval: 0.3)
            try window.key("c")
            let started = try app.waitForLine(containing: "child.started", timeout: 20)
            let child = try #require(pid_t(started.line.split(separator: "\"").last { Int($0) != nil } ?? ""))
            #expect(Self.isSleep(child), "the prototype's sleep runs: \(started.line)")

            let sent = Date()
            kill(app.pid, SIGTERM)
            let ended = try eventually(within: 10) { !app.isRunning }
            let took = Date().timeIntervalSince(sent)

            #expect(ended)
            #expect(took < 1.5, "kiln dev ended \(took) s after SIGTERM")
            #expect(try eventually(within: 2) { !Self.isSleep(child) }, "the prototype's sleep outlived kiln dev")
        }
    }

    @Test("A prototype that calls exit(0) is said in one line, and kiln dev opens the window again on the next save")
    func prototypeExitIsSaid() throws {
        try withProcessPrototype { binary, prototype in
            let session = try XvfbSession(width: 1280, height: 1024)
            defer { session.stop() }
            let app = try KilnApp(binary: binary, arguments: ["dev", prototype.path, "--events", "--mute", "--quit-after", "180"],
                                  session: session)
            defer { app.terminate() }
            let opened = try app.waitForLine(containing: #""event": "scene.opened""#, timeout: 180)
            let window = try app.window(timeout: 30)
            Thread.sleep(forTimeInterval: 0.3)

            try window.key("x")
            let said = try eventually(within: 20) { app.errorOutput.contains("called exit(0)") }
            // kiln dev notes the sources as they are once the window is gone: the save comes after.
            Thread.sleep(forTimeInterval: 2)
            let source = prototype.appendingPathComponent("Card.swift")
            try (String(contentsOf: source, encoding: .utf8) + "\n// saved again\n").write(to: source, atomically: false,
                                                                                            encoding: .utf8)
            let reopened = try app.waitForLine(containing: #""event": "scene.opened""#, from: opened.index + 1, timeout: 180)
            let lines = app.errorOutput.split(separator: "\n").filter { $0.contains("exit(") }

            #expect(said, "\(app.errorOutput)")
            #expect(lines.count == 1, "\(app.errorOutput)")
            #expect(lines.first?.hasPrefix("kiln: the prototype 'card' (") == true, "\(lines)")
            #expect(lines.first?.contains("opens it again on the next save") == true, "\(lines)")
            #expect(reopened.line.contains("card"))
            #expect(app.isRunning)
        }
    }

    @Test("A window that has loaded as many versions of a prototype as it may closes, and kiln dev opens a fresh one holding only the newest")
    func freshWindowAfterManyVersions() throws {
        try withProcessPrototype { binary, prototype in
            let cache = prototype.deletingLastPathComponent().appendingPathComponent("cache")
            let source = prototype.appendingPathComponent("Card.swift")
            let original = try String(contentsOf: source, encoding: .utf8)
            let session = try XvfbSession(width: 1280, height: 1024)
            defer { session.stop() }
            let app = try KilnApp(binary: binary, arguments: ["dev", prototype.path, "--events", "--mute", "--quit-after", "300",
                                                              "--versions-per-window", "2"],
                                  session: session, environment: ["XDG_CACHE_HOME": cache.path])
            defer { app.terminate() }
            var opened = try app.waitForLine(containing: #""event": "scene.opened""#, timeout: 180)
            let first = KilnApp.descendants(of: app.pid)

            for save in 1...2 {
                try (original + "\nlet savedVersion = \(save)\n").write(to: source, atomically: false, encoding: .utf8)
                opened = try app.waitForLine(containing: #""event": "scene.opened""#, from: opened.index + 1, timeout: 180)
            }
            Thread.sleep(forTimeInterval: 0.5)
            let second = KilnApp.descendants(of: app.pid)
            let mapped = try second.map { window in
                Set(try Self.maps(of: window).split(separator: "\n")
                    .filter { $0.contains("/libKilnPrototype_") }
                    .compactMap { $0.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true).last }).count
            }

            #expect(app.errorOutput.contains("has loaded 2 versions of card"), "\(app.errorOutput)")
            #expect(first.count == 1 && second.count == 1 && first != second, "windows \(first) then \(second)")
            #expect(mapped == [1], "the fresh window holds only the newest version: \(mapped)")
            #expect(app.isRunning)
        }
    }

    /// A `kiln new` prototype named card that starts `sleep 1000` on C (its pid in a
    /// `child.started` event) and calls `exit(0)` on X, in a scratch folder.
    private func withProcessPrototype(_ body: (URL, URL) throws -> Void) throws {
        let binary = try KilnBinary.locate()
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let prototype = parent.appendingPathComponent("card")
        try ExternalCommand.run(binary, ["new", prototype.path], timeout: 30)
        let source = prototype.appendingPathComponent("Card.swift")
        var text = try String(contentsOf: source, encoding: .utf8)
        let keys = [
            "    func handle(_ key: KeyPress) -> Bool {",
            "        if key.key == \"c\" {",
            "            let child = Process()",
            "            child.executableURL = URL(fileURLWithPath: \"/bin/sleep\")",
            "            child.arguments = [\"1000\"]",
            "            try? child.run()",
            "            context.emit(\"child.started\", at: now, [\"pid\": .string(\"\\(child.processIdentifier)\")])",
            "        }",
            "        if key.key == \"x\" { exit(0) }",
            "        return false",
            "    }", "", "    var primaryControl",
        ].joined(separator: "\n")
        guard text.contains("    var primaryControl") else { throw EndToEndError("the template no longer has primaryControl") }
        text = "import Foundation\n" + text.replacingOccurrences(of: "    var primaryControl", with: keys)
        try text.write(to: source, atomically: true, encoding: .utf8)
        try body(binary, prototype)
    }

    /// The memory map of process `pid`, read to its end (a /proc file says it is empty).
    private static func maps(of pid: Int32) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }

    /// Whether `pid` is a running `sleep` (not gone, not a zombie, not a pid used again).
    private static func isSleep(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return stat.contains("(sleep)") && stat.split(separator: ")").last?.split(separator: " ").first != "Z"
    }
}
