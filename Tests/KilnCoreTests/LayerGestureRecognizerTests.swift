import KilnCore
import Testing

/// A scene that only builds layers and attaches recognizers: no `update`, no `handle`.
private final class ReactingScene: Scene {
    let name = "reacting"
    let root = Layer()
    let backgroundColor = Color.white
    let card = Layer()
    let badge = Layer()

    init() {
        root.bounds = Rect(0, 0, 400, 400)
        root.position = Point(200, 200)
        card.frame = Rect(100, 100, 200, 200)
        badge.frame = Rect(10, 10, 40, 40)
        root.addSublayer(card)
        card.addSublayer(badge)
    }
}

@Suite("Recognizers attached to layers")
struct LayerGestureRecognizerTests {
    @Test("A tap attached to a layer is recognized through the scene, which forwards nothing")
    func tapWithoutForwarding() {
        let scene = ReactingScene()
        var taps: [Point] = []
        let tap = TapGestureRecognizer { if $0.state == .ended { taps.append($0.location(in: nil)) } }
        scene.card.addGestureRecognizer(tap)

        scene.advance(to: 0)
        scene.deliver(pointer(.began, 150, 150, at: 0))
        scene.advance(to: 0.05)
        scene.deliver(pointer(.ended, 151, 150, at: 0.05))

        #expect(taps == [Point(151, 150)])
        #expect(scene.card.gestureRecognizers.count == 1)
        #expect(tap.layer === scene.card)
    }

    @Test("A touch on a sublayer reaches its superlayer's recognizer; one outside reaches none")
    func deliveredUpTheTree() {
        let scene = ReactingScene()
        var ended = 0
        scene.card.addGestureRecognizer(TapGestureRecognizer { if $0.state == .ended { ended += 1 } })

        for (x, y) in [(125.0, 125.0), (20.0, 20.0)] {
            scene.deliver(pointer(.began, x, y, at: 0))
            scene.deliver(pointer(.ended, x, y, at: 0.05))
        }

        #expect(ended == 1, "the tap on the badge inside the card counts, the one outside the card does not")
    }

    @Test("A long press is recognized by the scene's clock alone, with no event after the press")
    func clockTicksRecognizers() {
        let scene = ReactingScene()
        let press = LongPressGestureRecognizer()
        press.minimumPressDuration = 0.3
        scene.card.addGestureRecognizer(press)

        scene.deliver(pointer(.began, 200, 200, at: 0))
        for frame in 1...30 { scene.advance(to: Double(frame) / 60) }

        #expect(press.state == .began)
    }

    @Test("A recognizer removed, or moved to another layer, answers only where it is")
    func removedAndMoved() {
        let scene = ReactingScene()
        var ended = 0
        let tap = TapGestureRecognizer { if $0.state == .ended { ended += 1 } }
        scene.card.addGestureRecognizer(tap)
        scene.badge.addGestureRecognizer(tap)
        func tapAt(_ x: Double, _ y: Double, _ time: Double) {
            scene.deliver(pointer(.began, x, y, at: time))
            scene.deliver(pointer(.ended, x, y, at: time + 0.05))
        }

        tapAt(250, 250, 0)
        let onCardAfterMove = ended
        tapAt(125, 125, 1)
        let onBadge = ended
        scene.badge.removeGestureRecognizer(tap)
        tapAt(125, 125, 2)

        #expect(onCardAfterMove == 0, "moved to the badge, it no longer answers the card")
        #expect(onBadge == 1)
        #expect(ended == 1, "removed, it answers nothing")
        #expect(scene.card.gestureRecognizers.isEmpty && scene.badge.gestureRecognizers.isEmpty)
        #expect(tap.layer == nil)
    }

    @Test("Removing a recognizer in the middle of its gesture cancels it")
    func removedWhileRunning() {
        let scene = ReactingScene()
        var states: [GestureState] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        scene.card.addGestureRecognizer(pan)

        scene.deliver(pointer(.began, 150, 150, at: 0))
        scene.deliver(pointer(.moved, 190, 150, at: 0.05))
        let whileDragging = pan.state
        scene.card.removeGestureRecognizer(pan)
        scene.deliver(pointer(.moved, 230, 150, at: 0.1))

        #expect(whileDragging == .began || whileDragging == .changed)
        #expect(states.last == .cancelled, "its action hears the gesture cancelled")
        #expect(states.filter { $0 == .changed }.count <= 1, "the move after removal reaches nothing")
    }

    @Test("The scene's clock steps an emitter in its tree by the time since the last frame, never backwards")
    func emittersFollowTheClock() {
        let scene = ReactingScene()
        var cell = EmitterCell(name: "spark", contents: Bitmap(width: 2, height: 2, fill: .white))
        cell.birthRate = 120
        cell.lifetime = 2
        let emitter = EmitterLayer(configuration: EmitterConfiguration(cells: [cell], seed: 3))
        let twin = EmitterLayer(configuration: EmitterConfiguration(cells: [cell], seed: 3))
        scene.card.addSublayer(emitter)

        scene.advance(to: 1)
        let first = emitter.aliveCount
        scene.advance(to: 1.125)
        let later = emitter.simulation.particles
        scene.advance(to: 1.0625)
        twin.advance(by: 0.125)

        #expect(first == 0, "the first frame only notes the time")
        #expect(later == twin.simulation.particles)
        #expect(emitter.simulation.particles == later, "going back in time moves nothing")
    }
}
