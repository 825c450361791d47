import KilnCore
import KilnRuntime
import Testing

/// The visible text layers of a HUD, by their strings.
private func visibleTexts(of hud: HUD) -> [String] {
    hud.root.allLayers.compactMap { $0 as? TextLayer }.filter { !$0.isHidden }.map(\.string)
}

private func pen(_ phase: PointerPhase, at time: Double, pressure: Double?) -> PointerEvent {
    PointerEvent(phase: phase, location: Point(200, 600), timestamp: time, device: .pen, pressure: pressure,
                 pressureSource: pressure == nil ? nil : "evdev")
}

private let loss = PenLoss(deviceName: "Wacom Intuos Pro M Pen", source: "evdev", time: 1.2, wasPressing: true)

@Suite("HUD: a lost pen")
struct HUDPenLossTests {
    @Test("A pen lost mid-press: the notice takes the keys line and the source line turns to timed")
    func noticeWhilePressing() {
        let hud = HUD(canvasSize: Size(390, 844), isVisible: true)
        hud.record(pen(.began, at: 1.0, pressure: 0.3))
        hud.update(now: 1.0, scene: Layer(), guides: [])
        let before = visibleTexts(of: hud)

        hud.record(loss)
        hud.record(pen(.moved, at: 1.2, pressure: nil))
        hud.update(now: 1.3, scene: Layer(), guides: [])
        let after = visibleTexts(of: hud)

        #expect(before.contains("evdev  0.30") && before.contains { $0.hasPrefix("F1 hide") })
        #expect(after.contains("Wacom Intuos Pro M Pen lost — timed fallback"))
        #expect(after.contains("timed  –"), "the source line: \(after)")
        #expect(!after.contains { $0.hasPrefix("F1 hide") }, "the notice takes the keys line")
    }

    @Test("The notice stays while the press goes on, then 3 s after the lift, and the keys come back")
    func noticeLastsUntilAfterTheLift() {
        let hud = HUD(canvasSize: Size(390, 844), isVisible: true)
        hud.record(pen(.began, at: 1.0, pressure: 0.3))
        hud.record(loss)
        hud.record(pen(.moved, at: 1.2, pressure: nil))
        var shown: [Double: Bool] = [:]

        for step in 0...80 {
            let now = 1.3 + Double(step) * 0.1
            if abs(now - 4.0) < 1e-9 { hud.record(pen(.ended, at: now, pressure: nil)) }
            hud.update(now: now, scene: Layer(), guides: [])
            shown[(now * 10).rounded() / 10] = visibleTexts(of: hud).contains { $0.hasSuffix("lost — timed fallback") }
        }

        #expect(shown[3.9] == true && shown[4.0] == true && shown[6.9] == true, "held, then 3 s after the lift")
        #expect(shown[7.0] == false && shown[9.0] == false)
        #expect(visibleTexts(of: hud).contains { $0.hasPrefix("F1 hide") })
    }

    @Test("A pen giving pressure again ends the notice at once")
    func penBack() {
        let hud = HUD(canvasSize: Size(390, 844), isVisible: true)
        hud.record(loss)
        hud.update(now: 2, scene: Layer(), guides: [])

        hud.record(pen(.began, at: 2.5, pressure: 0.4))
        hud.update(now: 2.5, scene: Layer(), guides: [])

        #expect(!visibleTexts(of: hud).contains { $0.contains("lost") })
    }

    @Test("A device without a name is called a pen; a reset clears the notice")
    func unnamedAndReset() {
        let hud = HUD(canvasSize: Size(390, 844), isVisible: true)
        hud.record(PenLoss(deviceName: "", source: "evemu", time: 0, wasPressing: false))
        let unnamed = visibleTexts(of: hud)

        hud.reset()

        #expect(unnamed.contains("pen lost — timed fallback"))
        #expect(!visibleTexts(of: hud).contains { $0.contains("lost") })
    }
}
