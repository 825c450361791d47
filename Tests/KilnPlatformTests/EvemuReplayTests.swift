import Foundation
import KilnCore
import KilnPlatform
import KilnScenes
import KilnTestSupport
import Testing

/// The shared tablet recordings: `shared/` sits beside the repository root, here and in CI.
private let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // KilnPlatformTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the repository root
    .appendingPathComponent("../shared/fixtures/tablets")
    .standardizedFileURL

private func cintiq() throws -> EvemuRecording {
    try EvemuRecording(contentsOf: fixtures.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events"))
}

private func intuos(_ name: String) throws -> EvemuRecording {
    try EvemuRecording(description: fixtures.appendingPathComponent("Wacom-Intuos4-6x9-Pen.desc"),
                       events: fixtures.appendingPathComponent("Wacom-Intuos4-6x9.stylus-\(name).events"))
}

private let canvas = DevicePreset.iPhone14.size

@Suite("Evemu replay")
struct EvemuReplayTests {
    @Test("Replayed events are pen events from evemu, starting half a second into the scene")
    func eventsArePen() throws {
        let events = EvemuReplay(recording: try cintiq()).events(anchor: Point(195, 607), canvasSize: canvas)

        #expect(events.allSatisfy { $0.device == .pen && $0.pressureSource == "evemu" && $0.id == 1 })
        #expect(events.first?.timestamp == 0.5)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        #expect(events.first?.phase == .hover, "the pen comes into proximity before it touches")
        #expect(events.filter { $0.phase == .began }.count == events.filter { $0.phase == .ended }.count)
    }

    @Test("The recording's first real press lands on the anchor; a graze before it keeps its offset")
    func firstPressLandsOnAnchor() throws {
        let anchor = Point(195, 607)

        let events = EvemuReplay(recording: try cintiq()).events(anchor: anchor, canvasSize: canvas)
        let presses = events.filter { $0.phase == .began }

        // The Cintiq's tip grazes the glass for 27 ms, then presses for 166 ms.
        #expect(presses.count == 2)
        #expect(presses[1].location == anchor)
        #expect(presses[0].location.distance(to: anchor) > 30)
    }

    @Test("Strokes keep their physical size: tablet millimetres become 72/25.4 points")
    func physicalScale() throws {
        let recording = try intuos("drag")
        let samples = recording.penSamples().filter(\.isInContact)
        let first = try #require(samples.first), last = try #require(samples.last)

        let events = EvemuReplay(recording: recording).events(anchor: .zero, canvasSize: canvas)
        let contact = events.filter { $0.phase == .began || $0.phase == .moved }
        let moved = try #require(contact.last).location - (try #require(contact.first)).location

        // The Intuos4 has 200 units per millimetre on both axes.
        let millimetres = Point(Double(last.x - first.x) / 200, Double(last.y - first.y) / 200)
        #expect(abs(moved.x - millimetres.x * 72 / 25.4) < 1e-9)
        #expect(abs(moved.y - millimetres.y * 72 / 25.4) < 1e-9)
    }

    @Test("Pressure is normalized by the recording's own A: 18 range")
    func pressureNormalized() throws {
        let recording = try cintiq()
        let rawPeak = recording.penSamples().map(\.rawPressure).max() ?? 0

        let events = EvemuReplay(recording: recording).events(anchor: .zero, canvasSize: canvas)
        let peak = events.compactMap(\.pressure).max() ?? 0

        #expect(rawPeak == 1267)
        #expect(abs(peak - 1267.0 / 2047) < 1e-12)
    }

    @Test("Timing follows the recording: the press lasts as long as the pen touched")
    func timingFollows() throws {
        let events = EvemuReplay(recording: try intuos("tap")).events(anchor: .zero, canvasSize: canvas, startTime: 2)

        let began = try #require(events.first { $0.phase == .began })
        let ended = try #require(events.first { $0.phase == .ended })

        #expect(abs(began.timestamp - 2.140) < 0.01)
        #expect(abs((ended.timestamp - began.timestamp) - 0.268) < 0.01)
    }

    @Test("Replaying each fixture on the Delete button drives the ring to selected (P2, P4, P7)",
          arguments: ["cintiq", "drag", "tap"])
    func fixturesDriveTheRing(name: String) throws {
        let recording = name == "cintiq" ? try cintiq() : try intuos(name)
        let events = EventRecorder()
        let scene = PressureScene(context: SceneContext(canvasSize: canvas, events: events))
        let anchor = try #require(scene.primaryControl)
        let script = InputScript(replaying: EvemuReplay(recording: recording).events(anchor: anchor, canvasSize: canvas),
                                 scene: scene.name)
        let session = SceneSession(scene: scene, script: script)
        var states: Set<ConfirmState> = []

        for frame in 0...Int((script.duration + 0.5) * 60) {
            session.advance(to: Double(frame) / 60)
            states.insert(scene.state)
        }

        #expect(states.contains(.selected))
        #expect(events.events.first { $0.name == "ring.began" }?.fields["source"] == .string("evemu"))
        #expect(events.names.contains("ring.selected"))
        #expect(scene.state == .idle, "the pen lifted at the end")
    }
}
