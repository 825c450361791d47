import Foundation
import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import MailboxDemo
import Testing

@Suite("Mailbox swipe")
struct MailboxSceneTests {
    static let width = DevicePreset.iPhone14.size.width

    struct ZoneCase: CustomTestStringConvertible, Sendable {
        var translation: Double
        var zone: MailboxZone
        var icon: String
        var alpha: Double
        /// The icon's centre, from the revealed side's edge.
        var inset: Double
        var testDescription: String { "\(translation) pt" }
    }

    static let zoneCases: [ZoneCase] = [
        ZoneCase(translation: 30, zone: .none, icon: "archive", alpha: 0.5, inset: 30),
        ZoneCase(translation: 59, zone: .none, icon: "archive", alpha: 59.0 / 60, inset: 30),
        ZoneCase(translation: 60, zone: .archive, icon: "archive", alpha: 1, inset: 30),
        ZoneCase(translation: 259, zone: .archive, icon: "archive", alpha: 1, inset: 229),
        ZoneCase(translation: 260, zone: .delete, icon: "delete", alpha: 1, inset: 230),
        ZoneCase(translation: 261, zone: .delete, icon: "delete", alpha: 1, inset: 231),
        ZoneCase(translation: -30, zone: .none, icon: "later", alpha: 0.5, inset: 30),
        ZoneCase(translation: -59, zone: .none, icon: "later", alpha: 59.0 / 60, inset: 30),
        ZoneCase(translation: -60, zone: .later, icon: "later", alpha: 1, inset: 30),
        ZoneCase(translation: -259, zone: .later, icon: "later", alpha: 1, inset: 229),
        ZoneCase(translation: -260, zone: .list, icon: "list", alpha: 1, inset: 230),
        ZoneCase(translation: -261, zone: .list, icon: "list", alpha: 1, inset: 231),
    ]

    @Test("M1–M8: colour, icon, icon alpha and icon position at each threshold", arguments: zoneCases)
    func zones(_ c: ZoneCase) throws {
        let h = SceneHarness<MailboxScene>()
        try h.drag(by: c.translation)
        let state = h.top
        let tuning = MailboxTuning()
        let colors: [MailboxZone: Color] = [.none: tuning.neutralColor, .later: tuning.laterColor,
                                            .list: tuning.listColor, .archive: tuning.archiveColor,
                                            .delete: tuning.deleteColor]

        #expect(abs(state.translation - c.translation) < 1e-9)
        #expect(state.zone == c.zone)
        #expect(state.background == colors[c.zone])
        #expect(state.icon == c.icon)
        #expect(abs(state.iconAlpha - modulate(abs(c.translation), from: (0, 60), to: (0, 1), clamped: true)) < 1e-9)
        #expect(abs(state.iconAlpha - c.alpha) < 1e-9)
        let fromEdge = c.translation > 0 ? state.iconCenter.x : Self.width - state.iconCenter.x
        #expect(abs(fromEdge - c.inset) < 1e-9, "from 60 on the icon keeps its gap to the message's edge")
    }

    @Test("M8: a threshold crossing emits zone.changed once, with a soft tick")
    func zoneChangesTick() throws {
        let h = SceneHarness<MailboxScene>()
        try h.drag(by: 100)
        h.move(by: 200)
        h.move(by: -250)

        #expect(h.names("zone.changed").map { $0.fields["zone"] } == [.string("archive"), .string("delete"),
                                                                      .string("archive"), .string("none")])
        #expect(h.audio.playedSounds.filter { $0 == .tick }.count == 4)
    }

    @Test("M1, M5: released under 60 pt the message springs back to 0", arguments: [59.0, -59.0])
    func releaseUnderThresholdReturns(_ dx: Double) throws {
        let h = SceneHarness<MailboxScene>()
        try h.drag(by: dx)
        h.up()
        h.wait(1.5)

        #expect(h.names("message.returned").count == 1)
        #expect(abs(h.top.translation) < 0.5)
        #expect(h.top.background == MailboxTuning().neutralColor)
        #expect(h.scene.listedMessageCount == MailboxMessage.samples.count)
    }

    @Test("M6, M7: released right the message slides off and hides", arguments: [
        (60.0, "message.archived"), (259.0, "message.archived"), (260.0, "message.deleted"), (330.0, "message.deleted"),
    ])
    func releaseRight(_ dx: Double, event: String) throws {
        let h = SceneHarness<MailboxScene>()
        let secondTop = try h.canvasFrame("message.1").minY
        try h.drag(by: dx)
        h.up()
        h.wait(0.05)
        #expect(h.names(event).isEmpty, "the message hides once it has slid off")
        h.wait(0.9)

        #expect(h.names(event).count == 1)
        #expect(h.names("message.returned").isEmpty)
        #expect(h.scene.listedMessageCount == MailboxMessage.samples.count - 1)
        #expect(try abs(h.canvasFrame("message").minY - (secondTop - 92)) < 0.01, "the rows below moved up")
    }

    @Test("M2–M4: released left the options show, a tap dismisses them, then the message hides", arguments: [
        (60.0, "rescheduleOptions", "message.rescheduled"), (260.0, "listOptions", "message.listed"),
    ])
    func releaseLeftShowsOptions(_ dx: Double, options: String, event: String) throws {
        let h = SceneHarness<MailboxScene>()
        try h.drag(by: -dx)
        h.up()
        h.wait(0.6)
        let overlay = h.scene.root.layer(named: options)!
        #expect(!overlay.isHidden && overlay.opacity == 1)
        #expect(h.top.background == (dx < 260 ? MailboxTuning().laterColor : MailboxTuning().listColor),
                "the message revealed the zone's colour as it left")
        #expect(h.names(event).isEmpty, "the message waits for the choice")
        h.wait(2)
        #expect(h.names(event).isEmpty)

        h.tap(at: Point(195, 400))
        h.wait(0.8)
        #expect(overlay.isHidden)
        #expect(h.names(event).count == 1)
        #expect(h.scene.listedMessageCount == MailboxMessage.samples.count - 1)
    }

    @Test("M4: the row collapses and every row below moves up by its height")
    func collapseMovesRowsUp() throws {
        let h = SceneHarness<MailboxScene>()
        let before = try (1...4).map { try h.canvasFrame("message.\($0)").minY }
        try h.down(on: "message.1")
        h.move(by: 120)
        h.up()
        h.wait(1)

        #expect(h.names("message.archived").first?.fields["index"] == .number(1))
        #expect(try abs(h.canvasFrame("message").minY - 104) < 0.01, "the top row stays")
        let after = try (1...3).map { try h.canvasFrame("message.\($0)").minY }
        #expect(zip(after, before.dropFirst()).allSatisfy { abs($0 - ($1 - 92)) < 0.01 })
    }

    @Test("M10: a cleared message animates back into the inbox 1.5 s later")
    func demoReturn() throws {
        let h = SceneHarness<MailboxScene>()
        try h.drag(by: 120)
        h.up()
        h.wait(0.5)
        let cleared = h.names("message.archived")[0].time
        h.run(until: cleared + 1.49)
        #expect(h.names("message.restored").isEmpty)
        h.run(until: cleared + 1.51)
        #expect(h.names("message.restored").first?.fields["by"] == .string("demo"))
        h.wait(1.5)

        #expect(h.scene.listedMessageCount == MailboxMessage.samples.count)
        #expect(abs(h.top.translation) < 0.5)
        #expect(try abs(h.canvasFrame("message.1").minY - (104 + 92)) < 0.01)
    }

    @Test("M10 off: a cleared message stays gone; Ctrl+Z restores the last one (X7)")
    func undoRestoresTheLastCleared() throws {
        var tuning = MailboxTuning()
        tuning.demoReturn = false
        let h = SceneHarness<MailboxScene>(tuning: tuning)
        let first = h.scene.root.layer(named: "message")
        try h.drag(by: 120)
        h.up()
        h.wait(4)
        #expect(h.scene.listedMessageCount == MailboxMessage.samples.count - 1)

        #expect(h.scene.handle(KeyPress("z", modifiers: .ctrl)))
        h.wait(1.2)
        #expect(h.names("message.restored").first?.fields["by"] == .string("undo"))
        #expect(h.scene.listedMessageCount == MailboxMessage.samples.count)
        #expect(h.scene.root.layer(named: "message") === first)
        #expect(abs(h.top.translation) < 0.5)
    }

    /// Shakes the hovering pointer sideways: `reversals` turns, a leg every `leg` seconds.
    func shake(_ h: SceneHarness<MailboxScene>, reversals: Int, leg: Double) {
        h.send(.hover, at: Point(150, 500))
        var dx = 60.0
        for _ in 0...reversals {
            h.move(by: dx, duration: leg, phase: .hover)
            dx = -dx
        }
    }

    @Test("M9: shaking the pointer restores the last cleared message", arguments: [
        (3, 0.1, true), (4, 0.1, true), (2, 0.1, false), (3, 0.4, false),
    ])
    func shakeToUndo(reversals: Int, leg: Double, restores: Bool) throws {
        var tuning = MailboxTuning()
        tuning.demoReturn = false
        let h = SceneHarness<MailboxScene>(tuning: tuning)
        try h.drag(by: 120)
        h.up()
        h.wait(1)
        shake(h, reversals: reversals, leg: leg)
        h.wait(1)

        #expect(h.names("message.restored").count == (restores ? 1 : 0))
        if restores { #expect(h.names("message.restored")[0].fields["by"] == .string("shake")) }
    }

    @Test("M9: the edge menu keeps going the way it was moving on release")
    func edgeMenuFollowsDirection() {
        let h = SceneHarness<MailboxScene>()
        let inbox = h.scene.root.layer(named: "inbox")!
        // Out, then a little back: released while hiding, so it hides.
        h.send(.began, at: Point(5, 500))
        h.move(by: 200, duration: 0.3)
        h.move(by: -30, duration: 0.1)
        h.up()
        h.wait(1)
        #expect(!h.scene.isMenuOpen)
        #expect(abs(inbox.frame.minX) < 0.5)
        #expect(h.names("menu.opened").isEmpty)

        // Only a little way out, but moving out: it opens.
        h.send(.began, at: Point(5, 500))
        h.move(by: 60, duration: 0.2)
        h.up()
        h.wait(1)
        #expect(h.scene.isMenuOpen)
        #expect(abs(inbox.frame.minX - MailboxTuning().menuWidth) < 0.5)
        #expect(h.names("menu.opened").count == 1)

        // Dragged back a little and released moving left: it closes.
        h.send(.began, at: Point(340, 500))
        h.move(by: -40, duration: 0.15)
        h.up()
        h.wait(1)
        #expect(!h.scene.isMenuOpen)
        #expect(abs(inbox.frame.minX) < 0.5)
        #expect(h.names("menu.closed").count == 1)
    }

    @Test("M9: a swipe from the edge over a message opens the menu, not the message")
    func edgeWinsOverTheMessage() throws {
        let h = SceneHarness<MailboxScene>()
        let y = try h.canvasFrame("message").midY
        h.send(.began, at: Point(4, y))
        h.move(by: 150, duration: 0.3)
        h.up()
        h.wait(1)

        #expect(h.scene.isMenuOpen)
        #expect(h.names("zone.changed").isEmpty)
        #expect(abs(h.top.translation) < 1e-9)
    }

    @Test("M9: while the menu is open a tap on the inbox closes it and touches nothing else")
    func tapClosesMenu() throws {
        let h = SceneHarness<MailboxScene>()
        h.tap(at: Point(30, 75))
        h.wait(1)
        #expect(h.scene.isMenuOpen)
        let compose = try h.canvasFrame("compose")
        h.tap(at: Point(compose.midX, compose.midY))
        h.wait(1)

        #expect(!h.scene.isMenuOpen)
        #expect(!h.scene.isComposeOpen)
        #expect(h.names("compose.opened").isEmpty)
    }

    @Test("M9: compose slides in and out")
    func composeInAndOut() throws {
        let h = SceneHarness<MailboxScene>()
        let view = h.scene.root.layer(named: "composeView")!
        #expect(view.isHidden)
        try h.tap("compose")
        h.wait(1.2)
        #expect(h.scene.isComposeOpen && !view.isHidden)
        #expect(abs(view.frame.minY - 44) < 0.5)
        #expect(h.names("compose.opened").count == 1)

        try h.tap("compose.cancel")
        h.wait(0.1)
        #expect(view.frame.minY > 44 && !view.isHidden, "it is on its way down")
        h.wait(0.5)
        #expect(!h.scene.isComposeOpen && view.isHidden)
        #expect(h.names("compose.closed").count == 1)
    }

    @Test("M9: segments swipe their view in from the side they are on")
    func segmentsSwipe() throws {
        let h = SceneHarness<MailboxScene>()
        let list = h.scene.root.layer(named: "message")!.superlayer!.superlayer!
        let x = { list.transformToRoot.apply(to: Point.zero).x }
        #expect(abs(x()) < 1e-9)

        try h.tap("segment.0")
        h.wait(0.08)
        #expect(x() > 0 && x() < Self.width, "the inbox leaves to the right as Later comes in from the left")
        h.wait(1)
        #expect(abs(x() - Self.width) < 0.5)
        #expect(h.scene.selectedSegment == 0)

        try h.tap("segment.2")
        h.wait(0.08)
        #expect(x() < Self.width, "from Later, Archive comes in from the right")
        h.wait(1)
        #expect(abs(x() + Self.width) < 0.5)

        try h.tap("segment.2")
        #expect(h.names("segment.changed").map { $0.fields["index"] } == [.number(0), .number(2)],
                "tapping the shown segment changes nothing")
    }

    /// Found by `ScenePropertyTests`: a second pointer dragging the fourth message took the
    /// drag over, the first message's release was ignored and it stayed 0.5 pt aside.
    @Test("M1: one message is swiped at a time; a second pointer on another message moves nothing, and both end at 0")
    func secondPointerOnAnotherMessage() throws {
        let h = SceneHarness<MailboxScene>()
        let first = try h.canvasFrame("message"), other = try h.canvasFrame("message.3")
        func send(_ id: Int, _ phase: PointerPhase, _ x: Double, _ y: Double) {
            h.scene.deliver(PointerEvent(id: id, phase: phase, location: Point(x, y), timestamp: h.time))
        }

        send(1, .began, first.midX, first.midY)
        send(2, .began, other.midX, other.midY)
        send(1, .moved, first.midX + 40, first.midY)
        send(2, .moved, other.midX + 80, other.midY)
        let otherWhileDragged = h.scene.rowState(at: 3)!.translation
        send(1, .ended, first.midX + 40, first.midY)
        send(2, .ended, other.midX + 80, other.midY)
        h.wait(2)

        #expect(otherWhileDragged == 0)
        #expect(h.scene.rowState(at: 0)!.translation == 0)
        #expect(h.scene.rowState(at: 3)!.translation == 0)
        #expect(h.names("message.returned").count == 1)
    }

    /// Found by `ScenePropertyTests`: a swipe begun while another message slid off towards
    /// its options was sent to options too; two panels showed, one tap answered the later
    /// one, and the first message waited behind a panel nothing could dismiss.
    @Test("M4: while a message slides off to its options, a swipe on another message springs back; one tap answers")
    func swipeWhileAnotherSlidesToOptions() throws {
        let h = SceneHarness<MailboxScene>()
        let first = try h.canvasFrame("message"), other = try h.canvasFrame("message.3")
        func send(_ id: Int, _ phase: PointerPhase, _ x: Double, _ y: Double) {
            h.scene.deliver(PointerEvent(id: id, phase: phase, location: Point(x, y), timestamp: h.time))
        }

        send(1, .began, first.midX, first.midY)
        send(2, .began, other.midX, other.midY)
        for step in 1...12 {
            h.wait(1.0 / 120)
            send(1, .moved, first.midX - 25 * Double(step), first.midY)
        }
        send(1, .ended, first.midX - 300, first.midY)
        for step in 1...12 {
            h.wait(1.0 / 120)
            send(2, .moved, other.midX - 10 * Double(step), other.midY)
        }
        send(2, .ended, other.midX - 120, other.midY)
        h.wait(1)

        #expect(h.scene.rowState(at: 3)!.translation == 0)
        #expect(h.scene.root.layer(named: "listOptions")!.isHidden == false)
        #expect(h.scene.root.layer(named: "rescheduleOptions")!.isHidden)
        h.tap(at: Point(195, 400))
        h.wait(1)
        #expect(h.scene.root.layer(named: "listOptions")!.isHidden)
        #expect(h.names("message.listed").count == 1)
        #expect(h.names("message.rescheduled").isEmpty)
        #expect((0..<h.scene.listedMessageCount).allSatisfy { h.scene.rowState(at: $0)!.translation == 0 })
    }
}

@Suite("Mailbox tour script")
struct MailboxTourTests {
    @Test("mailbox-tour.json does every action in a row (M2–M10)")
    func tourDoesEveryAction() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/Scripts/mailbox-tour.json")
        let script = try InputScriptParser.parse(contentsOf: url)
        let events = EventRecorder()
        let scene = try #require(DemoCatalog.make(script.scene ?? "", context:
            SceneContext(canvasSize: DevicePreset.iPhone14.size, events: events)))
        let session = SceneSession(scene: scene, script: script)
        let frames = Int((script.duration + 1) * 60)
        for frame in 0...frames { session.advance(to: Double(frame) / 60) }

        let names = events.events.map(\.name).filter { !$0.hasPrefix("zone.") }
        #expect(names == [
            "message.archived", "message.restored", "message.deleted", "message.restored",
            "message.rescheduled", "message.restored", "message.listed", "message.restored",
            "menu.opened", "menu.closed", "compose.opened", "compose.closed",
            "segment.changed", "segment.changed", "segment.changed",
            "message.archived", "message.restored",
        ])
        #expect(events.events.last?.fields["by"] == .string("shake"))
        #expect(!session.isPlayingScript)
    }
}
