// A window killed in the middle of a performance, under Xvfb: its journal is left behind,
// and `kiln recover` renders what it had done exactly as `kiln render` renders the same
// input. Windows that close cleanly leave nothing.
import Foundation
import Kiln
import KilnCore
import KilnPlatform
import KilnEndToEndSupport
import Testing

// Part of the end-to-end suite, so that it never runs beside the other windows.
extension EndToEndTests {
    /// A slow drag of the Pocket down into the laser, as raw mouse events, 0.5 s into the
    /// scene: 6 s of moves at 120 Hz, then a release and a long wait.
    static let slowDrag: [ScriptEvent] = (0...720).map { i in
        let t = Double(i) / 120
        let phase: PointerPhase = i == 0 ? .began : i == 720 ? .ended : .moved
        return ScriptEvent(time: t, phase: phase, location: Point(195, 254 + 56 * t))
    }

    static func slowDragScript(until cut: Double = .infinity) -> InputScript {
        // The events are 1/120 s apart: a microsecond's leeway cannot take in the next one.
        let events = slowDrag.filter { 0.5 + $0.time <= cut + 1e-6 }
        return InputScript(scene: "laser", device: "iphone-14", seed: 1,
                           steps: [.wait(0.5), .events(events), .wait(10)])
    }

    @Test("Killed mid-drag, the window leaves a journal that kiln recover renders frame for frame as the script cut there")
    func recoverAfterSIGKILL() throws {
        let binary = try KilnBinary.locate()
        let session = try XvfbSession(width: 1280, height: 1024)
        defer { session.stop() }
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-recover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: files) }
        let state = files.appendingPathComponent("state")
        let environment = session.environment.merging(["XDG_STATE_HOME": state.path]) { $1 }
        let script = files.appendingPathComponent("drag.json")
        try Self.slowDragScript().jsonText.write(to: script, atomically: true, encoding: .utf8)
        // The pointer starts in the middle of the screen, over the window: moved off it, it
        // sends the scene no hover the script does not have.
        try ExternalCommand.run(try ExternalCommand.require("xdotool", package: "xdotool"), ["mousemove", "0", "0"],
                                environment: environment, timeout: 10)

        let app = try KilnApp(binary: binary, arguments: ["play", script.path, "--mute", "--record-scale", "0.5",
                                                          "--events", "--quit-after", "60"],
                              session: session, environment: ["XDG_STATE_HOME": state.path])
        defer { app.terminate() }
        try app.waitForLine(containing: "laser.on", timeout: 30)
        Thread.sleep(forTimeInterval: 2.5)
        kill(app.pid, SIGKILL)
        #expect(try eventually(within: 5) { !app.isRunning })

        let journals = try FileManager.default.contentsOfDirectory(atPath: state.appendingPathComponent("kiln").path)
        #expect(journals.count == 1)
        let journal = state.appendingPathComponent("kiln").appendingPathComponent(try #require(journals.first))
        let cut = try lastInputTime(inJournal: journal)
        #expect(cut > 0.6 && cut < 6.5, "the kill came in the middle of the drag: its last input at \(cut) s")
        // A kill in the middle of a write leaves part of a line: it is left out.
        let handle = try FileHandle(forWritingTo: journal)
        handle.seekToEndOfFile()
        handle.write(Data(#"{"t":9.5,"phase":"mov"#.utf8))
        try handle.close()

        func recover(_ arguments: [String]) throws -> CommandOutput {
            try ExternalCommand.run(binary, ["recover"] + arguments, environment: environment, timeout: 300,
                                    allowFailure: true)
        }
        let listed = try recover([])
        let recovered = files.appendingPathComponent("recovered")
        let rendered = try recover(["--render", recovered.path + "/"])
        let cutScript = files.appendingPathComponent("cut.json")
        try Self.slowDragScript(until: cut).jsonText.write(to: cutScript, atomically: true, encoding: .utf8)
        let frames = try FileManager.default.contentsOfDirectory(atPath: recovered.path).sorted()
        let reference = files.appendingPathComponent("reference")
        try ExternalCommand.run(binary, ["render", "laser", "--script", cutScript.path, "--frames", "\(frames.count)",
                                         "--scale", "0.5", "--out", reference.path + "/"], timeout: 300)

        #expect(listed.status == 0)
        #expect(listed.text.split(separator: "\n").count == 1)
        #expect(listed.text.hasPrefix("1  laser  ") && listed.text.contains(journal.path), "\(listed.text)")
        #expect(listed.text.contains("cut off"))
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stderr.contains("read to its last whole record"))
        #expect(frames.count >= Int(cut * 60), "the clip runs at least to the last input: \(frames.count) frames")
        let differing = try frames.filter { name in
            try Data(contentsOf: recovered.appendingPathComponent(name))
                != Data(contentsOf: reference.appendingPathComponent(name))
        }
        #expect(differing.isEmpty, "\(differing.count) of \(frames.count) frames differ, first \(differing.first ?? "")")

        let discarded = try recover(["--discard"])
        let after = try recover([])
        #expect(discarded.status == 0 && discarded.stderr.contains("discarded \(journal.path)"))
        #expect(!FileManager.default.fileExists(atPath: journal.path))
        #expect(after.status == 0 && after.text.isEmpty && after.stderr.contains("no crashed session to recover"))
    }

    @Test("A window that quits, or is ended with SIGTERM, leaves no journal", arguments: [false, true])
    func cleanExitLeavesNoJournal(byTerm: Bool) throws {
        let binary = try KilnBinary.locate()
        let session = try XvfbSession(width: 1280, height: 1024)
        defer { session.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let folder = state.appendingPathComponent("kiln").path

        let app = try KilnApp(binary: binary, arguments: ["laser", "--mute", "--events", "--quit-after", byTerm ? "60" : "3"],
                              session: session, environment: ["XDG_STATE_HOME": state.path])
        defer { app.terminate() }
        try app.waitForLine(containing: "laser.on", timeout: 30)
        let whileOpen = try FileManager.default.contentsOfDirectory(atPath: folder)
        if byTerm { kill(app.pid, SIGTERM) }

        #expect(try eventually(within: 15) { !app.isRunning })
        #expect(whileOpen.count == 1 && whileOpen.first?.hasSuffix(".journal") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("Journals that cannot be read are one line each; a choice that is not there, or not a journal, is one line")
    func unreadableJournals() throws {
        let binary = try KilnBinary.locate()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let folder = state.appendingPathComponent("kiln")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("kiln-1-20250101-000000.journal"))
        try Data("\u{0}\u{1}binary\nmore".utf8).write(to: folder.appendingPathComponent("kiln-2-20250101-000000.journal"))
        let notJournal = state.appendingPathComponent("notes.txt")
        try Data("keep me\n".utf8).write(to: notJournal)
        func recover(_ arguments: [String]) throws -> CommandOutput {
            try ExternalCommand.run(binary, ["recover"] + arguments, environment: ["XDG_STATE_HOME": state.path],
                                    timeout: 60, allowFailure: true)
        }

        let listed = try recover([])
        let render = try recover(["--render", state.appendingPathComponent("out/").path])
        let missing = try recover(["--journal", "3", "--render", state.appendingPathComponent("out/").path])
        let stranger = try recover(["--journal", notJournal.path, "--discard"])

        let lines = listed.text.split(separator: "\n")
        #expect(listed.status == 0 && lines.count == 2)
        #expect(lines.allSatisfy { $0.contains("cannot be read: ") && $0.contains(folder.path) }, "\(listed.text)")
        #expect(listed.text.contains("is empty") && listed.text.contains("is not a Kiln session journal"))
        for result in [render, missing, stranger] {
            #expect(result.status == 1 && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(missing.stderr.contains("there are 2 sessions to recover, not 3"))
        #expect(FileManager.default.fileExists(atPath: notJournal.path))
        #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent("out").path))
    }

    @Test("A journal whose first line runs 300 MB is listed as damaged in one line, in memory bounded by a line's cap")
    func hugeFirstLineListsInBoundedMemory() throws {
        let binary = try KilnBinary.locate()
        let time = try ExternalCommand.require("time", package: "time")
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let folder = state.appendingPathComponent("kiln")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Sparse: 300 MB of zeros after the line's start, none a newline, taking no room on disk.
        let journal = folder.appendingPathComponent("kiln-1-20250101-000000.journal")
        try Data(#"{"journal":2,"pid":1,"#.utf8).write(to: journal)
        #expect(truncate(journal.path, 300 * 1024 * 1024) == 0)
        let peak = state.appendingPathComponent("peak")

        let listed = try ExternalCommand.run(time, ["-f", "%M", "-o", peak.path, binary.path, "recover"],
                                             environment: ["XDG_STATE_HOME": state.path], timeout: 60, allowFailure: true)

        let kilobytes = try #require(Int(String(contentsOf: peak, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(listed.status == 0)
        #expect(listed.text == "1  cannot be read: \(journal.path): is damaged: its first line is longer than 4 MB, "
                    + "more than a journal's header takes", "\(listed.text)")
        // Kiln's own libraries take some tens of MB; the journal's line alone would be 300.
        #expect(kilobytes < 150 * 1024, "kiln recover peaked at \(kilobytes / 1024) MB")
    }

    @Test("A journal naming a prototype's folder compiles nothing and runs nothing: one line says where it was recorded and to name --folder")
    func journalNamesNoFolderToCompile() throws {
        let binary = try KilnBinary.locate()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-sent-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let planted = scratch.appendingPathComponent("planted")
        try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: true)
        let source = try #require(PrototypeTemplate(name: "planted")).swiftSource
        try source.write(to: planted.appendingPathComponent("Planted.swift"), atomically: true, encoding: .utf8)
        let journal = scratch.appendingPathComponent("sent.journal")
        let lines = [JournalRecord.header(JournalHeader(settings: RecordingSettings(), device: .iPhone14)).line,
                     JournalRecord.scene(JournalScene(scene: "planted", seed: 1, origin: 0, tuning: [], folder: planted.path)).line,
                     JournalRecord.frame(1).line]
        try (lines.joined(separator: "\n") + "\n").write(to: journal, atomically: true, encoding: .utf8)
        let out = scratch.path + "/out/"
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = scratch.appendingPathComponent("cache").path
        environment["XDG_STATE_HOME"] = scratch.appendingPathComponent("state").path

        let result = try ExternalCommand.run(binary, ["recover", "--journal", journal.path, "--render", out],
                                             environment: environment, timeout: 120, allowFailure: true)

        #expect(result.status == 1)
        #expect(result.stderr == "kiln: \(journal.path): its scene 'planted' is a prototype's, recorded from \(planted.path); "
                    + "a journal runs no code: name the prototype's folder with --folder DIR to render it", "\(result.stderr)")
        #expect(!result.stderr.contains("compiling"))
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("cache").path), "nothing is compiled")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// The time of the last whole input line of the journal at `url`.
    private func lastInputTime(inJournal url: URL) throws -> Double {
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let times = lines.compactMap { line -> Double? in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard object?["phase"] != nil else { return nil }
            return (object?["t"] as? NSNumber)?.doubleValue
        }
        return try #require(times.last)
    }
}
