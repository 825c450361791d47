@testable import KilnPlatform
import KilnCore
import PropertyBased
import Testing

/// Hairline segments cut to the pixels they may light, before SDL rounds their ends.
@Suite struct LineClipBoxTests {
    let box = LineClipBox(minX: 0, minY: 0, maxX: 120, maxY: 160)

    @Test("A segment inside is kept as it is; one outside is dropped; one across an edge ends on it")
    func cases() throws {
        #expect(box.clip(Point(10, 10), Point(50, 70))! == (Point(10, 10), Point(50, 70)))
        #expect(box.clip(Point(-5, 10), Point(-1, 70)) == nil)
        #expect(box.clip(Point(130, 10), Point(125, 170)) == nil)
        let (a, b) = try #require(box.clip(Point(-10, 10), Point(10, 10)))
        #expect(a == Point(0, 10) && b == Point(10, 10))
        let (c, d) = try #require(box.clip(Point(100, 150), Point(140, 170)))
        #expect(c == Point(100, 150))
        #expect(d.x < 120 && Int(d.x) == 119 && d.y < 160)
        #expect(box.clip(Point(.nan, 1), Point(3, 4)) == nil)
        #expect(box.clip(Point(1, 1), Point(.infinity, 4)) == nil)
    }

    @Test("For any segment, what is left lies on it, inside the box, truncating to pixels of the box")
    func anySegment() async {
        let coordinate = Gen.double(in: -400...400)
        await propertyCheck(input: zip(coordinate, coordinate, coordinate, coordinate)) { x0, y0, x1, y1 in
            let a = Point(x0, y0), b = Point(x1, y1)
            guard let (p, q) = box.clip(a, b) else {
                // Dropped only when no point of the segment is inside.
                for step in 0...200 {
                    let t = Double(step) / 200
                    let x = x0 + (x1 - x0) * t, y = y0 + (y1 - y0) * t
                    #expect(!(x >= 0.01 && x < 119.99 && y >= 0.01 && y < 159.99), "dropped, yet \(x), \(y) is inside")
                }
                return
            }
            for point in [p, q] {
                #expect(point.x >= 0 && point.x < 120 && point.y >= 0 && point.y < 160)
                #expect((0..<120).contains(Int(point.x)) && (0..<160).contains(Int(point.y)))
                // On the line through a and b, within rounding.
                let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
                let length = max(1, ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
                #expect(abs(cross) / length < 0.01)
            }
        }
    }
}
