import Foundation
import Kiln
import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import MailboxDemo
import Testing

/// A scene as the window hosts it: tuning files watched while it runs (X4), the capture
/// written when it closes.
@Suite("Hosted session")
struct HostedSessionTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-hosted-\(UUID().uuidString)")

    /// A mailbox session hosted with `file` as its `--tuning`, remade from new sources when it is saved.
    func hostMailbox(tuning file: URL) throws -> (HostedSession, EventRecorder) {
        let profile = try #require(DemoCatalog.entry("mailbox")?.tuning)
        let files = TuningFiles(scene: "mailbox", profile: profile, explicit: file.path, configHome: nil)
        files.pollInterval = 0
        _ = files.reload()
        let events = EventRecorder()
        func make(_ sources: [TuningSource]) -> SceneSession {
            var context = SceneContext(canvasSize: DevicePreset.iPhone14.size, events: events)
            context.tuningSources = sources
            return SceneSession(scene: MailboxScene(context: context))
        }
        return (HostedSession(session: make(files.sources), capturePath: nil, tuning: files, remake: make), events)
    }

    /// Writes `text` and moves the file's time on, so that a save within the same second counts.
    func save(_ text: String, to file: URL, secondsLater: Double) throws {
        try text.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(secondsLater)],
                                              ofItemAtPath: file.path)
    }

    /// Hosts the Mailbox with a `--tuning` file that sets the action threshold to 60, steps it
    /// one second, then saves `edited` over the file and steps one more: the session, and the
    /// scene it had before the save.
    func saveWhileHosted(_ edited: String) throws -> (HostedSession, before: ObjectIdentifier) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("try.toml")
        try save("[swipe]\naction_threshold = 60\n", to: file, secondsLater: 0)
        let (hosted, _) = try hostMailbox(tuning: file)
        hosted.advance(to: 1)
        let before = ObjectIdentifier(hosted.session.scene)
        try save(edited, to: file, secondsLater: 5)
        hosted.advance(to: 2)
        return (hosted, before)
    }

    @Test("A saved tuning file makes the scene anew with its values, from scene time 0")
    func savedTuningRemakesTheScene() throws {
        defer { try? FileManager.default.removeItem(at: folder) }

        let (hosted, before) = try saveWhileHosted("[swipe]\naction_threshold = 80\n")

        #expect(ObjectIdentifier(hosted.session.scene) != before)
        #expect(hosted.timeOrigin == 2)
        #expect(hosted.tuningSources.map(\.text) == ["[swipe]\naction_threshold = 80\n"])
        #expect(hosted.root.layer(named: TuningBanner.name) == nil)
    }

    @Test("A tuning file saved with a mistake keeps the scene and shows the banner")
    func badTuningKeepsTheScene() throws {
        defer { try? FileManager.default.removeItem(at: folder) }

        let (hosted, before) = try saveWhileHosted("[swipe]\naction_threshold = \n")

        #expect(ObjectIdentifier(hosted.session.scene) == before)
        #expect(hosted.timeOrigin == 0)
        #expect(hosted.root.layer(named: TuningBanner.name) != nil)
    }
}
