import KilnCore
import Testing

@Suite("Convex polygons")
struct ConvexPolygonTests {
    @Test("Clipping a square by an overlapping square leaves the overlap")
    func clipSquares() {
        let clip = ConvexPolygon(rect: Rect(0, 0, 10, 10))

        let result = clip.clip(Rect(5, 5, 10, 10).corners)

        #expect(Rect(enclosing: result) == Rect(5, 5, 5, 5))
    }

    @Test("Winding does not matter, and disjoint shapes clip to nothing")
    func windingAndDisjoint() {
        let counterClockwise = ConvexPolygon(Rect(0, 0, 10, 10).corners.reversed())

        #expect(Rect(enclosing: counterClockwise.clip(Rect(5, 5, 10, 10).corners)) == Rect(5, 5, 5, 5))
        #expect(counterClockwise.clip(Rect(20, 20, 5, 5).corners).isEmpty)
    }

    @Test("A rounded rectangle excludes its corners but keeps its edges")
    func roundedRect() {
        let rounded = ConvexPolygon(roundedRect: Rect(0, 0, 100, 100), cornerRadius: 20)

        #expect(!rounded.contains(Point(1, 1)))
        #expect(rounded.contains(Point(50, 0.5)))
        #expect(rounded.contains(Point(10, 10)))
    }
}
