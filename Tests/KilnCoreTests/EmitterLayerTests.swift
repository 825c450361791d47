@_spi(Fuzzing) import KilnCore
import Testing

@Suite("Emitter layer")
struct EmitterLayerTests {
    /// An emitter layer 200 × 100 pt with one cell of a 4 × 4 image, firing from its centre.
    func makeEmitter() -> EmitterLayer {
        var cell = EmitterCell(name: "dot", contents: Bitmap(width: 4, height: 4, fill: .white))
        cell.birthRate = 100
        cell.lifetime = 1
        cell.velocity = 50
        cell.emissionRange = 2 * .pi
        let emitter = EmitterLayer(configuration: EmitterConfiguration(cells: [cell], seed: 3))
        emitter.frame = Rect(0, 0, 200, 100)
        emitter.emitterPosition = Point(100, 50)
        return emitter
    }

    @Test("The render list has a particle item with the emitter's world transform and opacity")
    func particleItem() throws {
        let root = Layer()
        let parent = Layer()
        parent.frame = Rect(40, 30, 300, 300)
        parent.opacity = 0.5
        let emitter = makeEmitter()
        emitter.position = Point(150, 120)
        emitter.transform = Transform(rotationAngle: 0.3)
        emitter.opacity = 0.8
        root.addSublayer(parent)
        parent.addSublayer(emitter)

        let items = RenderList(root: root).items

        let item = try #require(items.first { $0.kind == .particles })
        #expect(items.count == 1)
        #expect(item.emitter === emitter)
        #expect(abs(item.opacity - 0.4) < 1e-12)
        #expect(item.clip == nil)
        let corner = Point(200, 100)
        let expected = emitter.convert(corner, to: nil), actual = item.transform.apply(to: corner)
        #expect(abs(expected.x - actual.x) < 1e-9 && abs(expected.y - actual.y) < 1e-9)
    }

    @Test("An emitter's own background is drawn under its particles, and a masking parent clips them")
    func backgroundAndClip() {
        let root = Layer()
        let card = Layer()
        card.frame = Rect(0, 0, 100, 100)
        card.masksToBounds = true
        let emitter = makeEmitter()
        emitter.backgroundColor = .black
        root.addSublayer(card)
        card.addSublayer(emitter)

        let items = RenderList(root: root).items

        #expect(items.map(\.kind) == [.content, .particles])
        #expect(items[0].emitter == nil)
        #expect(items[1].clip != nil)
    }

    @Test("A hidden or transparent emitter has no particle item")
    func hiddenEmitter() {
        let root = Layer()
        let hidden = makeEmitter(), clear = makeEmitter()
        hidden.isHidden = true
        clear.opacity = 0
        root.addSublayer(hidden)
        root.addSublayer(clear)

        #expect(RenderList(root: root).items.isEmpty)
    }

    @Test("With the layer's birthRate at 0 nothing is born; raising it starts births")
    func birthRateZero() {
        let emitter = makeEmitter()
        emitter.birthRate = 0

        for _ in 0..<60 { emitter.step(dt: 1.0 / 60) }

        #expect(emitter.aliveCount == 0)

        emitter.birthRate = 1
        for _ in 0..<60 { emitter.step(dt: 1.0 / 60) }

        #expect(emitter.aliveCount > 80)
    }

    @Test("Particles move only when stepped, in the layer's own coordinates")
    func explicitSteps() {
        let emitter = makeEmitter()
        emitter.step(dt: 0.1)
        let before = emitter.simulation.particles

        emitter.position = Point(500, 500)
        emitter.transform = Transform(scaleX: 3, y: 3)

        #expect(emitter.simulation.particles == before)
        #expect(before.allSatisfy { abs($0.position.x - 100) <= 5.01 && abs($0.position.y - 50) <= 5.01 })
    }

    @Test("The layer's properties are the configuration's")
    func forwarding() {
        let emitter = makeEmitter()

        emitter.emitterSize = Size(20, 10)
        emitter.emitterShape = .rectangle
        emitter.emitterMode = .outline
        emitter.renderMode = .additive
        emitter.lifetime = 2
        emitter.velocity = 0.5
        emitter.scale = 3
        emitter.spin = 4
        emitter.seed = 99
        emitter.emitterCells[0].birthRate = 7

        let c = emitter.configuration
        #expect(c.emitterPosition == Point(100, 50) && c.emitterSize == Size(20, 10))
        #expect(c.emitterShape == .rectangle && c.emitterMode == .outline && c.renderMode == .additive)
        #expect(c.lifetime == 2 && c.velocity == 0.5 && c.scale == 3 && c.spin == 4 && c.seed == 99)
        #expect(c.cells[0].birthRate == 7)
        #expect(!emitter.hasContent)
    }

    @Test("Advancing by a duration is the same as stepping it in fixed steps")
    func advanceMatchesSteps() {
        let stepped = makeEmitter(), advanced = makeEmitter()
        for _ in 0..<60 { stepped.step(dt: 1.0 / 60) }

        advanced.advance(by: 1, timeStep: 1.0 / 60)

        #expect(advanced.aliveCount > 0)
        #expect(advanced.simulation.particles == stepped.simulation.particles)
    }
}
