import GalleryDemo
import KilnCore
import Testing

@Suite("Gallery")
struct GalleryTests {
    func makeGallery() throws -> (GalleryScene, [EmitterLayer]) {
        let gallery = GalleryScene(context: SceneContext(canvasSize: DevicePreset.iPhone14.size))
        let emitters = try ["gallery.fountain", "gallery.debris"].map { name in
            try #require(gallery.root.layer(named: name) as? EmitterLayer)
        }
        return (gallery, emitters)
    }

    @Test("The fountain and the laser debris are already full at time 0")
    func prewarmed() throws {
        let (gallery, emitters) = try makeGallery()

        gallery.advance(to: 0)

        #expect(emitters.allSatisfy { $0.aliveCount > 20 })
    }

    @Test("The scene's clock steps the emitters by the time since the last frame, never backwards")
    func stepsByElapsedTime() throws {
        let (gallery, emitters) = try makeGallery()
        let (reference, _) = try makeGallery()
        let fountain = emitters[0], twin = try #require(reference.root.layer(named: "gallery.fountain") as? EmitterLayer)
        let initial = fountain.simulation.particles

        gallery.advance(to: 5)
        let afterFirst = fountain.simulation.particles
        gallery.advance(to: 5 + 1.0 / 30)
        let afterSecond = fountain.simulation.particles
        gallery.advance(to: 1)
        let afterBackwards = fountain.simulation.particles

        twin.step(dt: 1.0 / 60)
        twin.step(dt: 1.0 / 60)
        #expect(afterFirst == initial)
        #expect(afterSecond == twin.simulation.particles)
        #expect(afterBackwards == afterSecond)
    }

    @Test("the gallery fills shapes with the even-odd rule, leaving a hole")
    func evenOddFills() throws {
        let (gallery, _) = try makeGallery()

        for name in ["gallery.evenOddStar", "gallery.evenOddRing"] {
            let shape = try #require(gallery.root.layer(named: name) as? ShapeLayer)
            #expect(shape.fillColor != nil && shape.fillRule == .evenOdd && shape.strokeColor == nil)
        }
        let ring = try #require(gallery.root.layer(named: "gallery.evenOddRing") as? ShapeLayer)
        #expect(ring.path.elements.filter { if case .move = $0 { true } else { false } }.count == 2)
    }

    @Test("strokes are trimmed at their start as well as their end, and dashes shifted by a phase")
    func trimmingAndDashPhase() throws {
        let (gallery, _) = try makeGallery()

        let rings = try (0..<3).map { try #require(gallery.root.layer(named: "gallery.ring\($0)") as? ShapeLayer) }
        let dots = try (0..<2).map { try #require(gallery.root.layer(named: "gallery.dots\($0)") as? ShapeLayer) }

        #expect(rings.contains { $0.strokeStart > 0 && $0.strokeEnd < 1 })
        #expect(rings.contains { $0.strokeStart == 0 && $0.strokeEnd < 1 })
        #expect(dots[0].lineDashPattern == dots[1].lineDashPattern && !dots[0].lineDashPattern.isEmpty)
        #expect(dots[0].lineDashPhase == 0 && dots[1].lineDashPhase > 0)
    }

    @Test("every line join is shown, each with a different line cap")
    func joinsAndCaps() throws {
        let (gallery, _) = try makeGallery()

        let zigzags = try [LineJoin.miter, .bevel, .round].map { join in
            try #require(gallery.root.layer(named: "gallery.join.\(join.rawValue)") as? ShapeLayer)
        }

        #expect(zigzags.map(\.lineJoin) == [.miter, .bevel, .round])
        #expect(zigzags.map(\.lineCap) == [.butt, .square, .round])
        #expect(zigzags.allSatisfy { $0.strokeColor != nil && $0.lineWidth >= 4 })
    }

    @Test("a layer is skewed by a shear, not only rotated or scaled")
    func skewedLayer() throws {
        let (gallery, _) = try makeGallery()

        let skewed = try #require(gallery.root.layer(named: "gallery.skewed"))

        #expect(skewed.transform == GalleryScene.shear)
        #expect(skewed.transform.c != 0 && skewed.transform.b == 0 && skewed.transform.a == 1 && skewed.transform.d == 1)
    }

    @Test("text is justified and truncated at the start and in the middle")
    func textOptions() throws {
        let (gallery, _) = try makeGallery()

        let justified = try #require(gallery.root.layer(named: "gallery.justified") as? TextLayer)
        let start = try #require(gallery.root.layer(named: "gallery.truncation.start") as? TextLayer)
        let middle = try #require(gallery.root.layer(named: "gallery.truncation.middle") as? TextLayer)

        #expect(justified.alignmentMode == .justified && justified.isWrapped)
        #expect(start.truncationMode == .start && middle.truncationMode == .middle)
    }

    @Test("the section cards follow one another down the iPhone 14 canvas without overlapping")
    func fitsTheCanvas() throws {
        let (gallery, _) = try makeGallery()
        let canvas = Rect(origin: .zero, size: DevicePreset.iPhone14.size)

        // The section cards: filled panels spanning the canvas less a 16-point margin either side.
        let layersPage = try #require(gallery.root.layer(named: "gallery.page.layers"))
        let cards = layersPage.sublayers.filter {
            !($0 is TextLayer) && $0.backgroundColor != nil && $0.frame.minX == 16 && $0.frame.width == canvas.width - 32
        }

        #expect(cards.count == 5)
        for (card, next) in zip(cards, cards.dropFirst()) {
            #expect(card.frame.maxY < next.frame.minY)
        }
        #expect(cards.allSatisfy { $0.frame.minX >= 0 && $0.frame.maxX <= canvas.maxX && $0.frame.maxY <= canvas.maxY - 12 })
    }
}
