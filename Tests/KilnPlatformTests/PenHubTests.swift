import KilnCore
import KilnPlatform
import KilnRuntime
import Testing

/// A pen reading with the fields these tests vary.
private func pen(_ key: String = "xinput2:12", source: String = "xinput2", tool: PointerDevice = .pen,
                 near: Bool = true, contact: Bool, pressure: Double) -> PenSourceUpdate {
    .reading(PenReading(key: key, source: source, deviceName: "Test tablet Pen", tool: tool,
                        isInProximity: near, isInContact: contact, pressure: pressure, rawPressure: pressure * 1000))
}

/// A mouse event as the input translator makes it from SDL.
private func mouse(_ phase: PointerPhase, x: Double = 100, y: Double = 200, at time: Double) -> PointerEvent {
    PointerEvent(id: 0, phase: phase, location: Point(x: x, y: y), timestamp: time, device: .mouse,
                 buttons: phase == .began || phase == .moved ? 1 : 0)
}

@Suite("Pen hub: pens merged into pointer events (P7, P8)")
struct PenHubTests {
    @Test("A press with the pen in contact carries its pressure, the pen tool and the source name (P7)")
    func penContact() {
        var hub = PenHub()
        hub.apply(pen(contact: true, pressure: 0.3), at: 0)

        let began = hub.merge(mouse(.began, at: 1.0))
        hub.apply(pen(contact: true, pressure: 0.6), at: 0)
        let moved = hub.merge(mouse(.moved, x: 110, at: 1.1))

        #expect(began?.device == .pen && began?.pressure == 0.3 && began?.pressureSource == "xinput2")
        #expect(moved?.device == .pen && moved?.pressure == 0.6 && moved?.location == Point(x: 110, y: 200))
    }

    @Test("Pressing harder without moving comes as a moved event at the last location")
    func pressureInPlace() {
        var hub = PenHub()
        hub.apply(pen(contact: true, pressure: 0.2), at: 0)
        _ = hub.merge(mouse(.began, x: 50, y: 60, at: 2.0))

        hub.apply(pen(contact: true, pressure: 0.9), at: 0)
        let caught = hub.catchUp(at: 2.05)
        let again = hub.catchUp(at: 2.1)

        #expect(caught.count == 1)
        #expect(caught.first?.phase == .moved)
        #expect(caught.first?.location == Point(x: 50, y: 60))
        #expect(caught.first?.pressure == 0.9)
        #expect(caught.first?.timestamp == 2.05)
        #expect(again.isEmpty, "nothing changed since the last event")
    }

    @Test("A tablet unplugged mid-press: the press goes on without pressure, so the scene falls back to time")
    func lossMidPress() {
        var hub = PenHub()
        hub.apply(pen(contact: true, pressure: 0.5), at: 0)
        _ = hub.merge(mouse(.began, at: 1.0))

        hub.apply(.disappeared(key: "xinput2:12", name: "Test tablet Pen", description: "Test tablet Pen"), at: 1.02)
        let caught = hub.catchUp(at: 1.05)
        let moved = hub.merge(mouse(.moved, x: 120, at: 1.1))
        let ended = hub.merge(mouse(.ended, x: 120, at: 1.8))

        #expect(caught.map(\.phase) == [.moved])
        #expect(caught.first?.pressure == nil && caught.first?.pressureSource == nil)
        #expect(moved?.phase == .moved && moved?.pressure == nil && moved?.device == .pen)
        #expect(ended?.phase == .ended && ended?.pressure == nil, "a release well after the loss is a lift")
    }

    @Test("A pen lost mid-press is a loss with its name, source and time, marked as pressing")
    func lossEventMidPress() {
        var hub = PenHub()
        hub.apply(pen("evdev:/dev/input/event7", source: "evdev", contact: true, pressure: 0.4), at: 0)
        _ = hub.merge(mouse(.began, at: 1.0))

        let loss = hub.apply(.disappeared(key: "evdev:/dev/input/event7", name: "Wacom Intuos Pro M Pen",
                                          description: "gone"), at: 1.7)

        #expect(loss == PenLoss(deviceName: "Wacom Intuos Pro M Pen", source: "evdev", time: 1.7, wasPressing: true))
    }

    @Test("A pen lost while hovering, or while a mouse press goes on, is a loss that was not pressing")
    func lossNotPressing() {
        var hub = PenHub()
        hub.apply(pen(contact: false, pressure: 0), at: 0)
        let hovering = hub.apply(.disappeared(key: "xinput2:12", name: "Test tablet Pen", description: ""), at: 2)
        _ = hub.merge(mouse(.began, at: 3))
        hub.apply(pen("xinput2:13", near: true, contact: false, pressure: 0), at: 0)
        let duringMousePress = hub.apply(.disappeared(key: "xinput2:13", name: "Other Pen", description: ""), at: 3.5)

        #expect(hovering?.wasPressing == false && hovering?.time == 2)
        #expect(duringMousePress?.wasPressing == false, "the mouse began that press, not the pen")
    }

    @Test("A device the hub never had a reading of goes without a loss")
    func unknownDeviceNoLoss() {
        var hub = PenHub()

        let loss = hub.apply(.disappeared(key: "xinput2:40", name: "Idle Pen", description: ""), at: 1)

        #expect(loss == nil)
    }

    @Test("The X server's release right after the loss is held back: the press goes on, follows the mouse, ends at the next click")
    func heldThroughServerRelease() {
        var hub = PenHub()
        hub.apply(pen(contact: true, pressure: 0.5), at: 0)
        _ = hub.merge(mouse(.began, at: 1.0))
        hub.apply(.disappeared(key: "xinput2:12", name: "Test tablet Pen", description: ""), at: 1.3)

        let serverRelease = hub.merge(mouse(.ended, at: 1.32))
        let mouseMove = hub.merge(mouse(.hover, x: 140, at: 2.0))
        let click = hub.merge(mouse(.began, x: 140, at: 2.5))
        let drag = hub.merge(mouse(.moved, x: 150, at: 2.6))
        let release = hub.merge(mouse(.ended, x: 150, at: 2.7))
        let nextPress = hub.merge(mouse(.began, x: 150, at: 3.0))

        #expect(serverRelease == nil, "held back")
        #expect(mouseMove?.phase == .moved && mouseMove?.buttons == 1 && mouseMove?.location.x == 140)
        #expect(mouseMove?.device == .pen && mouseMove?.pressure == nil, "still the pen's press, timed")
        #expect(click == nil, "the click's press is swallowed")
        #expect(drag?.phase == .moved && drag?.location.x == 150)
        #expect(release?.phase == .ended && release?.pressure == nil)
        #expect(nextPress?.phase == .began && nextPress?.device == .mouse)
    }

    @Test("A held press that nothing ends is cancelled 5 s after the loss, at its last place, and never sooner")
    func heldPressCancelled() {
        var hub = PenHub()
        hub.apply(pen(contact: true, pressure: 0.5), at: 0)
        _ = hub.merge(mouse(.began, x: 60, at: 1.0))
        hub.apply(.disappeared(key: "xinput2:12", name: "Test tablet Pen", description: ""), at: 1.3)
        _ = hub.catchUp(at: 1.31)
        _ = hub.merge(mouse(.ended, x: 60, at: 1.35))

        let early = hub.catchUp(at: 6.29)
        let due = hub.catchUp(at: 6.3)
        let after = hub.catchUp(at: 7)

        #expect(early.isEmpty)
        #expect(due.map(\.phase) == [.cancelled] && due.first?.location.x == 60 && due.first?.timestamp == 6.3)
        #expect(after.isEmpty)
    }

    @Test("A mouse held down through the loss is the user's: its release ends the press even within the grace")
    func realMouseHoldNotCancelled() {
        var hub = PenHub()
        hub.apply(pen(contact: true, pressure: 0.5), at: 0)
        _ = hub.merge(mouse(.began, at: 1.0))
        hub.apply(.disappeared(key: "xinput2:12", name: "Test tablet Pen", description: ""), at: 1.3)

        let stillDown = hub.catchUp(at: 9)
        let lift = hub.merge(mouse(.ended, at: 9.5))

        #expect(stillDown.allSatisfy { $0.phase != .cancelled }, "only a held press is cancelled")
        #expect(lift?.phase == .ended)
    }

    @Test("After a press that lost its pen, the next press is a plain mouse press")
    func mouseAfterLoss() {
        var hub = PenHub()
        hub.apply(pen(contact: true, pressure: 0.5), at: 0)
        _ = hub.merge(mouse(.began, at: 1.0))
        hub.apply(.disappeared(key: "xinput2:12", name: "Test tablet Pen", description: "Test tablet Pen"), at: 1.1)
        _ = hub.merge(mouse(.ended, at: 1.8))

        let next = hub.merge(mouse(.began, at: 2.0))

        #expect(next?.device == .mouse && next?.pressure == nil && next?.pressureSource == nil)
    }

    @Test("A pen hovering in proximity turns mouse hover into pen hover; leaving says so (P8)")
    func hover() {
        var hub = PenHub()
        hub.apply(pen(contact: false, pressure: 0), at: 0)

        let hovering = hub.merge(mouse(.hover, x: 30, y: 40, at: 0.5))
        hub.apply(pen(near: false, contact: false, pressure: 0), at: 0)
        let left = hub.catchUp(at: 0.6)

        #expect(hovering?.phase == .hover && hovering?.device == .pen && hovering?.pressureSource == "xinput2")
        #expect(left.count == 1)
        #expect(left.first?.phase == .hover && left.first?.device == .mouse && left.first?.pressure == nil)
        #expect(left.first?.location == Point(x: 30, y: 40))
    }

    @Test("Without pens, mouse events pass unchanged and nothing is caught up")
    func plainMouse() {
        var hub = PenHub()
        let event = mouse(.began, at: 0.1)

        let merged = hub.merge(event)
        let caught = hub.catchUp(at: 0.2)

        #expect(merged == event)
        #expect(caught.isEmpty)
    }

    @Test("Touch events keep their own pressure even while a pen is near")
    func touchUntouched() {
        var hub = PenHub()
        hub.apply(pen(contact: true, pressure: 0.8), at: 0)
        let touch = PointerEvent(id: 1001, phase: .began, location: Point(x: 1, y: 2), timestamp: 0,
                                 device: .touch, pressure: 0.4, pressureSource: "touch")

        let merged = hub.merge(touch)

        #expect(merged == touch)
    }

    @Test("Of two pens near, the one in contact drives the pointer; an eraser is reported as one")
    func contactWins() {
        var hub = PenHub()
        hub.apply(pen("evdev:/dev/input/event5", source: "evdev", contact: false, pressure: 0), at: 0)
        hub.apply(pen("xinput2:13", tool: .eraser, contact: true, pressure: 0.7), at: 0)

        let merged = hub.merge(mouse(.began, at: 0))

        #expect(merged?.device == .eraser && merged?.pressureSource == "xinput2" && merged?.pressure == 0.7)
        #expect(hub.activePen?.key == "xinput2:13")
    }

    @Test("Two sources reading the same tablet: the one that came near last keeps the stroke")
    func stableSource() {
        var hub = PenHub()
        hub.apply(pen("xinput2:12", source: "xinput2", contact: true, pressure: 0.4), at: 0)
        hub.apply(pen("evdev:/dev/input/event5", source: "evdev", contact: true, pressure: 0.41), at: 0)

        hub.apply(pen("xinput2:12", source: "xinput2", contact: true, pressure: 0.5), at: 0)
        let merged = hub.merge(mouse(.began, at: 0))

        #expect(merged?.pressureSource == "evdev")
        #expect(merged?.pressure == 0.41)
    }
}
