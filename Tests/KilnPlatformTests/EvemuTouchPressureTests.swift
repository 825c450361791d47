import Foundation
import KilnCore
import KilnPlatform
import KilnTestSupport
import Testing

/// A touchscreen that measures how hard each finger presses (`ABS_MT_PRESSURE`).
@Suite("Evemu touchscreen replay with pressure")
struct EvemuTouchPressureTests {
    let canvas = DevicePreset.iPhone14.size

    func firmPress() throws -> EvemuRecording {
        try EvemuRecording(contentsOf: ProjectFiles.tablets.appendingPathComponent("Kiln-Touchscreen-B.firm-press.events"))
    }

    @Test("Each sample's pressure is normalized by the screen's own range; pressing harder in place is a move")
    func pressureFollowsTheFinger() throws {
        let events = EvemuReplay(recording: try firmPress()).events(anchor: .zero, canvasSize: canvas, startTime: 0)

        // 200 × 400 mm fitted into 390 × 844 points: x = 0.0975 x, y = 32 + 0.0975 y.
        let landing = Point(195, 32 + 6060 * 0.0975), lifting = Point(195, 32 + 5340 * 0.0975)
        #expect(events.allSatisfy { $0.id == 10 && $0.device == .touch && $0.pressureSource == "evemu" })
        #expect(events.map(\.phase) == [.began] + Array(repeating: .moved, count: 24) + [.ended])
        let pressures = events.compactMap(\.pressure)
        #expect(pressures.count == events.count)
        // 30 to 240 in steps of 15 in place, then 228 down to 120 while sliding up.
        let expected = Array(stride(from: 30.0, through: 240, by: 15)) + Array(stride(from: 228.0, through: 120, by: -12))
        #expect(zip(pressures, expected + [120]).allSatisfy { abs($0 - $1 / 255) < 1e-12 })
        #expect(events.prefix(15).allSatisfy { $0.location.distance(to: landing) < 1e-9 })
        #expect(events.last?.location.distance(to: lifting) ?? 1 < 1e-9 && abs(events.last!.timestamp - 0.72) < 1e-9)
    }

    @Test("A screen without the axis gives no pressure, and a cut press is cancelled without it")
    func noAxisAndCut() throws {
        let pinch = try EvemuRecording(contentsOf: ProjectFiles.tablets.appendingPathComponent("Kiln-Touchscreen-B.pinch.events"))
        let unmeasured = EvemuReplay(recording: pinch).events(anchor: .zero, canvasSize: canvas)
        let cut = EvemuReplay(recording: try firmPress(), cutAt: 0.1).events(anchor: .zero, canvasSize: canvas)

        #expect(unmeasured.allSatisfy { $0.pressure == nil && $0.pressureSource == nil })
        #expect(cut.last?.phase == .cancelled && cut.last?.pressure == nil)
        #expect(cut.dropLast().allSatisfy { $0.pressure != nil } && cut.count == 7)
    }

    @Test("Protocol A: each packet's pressure is its own contact's; a packet without one has none")
    func protocolAPressure() throws {
        let text = """
            N: Kiln Protocol A With Pressure
            I: 0018 0000 0000 0000
            P: 02 00 00 00 00 00 00 00
            A: 35 0 1000 0 0 0
            A: 36 0 1000 0 0 0
            A: 3a 10 110 0 0 0
            E: 0.000000 0003 0035 100
            E: 0.000000 0003 0036 100
            E: 0.000000 0003 003a 60
            E: 0.000000 0000 0002 0
            E: 0.000000 0003 0035 900
            E: 0.000000 0003 0036 900
            E: 0.000000 0000 0002 0
            E: 0.000000 0000 0000 0
            E: 0.010000 0003 0035 900
            E: 0.010000 0003 0036 900
            E: 0.010000 0003 003a 200
            E: 0.010000 0000 0002 0
            E: 0.010000 0003 0035 100
            E: 0.010000 0003 0036 100
            E: 0.010000 0003 003a 10
            E: 0.010000 0000 0002 0
            E: 0.010000 0000 0000 0
            E: 0.020000 0000 0000 0
            """
        let recording = try EvemuRecording(parsing: text, fileName: "a.events")
        let events = EvemuReplay(recording: recording).events(anchor: .zero, canvasSize: Size(1000, 1000))

        let first = events.filter { $0.id == 10 }, second = events.filter { $0.id == 11 }
        #expect(recording.isTouchscreen)
        // 10…110 is the range: 60 is a half; 200 is past the top, 10 the bottom.
        #expect(first.map(\.pressure) == [0.5, 0, 0] && first.map(\.phase) == [.began, .moved, .ended])
        #expect(second.map(\.pressure) == [nil, 1, 1] && second.map(\.phase) == [.began, .moved, .ended])
    }

    @Test("Replayed on the pressure scene's Delete button, the press fills the ring by pressure and confirms inside it (P2, P4, P5, P7)")
    func firmPressConfirms() throws {
        let (scene, events, states) = try replayOnTheRing(try firmPress())

        let began = try #require(events.events.first { $0.name == "ring.began" })
        #expect(began.fields["source"] == .string("evemu"))
        #expect(states.contains(.selected) && states.contains(.confirmed))
        #expect(events.names.contains("action.confirmed") && scene.state == .idle)
        // Full by pressure once it passes 0.45 of the range (115 of 255, the seventh sample),
        // not after the 2 s the timer would take.
        let full = try #require(events.events.first { $0.name == "ring.selected" })
        #expect(abs(full.time - began.time - 0.12) < 0.02)
    }
}
