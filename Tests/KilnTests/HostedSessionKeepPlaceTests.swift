import Foundation
import Kiln
import KilnPlatform
@_spi(Fuzzing) import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import MailboxDemo
import Testing

/// A reload that keeps your place: the retuned scene is given the session's input up to the
/// same moment, so it shows the new values in the middle of the same interaction.
@Suite("A reload keeps its place")
struct HostedSessionKeepPlaceTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-keep-\(UUID().uuidString)")

    /// A logging Mailbox session with `file` as its `--tuning`, remade or replayed on a save.
    func hostMailbox(tuning file: URL, keepsPlace: Bool, journal: SessionJournal? = nil) throws -> HostedSession {
        let profile = try #require(DemoCatalog.entry("mailbox")?.tuning)
        let files = TuningFiles(scene: "mailbox", profile: profile, explicit: file.path, configHome: nil)
        files.pollInterval = 0
        _ = files.reload()
        func make(_ sources: [TuningSource], script: InputScript?, events: EventSink?) -> SceneSession {
            var context = SceneContext(canvasSize: DevicePreset.iPhone14.size, events: events)
            context.tuningSources = sources
            // Through the catalogue, as the window makes it: the scene reads the tuning given.
            let session = SceneSession(scene: DemoCatalog.make("mailbox", context: context)!, script: script)
            session.startInputLog(device: nil, seed: 1)
            return session
        }
        let resimulate: Resimulation = { log, sources in
            let gate = ServiceGate(audio: SilentAudio(), haptics: NoHaptics(), events: nil)
            return (make(sources, script: log, events: gate.gatedEvents), gate)
        }
        let hosted = HostedSession(session: make(files.sources, script: nil, events: nil), capturePath: nil, tuning: files,
                                   remake: { make($0, script: nil, events: nil) }, journal: journal, resimulate: resimulate)
        hosted.keepsPlace = keepsPlace
        return hosted
    }

    /// Frames up to 40/60 s, a finger down on the first message at frame 10 and moving right
    /// 4 pt a frame from there, still down.
    func swipeHalfway(_ hosted: HostedSession) {
        for frame in 0...40 {
            let time = Double(frame) / 60
            if frame >= 10 {
                let phase: PointerPhase = frame == 10 ? .began : .moved
                hosted.handle(PointerEvent(phase: phase, location: Point(60 + Double(frame - 10) * 4, 150), timestamp: time))
            }
            hosted.advance(to: time)
        }
    }

    @Test("Keeping its place, a saved tuning file replays the swipe into the retuned scene: same moment, same layout, same log",
          arguments: [true, false])
    func savedTuningKeepsPlace(keepsPlace: Bool) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("try.toml")
        try "[colors]\nneutral = \"#E3E3E3\"\n".write(to: file, atomically: true, encoding: .utf8)
        let hosted = try hostMailbox(tuning: file, keepsPlace: keepsPlace)
        swipeHalfway(hosted)
        let before = ObjectIdentifier(hosted.session.scene)
        let layout = LayerOutlines.quads(of: hosted.root)
        let log = hosted.session.loggedInput
        // Only a colour changes: the layers stay where the swipe put them.
        try "[colors]\nneutral = \"#D0D0D0\"\n".write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: file.path)
        hosted.advance(to: 41.0 / 60)

        #expect(ObjectIdentifier(hosted.session.scene) != before)
        if keepsPlace {
            #expect(hosted.timeOrigin == 0)
            #expect(hosted.session.loggedInput == log)
            #expect(LayerOutlines.quads(of: hosted.root) == layout, "the retuned scene is not mid-swipe")
        } else {
            #expect(hosted.timeOrigin == 41.0 / 60)
            #expect(hosted.session.loggedInput.isEmpty)
        }
    }

    @Test("A tweak applied in the frame a finger comes down keeps the press: the swipe goes on in the retuned scene, and its release acts")
    func tweakAsAFingerComesDown() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("try.toml")
        try "[colors]\nneutral = \"#E3E3E3\"\n".write(to: file, atomically: true, encoding: .utf8)
        let hosted = try hostMailbox(tuning: file, keepsPlace: true)
        for frame in 0...10 { hosted.advance(to: Double(frame) / 60) }
        let listed = try #require(hosted.session.scene as? MailboxScene).listedMessageCount
        // The window takes a frame's input before it steps the scene: the press is logged
        // past the last frame's time when the panel's value applies in the same frame.
        hosted.handle(PointerEvent(phase: .began, location: Point(60, 150), timestamp: 11.0 / 60))
        let panel = try #require(hosted.makeTweakPanel())
        panel.set("colors.neutral", to: .string("#D0D0D0"))
        hosted.applyTweaks(panel.source)
        hosted.advance(to: 11.0 / 60)

        for frame in 12...40 {
            let time = Double(frame) / 60
            let phase: PointerPhase = frame == 40 ? .ended : .moved
            hosted.handle(PointerEvent(phase: phase, location: Point(60 + Double(frame - 11) * 8, 150), timestamp: time))
            hosted.advance(to: time)
        }
        for frame in 41...130 { hosted.advance(to: Double(frame) / 60) }

        let presses = hosted.session.loggedInput.filter { output in
            if case .pointer(let event) = output { return event.phase == .began }
            return false
        }
        #expect(presses.count == 1, "the press made as the tweak applied is not in the log")
        let scene = try #require(hosted.session.scene as? MailboxScene)
        #expect(scene.listedMessageCount == listed - 1, "the swipe's release did not archive the message")
    }

    @Test("The tweak panel's values apply mid-swipe in place, go into the journal, and once saved are the file's, its other lines as they were")
    func tweaksApplyInPlaceAndSave() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("try.toml")
        let text = "# mine\n[swipe]\naction_threshold = 60   # as shipped\n\n[colors]\nneutral = \"#E3E3E3\"\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let journal = try SessionJournal(folder: folder.appendingPathComponent("journal").path,
                                         header: JournalHeader(settings: RecordingSettings(), device: .iPhone14), warn: { _ in })
        // Tweaks keep the place even where a saved file would start the scene afresh.
        let hosted = try hostMailbox(tuning: file, keepsPlace: false, journal: journal)
        swipeHalfway(hosted)
        let log = hosted.session.loggedInput
        let panel = try #require(hosted.makeTweakPanel())
        panel.set("swipe.action_threshold", to: .number(120))
        panel.set("colors.neutral", to: .string("#D0D0D0"))
        hosted.applyTweaks(panel.source)
        hosted.advance(to: 41.0 / 60)

        #expect(hosted.timeOrigin == 0)
        #expect(hosted.session.loggedInput.prefix(log.count).elementsEqual(log))
        let tuning = try TuningProfile.of(MailboxTuning.self).values(hosted.tuningSources)
        #expect(tuning["swipe.action_threshold"] == .number(120))
        let recovered = try RecoveredSession(path: journal.path)
        // The journal keeps the tuning the swipe began with, and the tweak at its moment.
        let profile = TuningProfile.of(MailboxTuning.self)
        #expect(try profile.values(recovered.scene.tuningSources)["colors.neutral"] == .string("#E3E3E3"))
        let change = try #require(recovered.scene.tuningChanges?.last)
        #expect(change.time == 40.0 / 60)
        #expect(try profile.values(change.sources)["colors.neutral"] == .string("#D0D0D0"))

        guard case .success = hosted.saveTweaks(panel.changes) else { throw TweakSaveFailure(message: "not saved") }
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved == text.replacingOccurrences(of: "= 60 ", with: "= 120 ").replacingOccurrences(of: "#E3E3E3", with: "#D0D0D0"))
        #expect(hosted.tuningSources.count == 1)
        #expect(try TuningProfile.of(MailboxTuning.self).values(hosted.tuningSources) == tuning)
    }

    @Test("A tweak made mid-swipe is in R's recording and in the journal from its moment on: the frames before it keep the old colour")
    func tweakShowsFromItsMoment() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("try.toml")
        try "[colors]\narchive = \"#62D962\"\n".write(to: file, atomically: true, encoding: .utf8)
        let journal = try SessionJournal(folder: folder.appendingPathComponent("journal").path,
                                         header: JournalHeader(settings: RecordingSettings(), device: .iPhone14), warn: { _ in })
        let hosted = try hostMailbox(tuning: file, keepsPlace: false, journal: journal)
        let host = try OffscreenHost(canvas: DevicePreset.iPhone14.size, scale: 1)
        func frame(_ scene: HostedScene) -> Bitmap {
            host.render(root: scene.root, overlays: scene.overlays, background: scene.backgroundColor)
        }
        swipeHalfway(hosted)
        let before = frame(hosted)
        // Past the first threshold the row shows the archive colour: the tweak turns it blue.
        let panel = try #require(hosted.makeTweakPanel())
        panel.set("colors.archive", to: .string("#2050FF"))
        hosted.applyTweaks(panel.source)
        let retuned = frame(hosted)
        var after: [Bitmap] = []
        for index in 41...50 {
            let time = Double(index) / 60
            hosted.handle(PointerEvent(phase: .moved, location: Point(60 + Double(index - 10) * 4, 150), timestamp: time))
            hosted.advance(to: time)
            after.append(frame(hosted))
        }

        #expect(Bool(retuned != before), "the tweak is not seen in the window")
        let replays: [(String, HostedScene)] = [
            ("R", hosted.replay(ReplayOptions(device: .iPhone14, isMuted: true))().scene),
            ("kiln recover", try RecoveredSession(path: journal.path).replay(isMuted: true)),
        ]
        for (name, replay) in replays {
            for index in 0...40 { replay.advance(to: Double(index) / 60) }
            #expect(Bool(frame(replay) == before), "\(name): the frame before the tweak is not the window's")
            for index in 41...50 {
                replay.advance(to: Double(index) / 60)
                #expect(Bool(frame(replay) == after[index - 41]), "\(name): frame \(index) is not the window's")
            }
        }
    }

    @Test("Scrubbed back before a tweak and touched, the scene shows the values now in force from there: the later changes go")
    func rewoundHistory() {
        let old = [TuningSource(name: "a", text: "x = 1\n")], mid = [TuningSource(name: "a", text: "x = 2\n")]
        let now = [TuningSource(name: "a", text: "x = 3\n")]
        var history = TuningHistory(start: old)
        history.record(mid, at: 1)
        history.record(now, at: 2)
        history.rewound(to: 2.5, showing: now)
        #expect(history.changes.map(\.time) == [1, 2], "nothing after 2.5 to drop")
        history.rewound(to: 1.5, showing: now)
        #expect(history.changes.map(\.time) == [1, 1.5])
        #expect(history.changes.map(\.sources) == [mid, now])
        history.record(old, at: 0.5)
        #expect(history.changes.map(\.time) == [0.5], "a change replaces those after its moment")
        #expect(history.start == old)
    }
}
