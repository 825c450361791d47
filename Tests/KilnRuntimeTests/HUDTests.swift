import KilnCore
import KilnRuntime
import Testing

@Suite("HUD")
struct HUDTests {
    func layer(_ frame: Rect, in parent: Layer) -> Layer {
        let layer = Layer()
        layer.frame = frame
        parent.addSublayer(layer)
        return layer
    }

    @Test("Every visible layer gets its bounds outlined on the canvas, hidden subtrees none")
    func outlines() {
        let root = Layer()
        root.frame = Rect(0, 0, 390, 844)
        let card = layer(Rect(20, 100, 200, 100), in: root)
        _ = layer(Rect(10, 10, 50, 20), in: card)
        let hidden = layer(Rect(0, 0, 30, 30), in: root)
        hidden.isHidden = true
        _ = layer(Rect(0, 0, 10, 10), in: hidden)
        let faded = layer(Rect(0, 0, 30, 30), in: root)
        faded.opacity = 0
        _ = layer(Rect(5, 5, 0, 40), in: root)

        let quads = LayerOutlines.quads(of: root)

        #expect(quads.count == 2)
        #expect(quads[0] == Rect(20, 100, 200, 100).corners)
        #expect(quads[1] == Rect(30, 110, 50, 20).corners)
    }

    @Test("A rotated layer is outlined as the quad it covers, through its parent's transform")
    func transformedOutline() {
        let root = Layer()
        root.frame = Rect(0, 0, 400, 400)
        let parent = layer(Rect(100, 100, 100, 100), in: root)
        parent.transform = Transform(scaleX: 2, y: 2)
        let child = layer(Rect(25, 25, 50, 50), in: parent)
        child.transform = Transform(rotationAngle: .pi / 4)

        let quad = LayerOutlines.quads(of: root)[1]

        // The child's centre is the parent's, (150, 150); its half-diagonal, 25√2 scaled by 2.
        let reach = 50 * 2.0.squareRoot()
        let expected = [Point(150, 150 - reach), Point(150 + reach, 150),
                        Point(150, 150 + reach), Point(150 - reach, 150)]
        for (p, q) in zip(quad, expected) {
            #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9)
        }
    }

    @Test("F1 shows and hides the HUD; F2 turns the bounds on and shows it; other keys pass")
    func keys() {
        let hud = HUD(canvasSize: Size(390, 844))

        #expect(!hud.isVisible && hud.root.isHidden)
        #expect(hud.handle(KeyPress("f1")))
        #expect(hud.isVisible && !hud.root.isHidden)
        #expect(hud.handle(KeyPress("f1")))
        #expect(!hud.isVisible)
        #expect(hud.handle(KeyPress("f2")))
        #expect(hud.showsBounds && hud.isVisible)
        #expect(!hud.handle(KeyPress("b")))
        #expect(!hud.handle(KeyPress("f1", modifiers: .ctrl)))
        #expect(hud.isVisible)
    }

    @Test("The bounds outline follows the scene only while F2 has it on")
    func boundsOverlay() throws {
        let scene = Layer()
        scene.frame = Rect(0, 0, 390, 844)
        _ = layer(Rect(10, 20, 30, 40), in: scene)
        let hud = HUD(canvasSize: Size(390, 844), isVisible: true)
        let outlines = try #require(hud.root.sublayers.first as? HairlineLayer)

        hud.update(now: 0, scene: scene, guides: [])
        #expect(outlines.polylines.isEmpty)

        _ = hud.handle(KeyPress("f2"))
        hud.update(now: 0.01, scene: scene, guides: [])
        #expect(outlines.polylines == [Rect(10, 20, 30, 40).corners + [Point(10, 20)]])
    }

    @Test("Guides become dashed hairlines with a label each")
    func guides() throws {
        let hud = HUD(canvasSize: Size(390, 844), isVisible: true)
        let guides = [ThresholdGuide.vertical("archive 60", x: 60, from: 104, to: 840),
                      ThresholdGuide.horizontal("delete past 60 %", y: 636, from: 0, to: 390)]
        let lines = try #require(hud.root.sublayers.dropFirst().first as? HairlineLayer)
        let labels = hud.root.sublayers[2]

        hud.update(now: 0, scene: Layer(), guides: guides)

        // 736 pt in dashes of 6 and gaps of 3: 82 dashes, the last one cut at the end.
        let vertical = lines.polylines.prefix(82)
        #expect(lines.polylines.count == 82 + 44)
        #expect(vertical.first == [Point(60, 104), Point(60, 110)])
        #expect(vertical.last == [Point(60, 833), Point(60, 839)])
        #expect(vertical.allSatisfy { $0.allSatisfy { $0.x == 60 } })
        #expect(lines.polylines.last == [Point(387, 636), Point(390, 636)])
        #expect(labels.sublayers.count == 2)
        #expect(labels.sublayers[0].frame.minX == 63 && labels.sublayers[0].frame.minY == 107)
        #expect(labels.sublayers[1].frame.maxY == 633)
        #expect(labels.sublayers.compactMap { ($0.sublayers.first as? TextLayer)?.string }
                == ["archive 60", "delete past 60 %"])
    }

    @Test("A moving guide moves its label without drawing the label again")
    func movingGuide() throws {
        let hud = HUD(canvasSize: Size(390, 844), isVisible: true)
        let labels = hud.root.sublayers[2]
        hud.update(now: 0, scene: Layer(), guides: [.vertical("later 60", x: 330, from: 104, to: 840)])
        let pill = try #require(labels.sublayers.first)
        let text = try #require(pill.sublayers.first)
        let revisions = (pill.contentRevision, text.contentRevision)

        hud.update(now: 0.02, scene: Layer(), guides: [.vertical("later 60", x: 400, from: 104, to: 840)])

        #expect(labels.sublayers.first === pill)
        #expect(pill.frame.minX == 403)
        #expect((pill.contentRevision, text.contentRevision) == revisions)
    }

    @Test("The graph and its numbers are redrawn a few times a second, not every frame")
    func refreshRate() throws {
        let hud = HUD(canvasSize: Size(390, 844), isVisible: true)
        hud.refreshInterval = 0.25
        let texts = hud.root.allLayers.compactMap { $0 as? TextLayer }
        let numbers = try #require(texts.first { $0.string.hasPrefix("p50") })
        var redraws = 0, last = numbers.contentRevision

        for i in 0..<60 {
            let time = Double(i) / 60
            hud.record(FrameSample(time: time, update: 1, render: Double(4 + i % 3)))
            hud.update(now: time + 1.0 / 60, scene: Layer(), guides: [])
            if numbers.contentRevision != last { redraws += 1 }
            last = numbers.contentRevision
        }

        #expect(redraws >= 2 && redraws <= 4)
        #expect(numbers.string == "p50 6.0  p99 7.0 ms")
    }

    @Test("Pressure keeps the last contacts: the source's name, or timed / none without pressure")
    func pressure() {
        var history = PressureGraph(span: .samples(3))
        history.record(PointerEvent(phase: .began, location: .zero, timestamp: 0))
        history.record(PointerEvent(phase: .hover, location: .zero, timestamp: 0.1, device: .pen,
                                    pressure: 0, pressureSource: "xinput2"))
        #expect(history.samples == [PressureSample(time: 0, pressure: nil, source: "timed")])

        for (i, p) in [0.2, 0.5, 1.4].enumerated() {
            history.record(PointerEvent(phase: .moved, location: .zero, timestamp: Double(i), device: .pen,
                                        pressure: p, pressureSource: "xinput2"))
        }
        history.record(PointerEvent(phase: .ended, location: .zero, timestamp: 4))

        #expect(history.samples.map(\.pressure) == [0.5, 1, nil])
        #expect(history.latest?.source == "none")
        #expect(history.samples[0].source == "xinput2")
    }

    @Test("The pressure line puts the newest sample at the right edge and breaks where pressure is missing")
    func pressureLine() {
        var history = PressureGraph(span: .samples(5))
        for p in [0.0, 0.5, nil, 1.0] {
            history.record(PointerEvent(phase: .moved, location: .zero, timestamp: 0, device: .pen,
                                        pressure: p, pressureSource: p == nil ? nil : "evdev"))
        }

        let path = history.path(in: Size(100, 20))

        #expect(path.elements == [.move(to: Point(25, 20)), .line(to: Point(50, 10)),
                                  .move(to: Point(100, 0))])
    }
}
