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
}
