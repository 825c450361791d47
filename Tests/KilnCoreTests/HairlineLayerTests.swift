@_spi(Fuzzing) import KilnCore
import Testing

@Suite("Hairline layers")
struct HairlineLayerTests {
    @Test("A hairline layer with lines gets a hairlines item with its transform, and none without")
    func renderItem() throws {
        let root = Layer()
        root.frame = Rect(0, 0, 200, 200)
        let lines = HairlineLayer()
        lines.frame = Rect(10, 20, 100, 100)
        root.addSublayer(lines)

        #expect(RenderList(root: root).items.isEmpty)

        lines.polylines = [[Point(0, 0), Point(5, 5)]]
        let item = try #require(RenderList(root: root).items.first)

        #expect(item.kind == .hairlines && item.hairlines === lines)
        #expect(item.transform.apply(to: Point(5, 5)) == Point(15, 25))
        #expect(item.emitter == nil)
    }

    @Test("Hairlines ignore clipping, even under masks that leave nothing of their layers, as content does not")
    func clippedAway() throws {
        let root = Layer()
        root.frame = Rect(0, 0, 200, 200)
        let mask = Layer()
        mask.frame = Rect(0, 0, 50, 50)
        mask.masksToBounds = true
        root.addSublayer(mask)
        // Wholly outside the mask, which also masks: the two clips leave nothing.
        let outside = Layer()
        outside.frame = Rect(80, 80, 40, 40)
        outside.masksToBounds = true
        outside.backgroundColor = .white
        mask.addSublayer(outside)
        let lines = HairlineLayer()
        lines.frame = Rect(5, 5, 20, 20)
        lines.backgroundColor = .white
        lines.polylines = [[Point(0, 0), Point(10, 0)]]
        outside.addSublayer(lines)

        let items = RenderList(root: root).items.filter { $0.layer === lines }
        let item = try #require(items.first)
        // The lines, and not the layer's background, which the clip leaves nothing of.
        #expect(items.count == 1 && item.kind == .hairlines && item.hairlines === lines)
        #expect(item.transform.apply(to: Point(10, 0)) == Point(95, 85))
    }
}
