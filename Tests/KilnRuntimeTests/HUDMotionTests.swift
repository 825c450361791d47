import KilnCore
import KilnRuntime
import Testing

@Suite("HUD motion panel and picking")
struct HUDMotionTests {
    /// A canvas with a back card and, overlapping its right half, a front card holding a label.
    func makeScene() -> (root: Layer, back: Layer, front: Layer, label: Layer) {
        let root = Layer()
        root.frame = Rect(0, 0, 390, 844)
        let back = Layer()
        back.frame = Rect(20, 100, 200, 100)
        root.addSublayer(back)
        let front = Layer()
        front.frame = Rect(120, 120, 200, 100)
        root.addSublayer(front)
        let label = Layer()
        label.frame = Rect(10, 10, 60, 20)
        front.addSublayer(label)
        return (root, back, front, label)
    }

    func press(_ phase: PointerPhase, at point: Point, time: Double) -> PointerEvent {
        PointerEvent(phase: phase, location: point, timestamp: time, device: .mouse)
    }

    func boundsHUD() -> HUD {
        let hud = HUD(canvasSize: Size(390, 844))
        _ = hud.handle(KeyPress("f2"))
        return hud
    }

    @Test("A pick takes the frontmost layer under the point, then the layer it sits in; empty space picks none")
    func picking() {
        let (root, back, front, label) = makeScene()
        let hud = boundsHUD()

        #expect(hud.pick(at: Point(150, 150), root: root))
        #expect(hud.pickedLayer === front)
        #expect(hud.pick(at: Point(50, 110), root: root) && hud.pickedLayer === back)
        #expect(hud.pick(at: Point(135, 135), root: root) && hud.pickedLayer === label)
        #expect(hud.pick(at: Point(135, 135), root: root) && hud.pickedLayer === front)
        #expect(!hud.pick(at: Point(350, 600), root: root))
        #expect(hud.pickedLayer == nil)
    }

    @Test("With bounds shown a click picks and never reaches the scene; a drag reaches it whole")
    func routing() {
        let (root, _, front, _) = makeScene()
        let hud = boundsHUD()

        let down = press(.began, at: Point(150, 150), time: 1)
        #expect(hud.route(down, root: root, now: 10).isEmpty)
        #expect(hud.route(press(.moved, at: Point(152, 151), time: 1.05), root: root, now: 10.05).isEmpty)
        #expect(hud.route(press(.ended, at: Point(152, 151), time: 1.1), root: root, now: 10.1).isEmpty)
        #expect(hud.pickedLayer === front)

        #expect(hud.route(press(.began, at: Point(150, 150), time: 2), root: root, now: 11).isEmpty)
        let drag = hud.route(press(.moved, at: Point(180, 150), time: 2.05), root: root, now: 11.05)
        #expect(drag.map(\.phase) == [.began, .moved] && drag[0].timestamp == 2)
        #expect(hud.route(press(.ended, at: Point(180, 150), time: 2.1), root: root, now: 11.1).map(\.phase) == [.ended])
        #expect(hud.pickedLayer === front)
    }

    @Test("A press held still past a click's length goes to the scene; without bounds every event does")
    func heldPressAndBoundsOff() {
        let (root, _, _, _) = makeScene()
        let hud = boundsHUD()

        #expect(hud.route(press(.began, at: Point(150, 150), time: 1), root: root, now: 10).isEmpty)
        #expect(hud.releaseHeldPress(now: 10.2).isEmpty)
        #expect(hud.releaseHeldPress(now: 10.5).map(\.phase) == [.began])
        #expect(hud.route(press(.ended, at: Point(150, 150), time: 1.5), root: root, now: 10.5).map(\.phase) == [.ended])
        #expect(hud.pickedLayer == nil)

        _ = hud.pick(at: Point(150, 150), root: root)
        _ = hud.handle(KeyPress("f2"))
        #expect(hud.pickedLayer == nil)
        #expect(hud.route(press(.began, at: Point(150, 150), time: 2), root: root, now: 11).count == 1)
    }

    @Test("The Motion panel shows only while a layer is picked and samples it once a frame in scene time")
    func panelFollowsPick() {
        let (root, _, front, _) = makeScene()
        let hud = boundsHUD()
        hud.update(now: 0, scene: root, guides: [], sceneTime: 0)
        #expect(!hud.showsMotion)

        _ = hud.pick(at: Point(150, 150), root: root)
        for frame in 0...30 {
            front.position.x += 1
            hud.update(now: 100 + Double(frame) / 60, scene: root, guides: [], sceneTime: Double(frame) / 120)
        }

        #expect(hud.showsMotion)
        #expect(hud.motion.samples.count == 31 && hud.motion.samples.last!.time == 0.25)
        #expect(hud.motion.samples.last!.position.x == 220 + 31)

        front.removeFromSuperlayer()
        hud.update(now: 101, scene: root, guides: [], sceneTime: 0.3)
        #expect(hud.pickedLayer == nil && !hud.showsMotion)
    }
}
