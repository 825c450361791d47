import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime
import KilnTestSupport
import LaserDemo
import MailboxDemo
import PressureDemo
import Testing

/// The HUD drawn over scenes: golden frames with fixed measurements.
@Suite("HUD rendering")
struct HUDRenderTests {
    let canvas = DevicePreset.iPhone14.size

    /// Two seconds of made-up frames at 60 fps, two of them slow, and a pen press whose
    /// pressure rises and falls: the same picture on every machine.
    func feedFixedMeasurements(to hud: HUD, endingAt end: Double) {
        for i in 0..<120 {
            let time = end - Double(120 - i) / 60
            let update = 0.8 + Double(i % 5) * 0.3
            let render = i == 40 ? 27 : (i == 95 ? 19 : 4 + Double(i % 7) * 0.6)
            hud.record(FrameSample(time: time, update: update, render: render,
                                   present: max(0, 16.7 - update - render)))
        }
        for i in 0..<80 {
            let pressure = sin(Double(i) / 79 * .pi) * 0.9
            hud.record(PointerEvent(phase: i == 0 ? .began : .moved, location: Point(200, 300),
                                    timestamp: end - 1 + Double(i) / 120, device: .pen,
                                    pressure: pressure, pressureSource: "xinput2"))
        }
    }

    /// Steps a scene at 60 fps to `time` and draws it at 1× with the HUD over it.
    func render(_ scene: Scene, at time: Double, bounds: Bool = false) throws -> Bitmap {
        for i in 0...Int(time * 60) { scene.advance(to: Double(i) / 60) }
        let hud = HUD(canvasSize: canvas, isVisible: true)
        hud.showsBounds = bounds
        feedFixedMeasurements(to: hud, endingAt: time)
        hud.update(now: time, scene: scene.root, guides: scene.guides)
        let host = try OffscreenHost(canvas: canvas, scale: 1)
        return host.render(root: scene.root, background: scene.backgroundColor, overlay: hud.root)
    }

    @Test("X3: the Mailbox with the HUD: frame graph, pressure graph and the 60 / 260 pt guides")
    func mailbox() throws {
        let scene = MailboxScene(context: SceneContext(canvasSize: canvas))

        try Snapshot.assertMatches(try render(scene, at: 0.5), named: "mailbox-hud@1x")
    }

    @Test("X3: the laser with the HUD, its 60 % line and every layer's bounds (F2)")
    func laserBounds() throws {
        let scene = LaserScene(context: SceneContext(canvasSize: canvas))

        try Snapshot.assertMatches(try render(scene, at: 0.6, bounds: true), named: "laser-hud-bounds@1x")
    }

    @Test("the pressure ring after its pen was lost: the HUD names the device, the hint says the press goes on")
    func pressurePenLost() throws {
        let scene = PressureScene(context: SceneContext(canvasSize: canvas))
        let button = try #require(scene.primaryControl)
        let script = InputScript(replaying: [
            PointerEvent(id: 1, phase: .began, location: button, timestamp: 0.2, device: .pen, pressure: 0.1, pressureSource: "evdev"),
            PointerEvent(id: 1, phase: .moved, location: button, timestamp: 0.4, device: .pen, pressure: 0.2, pressureSource: "evdev"),
            PointerEvent(id: 1, phase: .moved, location: button, timestamp: 0.6, device: .pen),
        ])
        let session = SceneSession(scene: scene, script: script)
        for i in 0...60 { session.advance(to: Double(i) / 60) }
        let hud = HUD(canvasSize: canvas, isVisible: true)
        feedFixedMeasurements(to: hud, endingAt: 1)
        hud.record(PenLoss(deviceName: "Wacom Intuos Pro M Pen", source: "evdev", time: 0.6, wasPressing: true))
        hud.record(PointerEvent(id: 1, phase: .moved, location: button, timestamp: 1, device: .pen))
        hud.update(now: 1, scene: scene.root, guides: scene.guides)

        let frame = try OffscreenHost(canvas: canvas, scale: 1)
            .render(root: scene.root, background: scene.backgroundColor, overlay: hud.root)

        #expect(scene.state == .updating && scene.pressSource == "timed")
        try Snapshot.assertMatches(frame, named: "pressure-pen-lost-hud@1x")
    }

    @Test("The Motion panel over a card that springs in, grows, turns and fades in, picked with F2")
    func motionPanel() throws {
        let root = Layer()
        root.frame = Rect(origin: .zero, size: canvas)
        let card = Layer()
        card.name = "card"
        card.frame = Rect(95, 300, 200, 120)
        card.backgroundColor = Color(hex: 0x2C2C2E)
        card.cornerRadius = 16
        root.addSublayer(card)
        // The turn and the growth are two views of the card's one transform.
        let spring = Spring(dampingRatio: 0.45, response: 0.5)
        card.add(SpringAnimation(.position, from: Point(195, 160), spring: spring), forKey: "drop")
        card.add(SpringAnimation(.scale, from: 0.6, spring: spring), forKey: "grow")
        card.add(BasicAnimation(.opacity, from: 0, duration: 0.4, timing: .easeIn), forKey: "fade")
        card.add(BasicAnimation(.rotation, from: -0.3, duration: 0.8, timing: .easeOut), forKey: "turn")
        let hud = HUD(canvasSize: canvas, isVisible: true)
        hud.showsBounds = true
        hud.refreshInterval = 0
        feedFixedMeasurements(to: hud, endingAt: 1.2)

        #expect(hud.pick(at: Point(195, 360), root: root))
        for frame in 0...72 {
            let time = Double(frame) / 60
            root.advanceAnimations(to: time)
            hud.update(now: time, scene: root, guides: [], sceneTime: time)
        }
        let frame = try OffscreenHost(canvas: canvas, scale: 1)
            .render(root: root, background: Color(hex: 0x000000), overlay: hud.root)

        #expect(hud.showsMotion && hud.motion.samples.count == 73)
        // The turn ended upright while the growth still springs.
        #expect(card.animationKeys.contains("grow") && !card.animationKeys.contains("turn"))
        #expect(abs(card.rotation) < 1e-12)
        try Snapshot.assertMatches(frame, named: "card-hud-motion@1x")
    }
}
