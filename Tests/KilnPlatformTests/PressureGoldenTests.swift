import KilnCore
import KilnPlatform
import KilnRuntime
import PressureDemo
import Testing

/// Golden frames of the confirm ring, each at the moment of one state, from the shipped scripts.
@Suite("Pressure ring golden images")
struct PressureGoldenTests {
    /// The pressure scene at `time` under a shipped script, stepped at 60 fps, at 1×.
    func render(script name: String, at time: Double) throws -> (Bitmap, PressureScene) {
        let script = try InputScriptParser.parse(contentsOf: ScriptRenderingTests.scripts.appendingPathComponent(name))
        let context = SceneContext(canvasSize: DevicePreset.iPhone14.size, seed: script.seed ?? 1)
        let scene = PressureScene(context: context)
        let session = SceneSession(scene: scene, script: script)
        for frame in 0...Int((time * 60).rounded(.down)) { session.advance(to: Double(frame) / 60) }
        session.advance(to: time)
        let host = try OffscreenHost(canvas: context.canvasSize, scale: 1)
        return (host.render(scene), scene)
    }

    @Test("P3: a pen pressing at about 0.31 fills about two thirds of the ring")
    func updating() throws {
        let (frame, scene) = try render(script: "pressure-pen.json", at: 0.9)

        #expect(scene.state == .updating)
        try Snapshot.assertMatches(frame, named: "pressure-updating")
    }

    @Test("P4: a mouse held past 2 s: the red CONFIRM ring at 1.1")
    func selected() throws {
        let (frame, scene) = try render(script: "pressure-confirm.json", at: 2.75)

        #expect(scene.state == .selected)
        try Snapshot.assertMatches(frame, named: "pressure-selected")
    }

    @Test("P4: moved into the ring: the green OK ring at 1.3")
    func confirmed() throws {
        let (frame, scene) = try render(script: "pressure-confirm.json", at: 3.2)

        #expect(scene.state == .confirmed)
        try Snapshot.assertMatches(frame, named: "pressure-confirmed")
    }
}
