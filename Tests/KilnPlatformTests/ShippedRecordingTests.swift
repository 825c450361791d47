import Foundation
import KilnCore
import KilnPlatform
import KilnTestSupport
import PressureDemo
import Testing

/// The tablet recordings shipped for users in Resources/Recordings do what their names say
/// on the pressure ring, so `kiln pressure --evemu Resources/Recordings/…` shows both outcomes.
@Suite("Shipped recordings")
struct ShippedRecordingTests {
    /// Plays a shipped recording on the pressure scene's Delete button.
    private func play(_ name: String) throws -> (events: [String], states: Set<ConfirmState>) {
        let recording = try EvemuRecording(contentsOf: ProjectFiles.recordings.appendingPathComponent(name))
        let (_, events, states) = try replayOnTheRing(recording)
        return (events.names, states)
    }

    @Test("The confirming recording fills the ring, slides into it and deletes the photo")
    func pressAndConfirm() throws {
        let played = try play("cintiq-press-and-confirm.events")

        #expect(played.states.contains(.selected) && played.states.contains(.confirmed))
        #expect(played.events.contains("ring.confirmed"))
        #expect(played.events.contains("photo.deleted"))
    }

    @Test("The light recording never fills the ring and deletes nothing")
    func lightPress() throws {
        let played = try play("cintiq-light-press.events")

        #expect(played.events.contains("ring.began"))
        #expect(!played.states.contains(.selected))
        #expect(played.events.contains("ring.cancelled"))
        #expect(!played.events.contains("photo.deleted"))
    }

    @Test("Each shipped recording carries its device's pressure range and its licence is beside it")
    func recordingsAreComplete() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: ProjectFiles.recordings.path)
        let recordings = files.filter { $0.hasSuffix(".events") }

        #expect(recordings.count == 2)
        #expect(files.contains("LICENSE") && files.contains("README.md"))
        for name in recordings {
            let recording = try EvemuRecording(contentsOf: ProjectFiles.recordings.appendingPathComponent(name))
            #expect(recording.penSamples().contains { $0.isInContact }, "\(name) touches the tablet")
        }
    }
}
