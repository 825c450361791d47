import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import Testing

@Suite("Session input log")
struct SessionInputLogTests {
    @Test("The log holds scripted and live input, and replaying it gives the scene the same events")
    func replayMatches() throws {
        let canvas = Size(390, 844)
        let script = InputScript(steps: [.wait(0.1), .tap(at: .canvas(Point(30, 40)))])
        let scene = try #require(DemoCatalog.make("gallery", context: SceneContext(canvasSize: canvas)))
        let session = SceneSession(scene: scene, script: script)
        session.startInputLog(device: "iphone-14", seed: 3)
        for frame in 0...30 { session.advance(to: Double(frame) / 60) }
        session.handle(PointerEvent(phase: .began, location: Point(200, 300), timestamp: 0.6))
        session.handle(PointerEvent(phase: .ended, location: Point(210, 320), timestamp: 0.7, buttons: 0))
        _ = session.handle(KeyPress("z", modifiers: .ctrl), at: 0.8)

        let log = try #require(session.inputLog?.script)
        var player = ScriptPlayer(script: log)
        let replay = player.events(upTo: 2, scene: scene)

        #expect(log.seed == 3 && log.scene == "gallery")
        let points = replay.compactMap { if case .pointer(let e) = $0 { e.location } else { nil } }
        #expect(points == [Point(30, 40), Point(30, 40), Point(200, 300), Point(210, 320)])
        #expect(replay.last == .key(KeyPress("z", modifiers: .ctrl), time: 0.8))
    }
}
