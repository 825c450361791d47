import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime
import KilnEndToEndSupport
import Testing

@Suite("Scripts rendered offline")
struct ScriptRenderingTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/Scripts")

    /// Renders every `step`-th frame of a script at 30 fps, 1×.
    func renderFrames(_ name: String, step: Int = 6) throws -> [Bitmap] {
        let script = try InputScriptParser.parse(contentsOf: Self.scripts.appendingPathComponent(name))
        let context = SceneContext(canvasSize: DevicePreset.iPhone14.size, seed: script.seed ?? 1)
        let scene = try #require(DemoCatalog.make(script.scene ?? "", context: context))
        let session = SceneSession(scene: scene, script: script)
        let host = try OffscreenHost(canvas: context.canvasSize, scale: 1)
        var frames: [Bitmap] = []
        let count = Int(((script.duration + 1) * 30).rounded())
        for i in 0..<count {
            session.advance(to: Double(i) / 30)
            if i % step == 0 { frames.append(host.render(scene)) }
        }
        return frames
    }

    @Test("The same script renders identical frames twice")
    func deterministic() throws {
        let first = try renderFrames("gallery-drag.json")
        let second = try renderFrames("gallery-drag.json")

        #expect(first.count == second.count)
        #expect(first == second)
    }

    /// Every sixth frame at 30 fps, 1×, of a gallery with `pinch`, `rotate` and `fingers`
    /// steps, the fingers shown as touch circles.
    func renderTouchFrames() throws -> [Bitmap] {
        let script = try InputScriptParser.parse("""
        {"steps": [{"pinch": {"center": [195, 420], "from": 60, "scale": 3, "angle": 30, "duration": 0.6}},
                   {"rotate": {"center": [195, 420], "distance": 150, "to": 120, "duration": 0.5}},
                   {"fingers": [{"from": [100, 700], "to": [120, 300]},
                                {"path": [{"t": 0.1, "at": [280, 700]}, {"t": 0.6, "at": [260, 300], "curve": "easeOut"}]}]}]}
        """)
        let context = SceneContext(canvasSize: DevicePreset.iPhone14.size)
        let scene = try #require(DemoCatalog.make("gallery", context: context))
        let session = SceneSession(scene: scene, script: script, showsTouches: true)
        let host = try OffscreenHost(canvas: context.canvasSize, scale: 1)
        var frames: [Bitmap] = []
        for i in 0..<Int((script.duration * 30).rounded()) {
            session.advance(to: Double(i) / 30)
            if i % 6 == 3 {
                frames.append(host.render(root: scene.root, overlays: session.overlays, background: scene.backgroundColor))
            }
        }
        return frames
    }

    @Test("Scripts with pinch, rotate and fingers render the same frames every time, the fingers moving between them")
    func multiTouchDeterministic() throws {
        let first = try renderTouchFrames()
        let second = try renderTouchFrames()

        #expect(first.count == 8 && first == second)
        #expect(zip(first, first.dropFirst()).allSatisfy { $0 != $1 })
    }

    @Test("The drag script moves the draggable tile away and the spring brings it home")
    func dragAndReturn() throws {
        let script = try InputScriptParser.parse(contentsOf: Self.scripts.appendingPathComponent("gallery-drag.json"))
        let context = SceneContext(canvasSize: DevicePreset.iPhone14.size)
        let scene = try #require(DemoCatalog.make("gallery", context: context))
        let tile = try #require(scene.root.layer(named: "draggable"))
        let home = tile.position
        let session = SceneSession(scene: scene, script: script)
        var farthest = 0.0

        // The first release is at 0.97 s; the second drag starts at 2.17 s.
        for i in 0...Int(2.15 * 120) {
            session.advance(to: Double(i) / 120)
            farthest = max(farthest, tile.position.distance(to: home))
        }

        #expect(farthest > 200)
        #expect(tile.position.distance(to: home) < 1)
    }
}
