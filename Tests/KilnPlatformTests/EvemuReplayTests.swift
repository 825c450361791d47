import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime
import KilnTestSupport
import PressureDemo
import Testing

/// Real tablet recordings kept with the tests.
let tabletFixtures = ProjectFiles.tablets

private func cintiq() throws -> EvemuRecording {
    try EvemuRecording(contentsOf: tabletFixtures.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events"))
}

private func intuos(_ name: String) throws -> EvemuRecording {
    try EvemuRecording(description: tabletFixtures.appendingPathComponent("Wacom-Intuos4-6x9-Pen.desc"),
                       events: tabletFixtures.appendingPathComponent("Wacom-Intuos4-6x9.stylus-\(name).events"))
}

private let canvas = DevicePreset.iPhone14.size

/// Replays `recording` on a pressure scene's Delete button, frame by frame at 60 fps until
/// half a second after it ends: the scene, its events and every ring state it went through.
func replayOnTheRing(_ recording: EvemuRecording) throws -> (PressureScene, EventRecorder, Set<ConfirmState>) {
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
    return (scene, events, states)
}

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

        let (scene, events, states) = try replayOnTheRing(recording)

        #expect(states.contains(.selected))
        #expect(events.events.first { $0.name == "ring.began" }?.fields["source"] == .string("evemu"))
        #expect(events.names.contains("ring.selected"))
        #expect(scene.state == .idle, "the pen lifted at the end")
    }
}

@Suite("Evemu replay cut off mid-press: the tablet is lost, the press goes on by time")
struct EvemuCutTests {
    @Test("A cut mid-press ends in one moved event without pressure, then a cancel 5 s later; nothing after the cut")
    func cutEvents() throws {
        let recording = try intuos("drag")

        let events = EvemuReplay(recording: recording, cutAt: 0.4).events(anchor: Point(195, 607), canvasSize: canvas)
        let whole = EvemuReplay(recording: recording).events(anchor: Point(195, 607), canvasSize: canvas)
        let lost = try #require(events.dropLast().last), cancel = try #require(events.last)

        #expect(events.first { $0.phase == .began }?.location == Point(195, 607), "the cut keeps the anchor")
        #expect(lost.phase == .moved && lost.pressure == nil && lost.pressureSource == nil && lost.device == .pen)
        #expect(abs(lost.timestamp - 0.9) < 1e-9)
        #expect(lost.location == events.dropLast(2).last?.location, "held where the pen was")
        #expect(cancel.phase == .cancelled && abs(cancel.timestamp - 5.9) < 1e-9 && cancel.location == lost.location)
        #expect(events.dropLast(2).allSatisfy { $0.timestamp <= 0.9 + 1e-9 && $0.pressureSource == "evemu" })
        #expect(!events.contains { $0.phase == .ended } && whole.contains { $0.phase == .ended })
    }

    @Test("The loss names the recording's device and the time; a cut past the end loses nothing")
    func loss() throws {
        let recording = try intuos("drag")

        let midPress = EvemuReplay(recording: recording, cutAt: 0.4).loss()
        let beforeContact = EvemuReplay(recording: recording, cutAt: 0.1).loss()
        let pastTheEnd = EvemuReplay(recording: recording, cutAt: 600).loss()
        let whole = EvemuReplay(recording: recording).loss()

        #expect(midPress == PenLoss(deviceName: "Wacom Intuos4 6x9 Pen", source: "evemu", time: 0.9, wasPressing: true))
        #expect(beforeContact?.wasPressing == false)
        #expect(pastTheEnd == nil && whole == nil)
    }

    @Test("The ring of a press cut off mid-way is not reset, is full when the timed rule says, ends selected, then cancels")
    func ringFallsBackToTime() throws {
        let events = EventRecorder()
        let scene = PressureScene(context: SceneContext(canvasSize: canvas, events: events))
        let anchor = try #require(scene.primaryControl)
        let cut = 0.31, lossTime = EvemuReplay.defaultStartTime + cut
        let replayed = EvemuReplay(recording: try intuos("drag"), cutAt: cut).events(anchor: anchor, canvasSize: canvas)
        let session = SceneSession(scene: scene, script: InputScript(replaying: replayed, scene: scene.name))
        var frames: [(time: Double, intention: Double, state: ConfirmState)] = []

        for frame in 0...(7 * 120) {
            let time = Double(frame) / 120
            session.advance(to: time)
            frames.append((time, scene.intention, scene.state))
        }

        let atLoss = try #require(frames.last { $0.time <= lossTime + 1e-9 })
        let base = atLoss.intention
        // The rule: from the loss, one 0.05 step per 0.1 s, full at the first step above 0.97.
        let steps = (1...20).first { base + Double($0) * 0.05 > 0.97 } ?? 0
        let fullAt = lossTime + Double(steps) * 0.1
        let selected = try #require(events.events.first { $0.name == "ring.selected" })
        let fallback = try #require(events.events.first { $0.name == "ring.fallback" })
        let held = frames.filter { $0.time >= lossTime && $0.time < lossTime + PenLoss.heldPressDuration }
        #expect(base > 0.3 && base < 0.97, "the cut falls mid-press, before full: \(base)")
        #expect(abs(fallback.time - lossTime) < 1e-9 && fallback.fields["lost"] == .string("evemu"))
        #expect(zip(held, held.dropFirst()).allSatisfy { $1.intention >= $0.intention }, "no reset")
        #expect(held.filter { $0.time < fullAt - 1e-6 }.allSatisfy { $0.state == .updating }, "not full before \(fullAt)")
        #expect(abs(selected.time - fullAt) <= 1.0 / 120 + 1e-9, "full at \(selected.time), the rule says \(fullAt)")
        #expect(held.last?.state == .selected)
        #expect(events.names.suffix(2) == ["ring.selected", "ring.cancelled"])
        #expect(!events.names.contains("action.confirmed") && scene.state == .idle)
    }
}
