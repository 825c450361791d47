import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import PressureDemo
import Testing

@Suite("Pressure confirm ring")
struct PressureSceneTests {
    @Test("P1: a press on Delete shows the empty ring centred its height above the press")
    func ringAppears() throws {
        let h = SceneHarness<PressureScene>()
        #expect(try h.ring.opacity == 0)

        try h.pressButton()
        let emptyAtFirst = try h.stroke.strokeEnd == 0 && h.label.string.isEmpty
        h.wait(0.5)

        #expect(emptyAtFirst)
        #expect(try h.ring.opacity == 1)
        #expect(try abs(h.ring.position.x - h.ringCentre.x) < 1e-9 && abs(h.ring.position.y - h.ringCentre.y) < 1e-9)
        #expect(try h.ring.bounds.size == Size(70, 70))
        #expect(try h.label.string == "")
        #expect(try abs(h.stroke.strokeEnd - 0.25) < 1e-9, "0.5 s of the timed fallback")
        #expect(h.scene.state == .updating)
    }

    @Test("P1: a press elsewhere shows no ring")
    func pressElsewhere() throws {
        let h = SceneHarness<PressureScene>()

        h.pointer = Point(195, 760)
        h.send(.began)
        h.wait(2.5)

        #expect(h.scene.state == .idle)
        #expect(try h.ring.opacity == 0)
        #expect(h.events.names.isEmpty)
    }

    @Test("P3: with a pen, the ring's strokeEnd follows the pressure over fullPress")
    func ringFollowsPressure() throws {
        let h = SceneHarness<PressureScene>()
        try h.penDown(pressure: 0.09)
        h.wait(0.05)
        let light = try h.stroke.strokeEnd

        h.pressure = 0.225
        h.send(.moved)
        h.wait(0.05)

        #expect(abs(light - 0.2) < 1e-9)
        #expect(try abs(h.stroke.strokeEnd - 0.5) < 1e-9)
        #expect(h.scene.pressSource == "xinput2")
    }

    @Test("P2: a mouse fills the ring by time: not full at 1.9 s, full at 2.0 s")
    func timedFallback() throws {
        let h = SceneHarness<PressureScene>()
        try h.pressButton()

        h.wait(1.9)
        let at1_9 = try (h.scene.state, h.stroke.strokeEnd)
        h.wait(0.1)

        #expect(at1_9.0 == .updating)
        #expect(abs(at1_9.1 - 0.95) < 1e-9)
        #expect(h.scene.state == .selected)
        #expect(try h.stroke.strokeEnd == 1)
        #expect(h.names("ring.selected").count == 1)
        #expect(h.names("ring.began").first?.fields["source"] == .string("timed"))
    }

    @Test("P4, P6: selected turns the ring red at 1.1 with CONFIRM, animated over 0.15 s")
    func selectedLooks() throws {
        let h = SceneHarness<PressureScene>()
        let tuning = PressureTuning()
        try h.penDown(pressure: 0.5)
        h.wait(1.0 / 120)

        let midway = try h.stroke.animation(forKey: "strokeColor") != nil
        h.wait(0.2)

        #expect(midway, "the colour change is animated")
        #expect(try h.stroke.strokeColor == tuning.selectedColor)
        #expect(try h.stroke.shadowColor == tuning.selectedColor)
        #expect(try abs(h.layer("ringCircle").uniformScale - 1.1) < 1e-9)
        #expect(try h.label.string == "CONFIRM")
    }

    @Test("P4: full with the pointer inside the ring is confirmed: green, 1.3, OK")
    func confirmedLooks() throws {
        let h = SceneHarness<PressureScene>()
        try h.penDown(pressure: 0.5)
        h.wait(0.1)

        try h.move(to: h.ringCentre)
        h.wait(0.2)

        #expect(h.scene.state == .confirmed)
        #expect(try h.stroke.strokeColor == PressureTuning().confirmedColor)
        #expect(try abs(h.layer("ringCircle").uniformScale - 1.3) < 1e-9)
        #expect(try h.label.string == "OK")
    }

    @Test("P6: staying in a state starts no new transition")
    func noTransitionWithoutChange() throws {
        let h = SceneHarness<PressureScene>()
        try h.penDown(pressure: 0.5)
        h.wait(0.3)

        for step in 0..<30 {
            h.pressure = 0.5 + Double(step) / 100
            h.pointer = h.pointer + Point(0.5, 0)
            h.send(.moved)
            h.wait(1.0 / 120)
            #expect(try h.stroke.animation(forKey: "strokeColor") == nil)
            #expect(try h.layer("ringCircle").animation(forKey: "transform") == nil)
        }

        #expect(h.names("ring.selected").count == 1)
    }

    @Test("P5, P9: releasing in confirmed fires the action, deletes the photo and offers Undo")
    func confirmDeletes() throws {
        let h = SceneHarness<PressureScene>()
        let first = h.scene.store.photos[0]

        try h.confirmWithMouse()

        #expect(h.events.names == ["ring.began", "ring.selected", "ring.confirmed", "action.confirmed", "photo.deleted"])
        #expect(!h.scene.store.photos.contains(first))
        #expect(h.scene.state == .idle)
        h.wait(0.5)
        #expect(try h.stroke.strokeEnd == 0)
        #expect(try h.layer("toast").opacity == 1)
        #expect(h.scene.root.layer(named: "photo.\(first.id)") == nil)
        #expect(h.audio.playedSounds.contains(.chime))
    }

    @Test("P5, P9: releasing outside the ring cancels, even when full")
    func releaseOutsideCancels() throws {
        let h = SceneHarness<PressureScene>()
        let count = h.scene.store.photos.count

        try h.pressButton()
        h.wait(2.2)
        h.up()
        h.wait(0.3)

        #expect(h.events.names == ["ring.began", "ring.selected", "ring.cancelled"])
        #expect(h.scene.store.photos.count == count)
        #expect(h.scene.state == .idle)
        #expect(try h.stroke.strokeEnd == 0)
        #expect(try h.ring.opacity == 0)
        #expect(try h.label.string == "", "the ring takes its idle looks once gone")
    }

    @Test("P4: with the latch on, a pen can ease off while moving into the ring and still confirm")
    func latchLetsPenEaseOff() throws {
        let h = SceneHarness<PressureScene>()
        try h.penDown(pressure: 0.5)
        h.wait(0.1)

        h.pressure = 0.1
        try h.move(to: h.ringCentre)
        h.up()

        #expect(h.names("action.confirmed").count == 1)
    }

    @Test("P4: with the latch off, easing off before release cancels")
    func latchOffCancels() throws {
        var tuning = PressureTuning()
        tuning.latchesWhenFull = false
        let h = SceneHarness<PressureScene>(tuning: tuning)
        try h.penDown(pressure: 0.5)
        h.wait(0.1)

        h.pressure = 0.1
        try h.move(to: h.ringCentre)
        h.up()

        #expect(h.names("action.confirmed").isEmpty)
        #expect(h.names("ring.cancelled").count == 1)
    }

    @Test("X7: Ctrl+Z brings the deleted photo back in its place")
    func undoWithKey() throws {
        let h = SceneHarness<PressureScene>()
        let before = h.scene.store.photos
        try h.confirmWithMouse()
        h.wait(0.5)

        let used = h.scene.handle(KeyPress("z", modifiers: .ctrl))
        h.wait(0.5)

        #expect(used)
        #expect(h.scene.store.photos == before)
        #expect(h.names("photo.restored").first?.fields["id"] == .string(before[0].id))
        #expect(try h.layer("toast").opacity == 0)
        let row = try h.layer("photo.\(before[0].id)")
        #expect(row.opacity == 1 && abs(row.position.y - 36) < 1e-9)
    }

    @Test("P5: the toast's Undo restores the photo")
    func undoWithToast() throws {
        let h = SceneHarness<PressureScene>()
        try h.confirmWithMouse()
        h.wait(0.5)
        let toast = try h.layer("toast")

        h.device = .mouse
        h.pressure = nil
        h.pointer = Point(toast.frame.maxX - 40, toast.frame.midY)
        h.send(.began)
        h.wait(0.05)
        h.up()

        #expect(h.scene.store.photos.count == PhotoStore.samples.count)
        #expect(h.names("photo.restored").count == 1)
    }

    @Test("Selected and confirmed are felt and heard")
    func feedback() throws {
        let h = SceneHarness<PressureScene>()

        try h.penDown(pressure: 0.5)
        h.wait(0.1)
        let afterSelected = h.haptics.impacts.count
        try h.move(to: h.ringCentre)
        h.up()

        #expect(afterSelected == 1)
        #expect(h.haptics.impacts.count == 3)
        // The press's tick, selected's tick, confirmed's chirp; then the action's chime and the row's whoosh.
        #expect(h.audio.playedSounds == [.tick, .tick, .confirm, .chime, .whoosh])
    }

    @Test("P8: a hovering pen shows the dot where it is; contact and silence hide it; a mouse shows none")
    func hoverDot() throws {
        let h = SceneHarness<PressureScene>()
        let dot = try h.layer("hoverDot")

        h.device = .mouse
        h.pointer = Point(100, 700)
        h.send(.hover)
        h.wait(0.05)
        let mouseShows = dot.opacity > 0
        h.device = .pen
        h.send(.hover)
        h.wait(0.05)
        let penShows = dot.opacity == 1 && dot.position == Point(100, 700)
        h.wait(1)

        #expect(!mouseShows)
        #expect(penShows)
        #expect(dot.opacity == 0)
    }

    /// Found by `ScenePropertyTests`: a press with a NaN pressure made the intention NaN, and
    /// the ring's strokeEnd stayed NaN even after the release.
    @Test("P2, P3: a pen reporting a NaN pressure draws no NaN ring, during the press or after it")
    func nanPressure() throws {
        let h = SceneHarness<PressureScene>()

        try h.penDown(pressure: .nan)
        h.wait(0.05)
        let during = try h.stroke.strokeEnd
        h.pressure = 0.225
        h.send(.moved)
        h.pressure = .nan
        h.send(.moved)
        h.wait(0.05)
        let held = try h.stroke.strokeEnd
        h.up()
        h.wait(0.5)

        #expect(during == 0)
        #expect(abs(held - 0.5) < 1e-9)
        #expect(try h.stroke.strokeEnd == 0)
        #expect(h.scene.state == .idle)
    }

    /// Found by `ScenePropertyTests`: an eraser hovering at (∞, ∞) put the dot there.
    @Test("P8: a pen hovering at a place that is not finite moves no dot there")
    func hoverDotAtNonFinitePlace() throws {
        let h = SceneHarness<PressureScene>()
        let dot = try h.layer("hoverDot")
        h.device = .pen
        h.pointer = Point(100, 700)
        h.send(.hover)

        h.device = .eraser
        h.pointer = Point(.infinity, .nan)
        h.send(.hover)
        h.wait(0.05)

        #expect(dot.position == Point(100, 700))
        #expect(dot.opacity == 1)
    }

    @Test("P1: with every photo deleted the button does nothing")
    func emptyList() throws {
        let h = SceneHarness<PressureScene>()
        for _ in PhotoStore.samples { try h.confirmWithMouse(); h.wait(0.4) }
        let before = h.events.events.count

        try h.pressButton()
        h.wait(2.2)
        h.up()

        #expect(h.scene.store.photos.isEmpty)
        #expect(h.events.events.count == before)
    }

    @Test("P7: the HUD names the source and shows raw and normalized pressure")
    func hud() throws {
        let h = SceneHarness<PressureScene>()

        try h.penDown(pressure: 0.3, source: "evemu")
        h.wait(0.1)
        let text = try h.layer("hud").sublayers.compactMap { ($0 as? TextLayer)?.string }.joined(separator: " ")

        #expect(text.contains("evemu"))
        #expect(text.contains("0.300"))
        #expect(text.contains("0.67"))
    }

    /// Found by `ScenePropertyTests`: the ring's fade-out and its still-running fade-in both
    /// animated its opacity, each took the other's frames for a new model value, and the
    /// ring stayed on screen, empty, at an opacity near 1.
    @Test("P5: a tap on Delete quicker than the ring's appearing leaves no ring showing", arguments: [0, 0.05])
    func quickTap(held: Double) throws {
        let h = SceneHarness<PressureScene>()

        try h.pressButton()
        h.wait(held)
        h.up()
        h.wait(1)

        #expect(h.scene.state == .idle)
        #expect(try h.ring.opacity == 0)
        #expect(try !h.ring.hasAnimations)
    }
}
