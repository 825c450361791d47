import KilnCore
import KilnEndToEndSupport
import LaserDemo
import MailboxDemo
import PressureDemo

/// What must hold for one scene under random input (its L, M or P behaviours, and X1 for
/// the launcher), checked by `ScenePropertyTests`: after each event, and at rest once every
/// pointer has lifted and the scene has run on for `settling` seconds.
struct SceneInvariants: Sendable {
    /// How many random scripts to try; fewer for the scenes whose frames cost more.
    var cases: Int
    /// How long the scene runs after the lift for its animations to end, in seconds.
    var settling: Double
    /// Layers the scene may add on purpose and keep, beyond those of the untouched scene.
    var layerGrowth = 0
    /// Problems right after an event; none by default.
    var afterEvent: @Sendable (SceneFuzz, PointerEvent) -> [String] = { _, _ in [] }
    /// Problems at rest, given the untouched scene run as long.
    var atRest: @Sendable (_ fuzz: SceneFuzz, _ untouched: SceneFuzz) -> [String]

    /// The invariants of a catalogue scene, `nil` for a scene that has none yet.
    static func of(_ name: String) -> SceneInvariants? {
        switch name {
        case "laser": laser
        case "mailbox": mailbox
        case "pressure": pressure
        case "gallery": gallery
        case "launcher": launcher
        default: nil
        }
    }

    /// L8: the card is deleted (no card left to show) or back at rest at home; the idle
    /// hint (L4) may be nudging it. The debris stops (L6). Char and its ember line, one
    /// each per try up to the cap, stay on a spared card (L5).
    static let laser = SceneInvariants(cases: 150, settling: 5, layerGrowth: 2 * LaserTuning().maxCharLayers) { fuzz, untouched in
        let scene = fuzz.scene as! LaserScene
        let card = scene.root.layer(named: "pocket")!
        var problems: [String] = []
        if scene.debrisBirthRate != 0 { problems.append("debris still firing at \(scene.debrisBirthRate)") }
        if card.isHidden {
            if !scene.store.pockets.isEmpty { problems.append("card hidden with \(scene.store.pockets.count) pockets left") }
            return problems
        }
        // The hint is the scene at rest doing what L4 asks: take it away to see where the card rests.
        card.removeAnimation(forKey: "hint")
        if card.hasAnimations { problems.append("card still animating: \(card.animationKeys)") }
        if card.transform != .identity || card.opacity != 1 {
            problems.append("card transform \(card.transform), opacity \(card.opacity)")
        }
        let home = untouched.canvasFrame("pocket")!, frame = fuzz.canvasFrame("pocket")!
        if !isClose(frame, home, within: 0.5) { problems.append("card at \(frame), home is \(home)") }
        return problems
    }

    /// M1–M8, M10: each listed message is back at 0, or is the one whose options show (M2–M4).
    /// Choosing an option then clears it, and with the demo return every message comes back.
    static let mailbox = SceneInvariants(cases: 60, settling: 5) { fuzz, _ in
        let scene = fuzz.scene as! MailboxScene
        var problems = misplacedMessages(scene, allowingOptions: true)
        for name in ["rescheduleOptions", "listOptions"] {
            guard let overlay = scene.root.layer(named: name), !overlay.isHidden else { continue }
            fuzz.tap(at: fuzz.canvasFrame(name)!.center)
            fuzz.driver.run(until: fuzz.driver.time + 5)
        }
        problems += misplacedMessages(scene, allowingOptions: false)
        if scene.listedMessageCount != MailboxMessage.samples.count {
            problems.append("\(scene.listedMessageCount) messages listed after the demo return")
        }
        return problems
    }

    /// Listed messages neither at 0 nor, when allowed, off the row with their options showing.
    private static func misplacedMessages(_ scene: MailboxScene, allowingOptions: Bool) -> [String] {
        let optionsShow = ["rescheduleOptions", "listOptions"].contains { scene.root.layer(named: $0)?.isHidden == false }
        return (0..<scene.listedMessageCount).compactMap { index in
            let row = scene.rowState(at: index)!
            if abs(row.translation) < 0.5 && row.zone == .none { return nil }
            if allowingOptions && optionsShow && abs(row.translation) >= scene.root.bounds.width { return nil }
            return "message \(index) left at \(row.translation) in zone \(row.zone)"
        }
    }

    /// P4, P5: whenever no pointer is down the ring is `idle`; at rest it is hidden, empty
    /// and in its idle looks.
    static let pressure = SceneInvariants(cases: 30, settling: 1, afterEvent: { fuzz, _ in
        let scene = fuzz.scene as! PressureScene
        guard fuzz.driver.pointersDown.isEmpty, scene.state != .idle else { return [] }
        return ["ring \(scene.state) with every pointer up"]
    }, atRest: { fuzz, _ in
        let scene = fuzz.scene as! PressureScene
        let ring = scene.root.layer(named: "ring")!, stroke = scene.root.layer(named: "ringStroke") as! ShapeLayer
        let circle = scene.root.layer(named: "ringCircle")!
        var problems: [String] = []
        if scene.state != .idle || scene.intention != 0 { problems.append("ring \(scene.state) at \(scene.intention)") }
        if ring.opacity != 0 || stroke.strokeEnd != 0 { problems.append("ring showing: opacity \(ring.opacity), stroke \(stroke.strokeEnd)") }
        if circle.transform != .identity { problems.append("ring circle scaled: \(circle.transform)") }
        return problems
    })

    /// The draggable tile springs back home at its own size.
    static let gallery = SceneInvariants(cases: 40, settling: 3) { fuzz, untouched in
        let tile = fuzz.scene.root.layer(named: "draggable")!
        let home = untouched.canvasFrame("draggable")!, frame = fuzz.canvasFrame("draggable")!
        var problems: [String] = []
        if tile.hasAnimations { problems.append("tile still animating: \(tile.animationKeys)") }
        if !isClose(frame, home, within: 0.5) { problems.append("tile at \(frame), home is \(home)") }
        return problems
    }

    /// X1: every card looks unpressed again, and only catalogue scenes are opened.
    static let launcher = SceneInvariants(cases: 12, settling: 0.5) { fuzz, _ in
        let cards = fuzz.scene.root.sublayers.filter { $0.name?.hasPrefix("card.") == true }
        var problems = cards.filter { $0.opacity != 1 }.map { "\($0.name!) at opacity \($0.opacity)" }
        if cards.count != DemoCatalog.entries.count { problems.append("\(cards.count) cards") }
        for opened in fuzz.openedScenes where opened.map({ DemoCatalog.entry($0) == nil }) ?? false {
            problems.append("asked to open \(opened!)")
        }
        return problems
    }
}
