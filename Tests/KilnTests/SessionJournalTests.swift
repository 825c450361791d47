import Foundation
import Kiln
import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import MailboxDemo
import Testing

/// The window's journal: the input log on disk, frame by frame, read back as R would use it.
@Suite("Session journal")
struct SessionJournalTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-journal-\(UUID().uuidString)").path

    func makeJournal(settings: RecordingSettings = RecordingSettings()) throws -> SessionJournal {
        try SessionJournal(folder: folder, header: JournalHeader(settings: settings, device: .iPhone14), warn: { _ in })
    }

    /// A gallery session logging its input, hosted with `journal`.
    func hostGallery(journal: SessionJournal, script: InputScript? = nil, seed: UInt64 = 7) throws -> HostedSession {
        let scene = try #require(DemoCatalog.make("gallery", context: SceneContext(canvasSize: DevicePreset.iPhone14.size)))
        let session = SceneSession(scene: scene, script: script)
        session.startInputLog(device: "iphone-14", seed: seed)
        return HostedSession(session: session, capturePath: nil, journal: journal)
    }

    @Test("Read back, a journal gives the very script R replays, and the last frame's time")
    func readBackMatchesTheInputLog() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = try makeJournal()
        let script = InputScript(steps: [.wait(0.1), .tap(at: .canvas(Point(30, 40)))])
        let hosted = try hostGallery(journal: journal, script: script)

        for frame in 0...30 { hosted.advance(to: Double(frame) / 60) }
        hosted.handle(PointerEvent(phase: .began, location: Point(200.25, 300.1), timestamp: 0.6 + 1e-9))
        hosted.handle(PointerEvent(id: 1, phase: .moved, location: Point(1.0 / 3, 2.0 / 3), timestamp: 0.61,
                                   device: .pen, pressure: 0.1 + 0.2, pressureSource: "evdev"))
        hosted.handle(PointerEvent(phase: .ended, location: Point(210, 320), timestamp: 0.7, buttons: 0))
        _ = hosted.handle(KeyPress("z", modifiers: [.ctrl, .shift]), at: 0.8)
        hosted.advance(to: 0.85)
        let recovered = try RecoveredSession(path: journal.path)

        let log = try #require(hosted.session.inputLog?.script)
        #expect(recovered.script == log)
        #expect(recovered.script.steps.count == 3)
        #expect(recovered.scene.scene == "gallery" && recovered.scene.seed == 7)
        #expect(recovered.header.device == "iphone-14" && recovered.header.pid == getpid())
        #expect(recovered.end == 0.85 && recovered.lastInput == 0.8)
        #expect(recovered.recordingStart == nil && recovered.clipStart == 0)
        #expect(recovered.unreadBytes == 0)
    }

    @Test("Each frame's input is in the file when the frame ends, not held back in memory")
    func eachFrameIsWritten() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = try makeJournal()
        let hosted = try hostGallery(journal: journal)
        hosted.advance(to: 0)

        hosted.handle(PointerEvent(phase: .began, location: Point(10, 10), timestamp: 0.01))
        let before = try String(contentsOfFile: journal.path, encoding: .utf8)
        hosted.advance(to: 1.0 / 60)
        let after = try String(contentsOfFile: journal.path, encoding: .utf8)

        #expect(!before.contains(#""t":0.01"#))
        #expect(after.contains(#""t":0.01"#))
        #expect(after.hasSuffix("{\"frame\":\(1.0 / 60)}\n"))
    }

    @Test("A retuned scene starts its part of the journal afresh, with the tuning as the file then read")
    func retuneStartsAfresh() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = (folder as NSString).appendingPathComponent("try.toml")
        try "[swipe]\naction_threshold = 60\n".write(toFile: file, atomically: true, encoding: .utf8)
        let profile = try #require(DemoCatalog.entry("mailbox")?.tuning)
        let files = TuningFiles(scene: "mailbox", profile: profile, explicit: file, configHome: nil)
        files.pollInterval = 0
        _ = files.reload()
        func make(_ sources: [TuningSource]) -> SceneSession {
            var context = SceneContext(canvasSize: DevicePreset.iPhone14.size)
            context.tuningSources = sources
            let session = SceneSession(scene: MailboxScene(context: context))
            session.startInputLog(device: "iphone-14", seed: 3)
            return session
        }
        let journal = try makeJournal()
        let hosted = HostedSession(session: make(files.sources), capturePath: nil, tuning: files, remake: make, journal: journal)
        hosted.handle(PointerEvent(phase: .began, location: Point(100, 300), timestamp: 0.5))
        hosted.advance(to: 1)

        try "[swipe]\naction_threshold = 80\n".write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: file)
        hosted.advance(to: 2)
        hosted.handle(PointerEvent(phase: .began, location: Point(100, 300), timestamp: 2.25))
        hosted.advance(to: 2.5)
        let recovered = try RecoveredSession(path: journal.path)

        #expect(recovered.scene.origin == 2 && recovered.scene.seed == 3)
        #expect(recovered.scene.tuningSources.map(\.text) == ["[swipe]\naction_threshold = 80\n"])
        #expect(recovered.script == hosted.session.inputLog?.script)
        #expect(recovered.lastInput == 0.25 && recovered.end == 0.5)
    }

    @Test("A last line cut off by a kill is left out: the journal is read to its last whole record")
    func cutOffLineIsLeftOut() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = try makeJournal()
        let hosted = try hostGallery(journal: journal)
        hosted.handle(PointerEvent(phase: .began, location: Point(10, 10), timestamp: 0.1))
        hosted.advance(to: 0.2)
        let whole = try RecoveredSession(path: journal.path)
        let handle = try #require(FileHandle(forWritingAtPath: journal.path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"t":0.3,"phase":"mov"#.utf8))
        handle.closeFile()

        let recovered = try RecoveredSession(path: journal.path)

        #expect(recovered.script == whole.script)
        #expect(recovered.end == 0.2)
        #expect(recovered.unreadBytes == #"{"t":0.3,"phase":"mov"#.utf8.count)
        #expect(recovered.summary.contains("cut off"))
    }

    @Test("A line that is no record ends the reading there, whole lines after it too")
    func corruptLineEndsTheReading() throws {
        let header = JournalRecord.header(JournalHeader(settings: RecordingSettings(), device: .iPhone14)).line
        let scene = JournalRecord.scene(JournalScene(scene: "laser", seed: 1, origin: 0, tuning: [])).line
        let good = JournalRecord.input(.pointer(PointerEvent(phase: .began, location: Point(1, 2), timestamp: 0.5))).line
        let text = [header, scene, good, "\u{0}\u{0}garbage", good, ""].joined(separator: "\n")

        let recovered = try RecoveredSession(path: "j.journal", data: Data(text.utf8))

        #expect(recovered.lastInput == 0.5)
        #expect(recovered.script.steps.count == 1)
        #expect(recovered.unreadBytes == "\u{0}\u{0}garbage\n".utf8.count + good.utf8.count + 1)
    }

    @Test("A prototype's scene keeps its folder in the journal; a scene line without one is Kiln's own")
    func prototypeFolderIsKept() throws {
        let header = JournalRecord.header(JournalHeader(settings: RecordingSettings(), device: .iPhone14)).line
        let prototype = JournalRecord.scene(JournalScene(scene: "card", seed: 1, origin: 0, tuning: [], folder: "/p/card")).line
        let own = JournalRecord.scene(JournalScene(scene: "laser", seed: 1, origin: 0, tuning: [])).line

        let fromPrototype = try RecoveredSession(path: "p.journal", data: Data([header, prototype, ""].joined(separator: "\n").utf8))
        let fromOwn = try RecoveredSession(path: "o.journal", data: Data([header, own, ""].joined(separator: "\n").utf8))

        #expect(fromPrototype.scene.folder == "/p/card" && fromPrototype.scene.scene == "card")
        #expect(!fromPrototype.hasKnownScene, "the folder is compiled before the scene is known")
        #expect(fromOwn.scene.folder == nil && !own.contains("folder"))
    }

    @Test("A journal that cannot be read at all is one error that says why",
          arguments: [("", "is empty"), ("not json\n", "is not a Kiln session journal"),
                      ("{\"frame\":1}\n", "is not a Kiln session journal"),
                      (JournalRecord.header(JournalHeader(settings: RecordingSettings(), device: .iPhone14)).line + "\n",
                       "holds no scene")])
    func unreadableJournal(text: String, reason: String) throws {
        let error = #expect(throws: JournalError.self) {
            try RecoveredSession(path: "x.journal", data: Data(text.utf8))
        }

        let description = try #require(error?.description)
        #expect(description.hasPrefix("x.journal: ") && description.contains(reason))
        #expect(!description.contains("\n"))
    }

    @Test("A journal folder that cannot be made is one line in the system's words, not Foundation's error")
    func folderInTheWay() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/state"
        try Data().write(to: URL(fileURLWithPath: file))

        let error = #expect(throws: JournalError.self) {
            try SessionJournal(folder: file + "/kiln", header: JournalHeader(settings: RecordingSettings(), device: .iPhone14))
        }

        #expect(error?.description == "cannot write \(file)/kiln: Not a directory")
    }

    @Test("R's running recording is where the clip starts, counted from the scene's last remaking")
    func recordingMarksSetTheClip() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = try makeJournal()
        journal.beginScene(JournalScene(scene: "laser", seed: 1, origin: 2, tuning: [TuningSource(name: "t", text: "a = 1\n")]))
        journal.recordingStarted(at: 3.5)
        journal.endFrame(at: 4)
        let running = try RecoveredSession(path: journal.path)
        journal.recordingStopped()
        journal.endFrame(at: 4.5)
        let stopped = try RecoveredSession(path: journal.path)

        #expect(running.recordingStart == 1.5 && running.clipStart == 1.5)
        #expect(running.clipLength == 2.5)
        #expect(running.timing(fps: 60) == LiveClipSaver.timing(from: 1.5, to: 4, fps: 60))
        #expect(running.scene.tuningSources == [TuningSource(name: "t", text: "a = 1\n")])
        #expect(stopped.recordingStart == nil && stopped.clipLength == 4.5)
    }

    @Test("Bounded: a new scene drops the last one's input, and frame marks are rewritten away")
    func journalStaysBounded() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = try makeJournal()
        journal.minimumRewriteSize = 4096
        journal.beginScene(JournalScene(scene: "laser", seed: 1, origin: 0, tuning: []))
        for i in 0..<2000 {
            journal.record(.pointer(PointerEvent(phase: .moved, location: Point(Double(i), 1), timestamp: Double(i) / 120)))
            if i % 2 == 0 { journal.endFrame(at: Double(i) / 120) }
        }
        let busy = journal.fileSize
        journal.beginScene(JournalScene(scene: "mailbox", seed: 1, origin: 20, tuning: []))
        journal.record(.key(KeyPress("z", modifiers: .ctrl), time: 0.5))
        for frame in 0..<20_000 { journal.endFrame(at: Double(frame) / 120) }

        let size = try #require(try FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int)
        let recovered = try RecoveredSession(path: journal.path)
        #expect(busy > 100_000)
        #expect(size == journal.fileSize)
        #expect(size <= max(journal.minimumRewriteSize, 2 * journal.liveSize) + 64)
        #expect(recovered.scene.scene == "mailbox" && recovered.lastInput == 0.5)
        #expect(recovered.end == 19_999.0 / 120)
    }

    @Test("A journal is in use while its window runs, left behind when the process is gone, and removed on a clean exit")
    func inUseLeftAndRemoved() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var journal: SessionJournal? = try makeJournal()
        let path = try #require(journal?.path)
        let clean = try makeJournal(settings: RecordingSettings(scale: 1))
        let cleanPath = clean.path
        let others = JournalFolder(path: folder)

        #expect(JournalFolder.isInUse(path))
        #expect(others.leftJournals().isEmpty)
        journal = nil
        clean.remove()

        #expect(!JournalFolder.isInUse(path))
        #expect(others.leftJournals() == [path])
        #expect(!FileManager.default.fileExists(atPath: cleanPath))
        #expect((path as NSString).lastPathComponent.hasPrefix("kiln-\(getpid())-"))
    }

    @Test("The folder is $XDG_STATE_HOME/kiln when that is absolute, else ~/.local/state/kiln")
    func folderFollowsXDG() {
        #expect(JournalFolder(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).path == "/s/kiln")
        #expect(JournalFolder(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]).path == "/h/.local/state/kiln")
        #expect(JournalFolder(environment: ["HOME": "/h"]).path == "/h/.local/state/kiln")
    }
}
