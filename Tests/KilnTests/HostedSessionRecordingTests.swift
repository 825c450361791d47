import Foundation
import Kiln
import KilnCore
import KilnPlatform
import KilnRuntime
import KilnEndToEndSupport
import Testing

/// What R and the renders ask of a hosted scene, through the protocol alone: a wrapper
/// that forwards it gives the same answers, so no caller needs to know the scene's type.
@Suite("Hosted session as a recording source")
struct HostedSessionRecordingTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-rec-src-\(UUID().uuidString)").path

    func hostGallery(logging: Bool, script: InputScript? = nil, journal: SessionJournal? = nil) throws -> HostedSession {
        let scene = try #require(DemoCatalog.make("gallery", context: SceneContext(canvasSize: DevicePreset.iPhone14.size)))
        let session = SceneSession(scene: scene, script: script)
        if logging { session.startInputLog(device: "iphone-14", seed: 3) }
        return HostedSession(session: session, capturePath: nil, journal: journal)
    }

    @Test("A session that logs its input records; its replay is a fresh offline scene of the same name")
    func loggingSessionRecords() throws {
        let hosted: HostedScene = try hostGallery(logging: true)
        let silent: HostedScene = try hostGallery(logging: false)

        hosted.advance(to: 0.5)
        let source = try #require(hosted.recording)
        let replay = source.replay(ReplayOptions(device: .iPhone14, isMuted: true))()
        let heard = source.replay(ReplayOptions(device: .iPhone14))()

        #expect(silent.recording == nil)
        #expect(source.name == "gallery" && source.logOrigin == 0)
        #expect(replay.scene.name == "gallery")
        #expect(replay.scene !== hosted)
        // The offline host gets the mixer beside the scene: none for a muted window.
        #expect(replay.mixer == nil && heard.mixer != nil)
    }

    @Test("R's marks reach the journal through the recording source")
    func marksReachTheJournal() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = try SessionJournal(folder: folder, header: JournalHeader(settings: RecordingSettings(),
                                                                                device: .iPhone14), warn: { _ in })
        let hosted: HostedScene = try hostGallery(logging: true, journal: journal)

        hosted.recording?.recordingStarted(at: 0.25)
        hosted.advance(to: 0.5)
        let text = try String(contentsOfFile: journal.path, encoding: .utf8)

        #expect(try RecoveredSession(path: journal.path).recordingStart == 0.25, "\(text)")
    }

    @Test("A script that stops is seen through the protocol")
    func scriptProblemThroughTheProtocol() throws {
        let script = InputScript(steps: [.tap(at: .layer("no-such-layer"))])
        let hosted: HostedScene = try hostGallery(logging: false, script: script)

        hosted.advance(to: 0.1)

        #expect(hosted.scriptProblem != nil)
        #expect("\(hosted.scriptProblem.map { "\($0)" } ?? "")".contains("no-such-layer"))
    }

    @Test("The launcher is the home screen, found by its name, and a scene is not")
    func home() throws {
        let launcher = HostedSession(session: SceneSession(scene: LauncherScene(
            context: SceneContext(canvasSize: DevicePreset.iPhone14.size))), capturePath: nil)

        #expect(launcher.isHome)
        #expect(try !hostGallery(logging: false).isHome)
    }

    @Test("A journal ended after a hang stays on disk with its whole frames, and leaves out the stuck frame's input")
    func journalKeptAfterHang() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = try SessionJournal(folder: folder, header: JournalHeader(settings: RecordingSettings(),
                                                                                device: .iPhone14), warn: { _ in })
        let hosted = try hostGallery(logging: true, journal: journal)

        hosted.advance(to: 0.5)
        let whole = try Data(contentsOf: URL(fileURLWithPath: journal.path))
        hosted.handle(PointerEvent(phase: .began, location: Point(100, 100), timestamp: 0.6))
        journal.endAfterHang()
        hosted.advance(to: 0.7)

        #expect(try Data(contentsOf: URL(fileURLWithPath: journal.path)) == whole)
        #expect(try RecoveredSession(path: journal.path).end == 0.5)
    }
}
