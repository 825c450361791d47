import Foundation
import KilnCore
import KilnTestSupport
import Testing

/// The first point of a path.
private func firstPoint(_ path: Path) -> Point? {
    guard case .move(let p) = path.elements.first else { return nil }
    return p
}

/// The number of `move` elements, that is of subpaths.
private func subpathCount(_ path: Path) -> Int {
    path.elements.filter { if case .move = $0 { true } else { false } }.count
}

/// The arc length of the cubic that `addArc` uses for a quarter of the unit circle, worked
/// out independently by a 200 000-step midpoint rule; it runs 1.4e-4 longer than π/2.
private let cubicQuarterArc = 1.571_016_698_072_556

/// A straight line from `a` to `b`.
private func line(_ a: Point, _ b: Point) -> Path {
    Path(elements: [.move(to: a), .line(to: b)])
}

// MARK: - Bounds

@Test("The bounds of a rectangle path are the rectangle")
func boundsOfRect() {
    let path = Path(rect: Rect(10, 20, 30, 40))

    let bounds = path.bounds

    #expect(bounds == Rect(10, 20, 30, 40))
}

@Test("The bounds of a rounded rectangle are the rectangle it was made from")
func boundsOfRoundedRect() {
    let path = Path(roundedRect: Rect(5, 5, 100, 60), cornerRadius: 12)

    let bounds = path.bounds

    #expect(isClose(bounds, Rect(5, 5, 100, 60)))
}

@Test("The bounds of a circle hug the circle, not its control points")
func boundsOfCircle() {
    let path = Path(circleCenter: Point(50, 40), radius: 20)

    let bounds = path.bounds

    #expect(isClose(bounds, Rect(30, 20, 40, 40)))
}

@Test("A cubic that bulges past its endpoints is bounded at its extreme, inside the hull")
func boundsOfCubicWithExtremum() {
    var path = Path()
    path.move(to: Point(0, 0))
    path.addCurve(to: Point(100, 0), control1: Point(0, -80), control2: Point(100, -80))

    let bounds = path.bounds

    // B(½).y = ¾·(−80) = −60, while the control points reach −80.
    #expect(isClose(bounds, Rect(0, -60, 100, 60)))
}

@Test("A quadratic curve is bounded at its extreme too")
func boundsOfQuadCurve() {
    var path = Path()
    path.move(to: Point(0, 0))
    path.addQuadCurve(to: Point(0, 100), control: Point(80, 50))

    let bounds = path.bounds

    #expect(isClose(bounds, Rect(0, 0, 40, 100)))
}

@Test("An empty path has zero bounds and zero length")
func emptyPathMeasures() {
    let path = Path()

    #expect(path.bounds == .zero)
    #expect(path.length == 0)
    #expect(path.point(atFraction: 0.5) == nil)
}

// MARK: - Length

@Test("The length of a line is the distance between its ends")
func lengthOfLine() {
    let path = line(Point(1, 2), Point(4, 6))

    let length = path.length

    #expect(length == 5)
}

@Test("The length of a rectangle is its perimeter, the closing side included")
func lengthOfRect() {
    let path = Path(rect: Rect(0, 0, 30, 20))

    let length = path.length

    #expect(isClose(length, 100))
}

@Test("The length of a circle is 2πr, up to the cubic approximation")
func lengthOfCircle() {
    let path = Path(circleCenter: Point(10, 10), radius: 50)

    let length = path.length

    #expect(isClose(length, 4 * 50 * cubicQuarterArc, relative: 1e-9))
    // Looser than the measurement: the quarter-turn cubics themselves run 1.4e-4 long.
    #expect(isClose(length, 2 * Double.pi * 50, relative: 2e-4))
}

@Test("The length of a rounded rectangle is its straight sides plus one full circle")
func lengthOfRoundedRect() {
    let path = Path(roundedRect: Rect(0, 0, 200, 100), cornerRadius: 20)

    let length = path.length

    let straight = 2.0 * (200 - 40) + 2 * (100 - 40)
    #expect(isClose(length, straight + 4 * 20 * cubicQuarterArc, relative: 1e-9))
}

@Test("The measured length of a cubic matches a fine polyline to a millionth", arguments: [
    [Point(0, 0), Point(150, 90), Point(-40, 70), Point(100, 20)],
    // A cusp: the speed drops to zero at t = ½.
    [Point(0, 0), Point(100, 100), Point(0, 100), Point(100, 0)],
])
func lengthOfCubicMatchesPolyline(_ p: [Point]) {
    var path = Path()
    path.move(to: p[0])
    path.addCurve(to: p[3], control1: p[1], control2: p[2])

    let length = path.length

    let steps = 200_000
    let samples = (0...steps).map { i -> Point in
        let t = Double(i) / Double(steps), u = 1 - t
        return p[0] * (u * u * u) + p[1] * (3 * u * u * t) + p[2] * (3 * u * t * t) + p[3] * (t * t * t)
    }
    let polyline = zip(samples, samples.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    #expect(isClose(length, polyline, relative: 1e-6))
}

@Test("The point at a fraction of the length walks around a rectangle")
func pointAtFraction() {
    let path = Path(rect: Rect(0, 0, 30, 20))

    let points = [0, 0.15, 0.3, 0.5, 0.9, 1, 2].map { path.point(atFraction: $0) }

    let expected = [Point(0, 0), Point(15, 0), Point(30, 0), Point(30, 20), Point(0, 10),
                    Point(0, 0), Point(0, 0)]
    #expect(zip(points, expected).allSatisfy { isClose($0, $1) })
}

// MARK: - Trimming

@Test("Trimming a line to its first half keeps the first half")
func trimHalfOfLine() {
    let path = line(Point(0, 0), Point(10, 0))

    let trimmed = path.trimmed(from: 0, to: 0.5)

    #expect(trimmed == line(Point(0, 0), Point(5, 0)))
}

@Test("The middle half of a rectangle is half its perimeter, between the right points")
func trimMiddleOfRect() {
    let path = Path(rect: Rect(0, 0, 30, 20))

    let trimmed = path.trimmed(from: 0.25, to: 0.75)

    #expect(isClose(trimmed.length, 50))
    #expect(isClose(firstPoint(trimmed), Point(25, 0)))
    #expect(isClose(trimmed.currentPoint, Point(5, 20)))
    #expect(!trimmed.elements.contains(.closeSubpath))
}

@Test("A trimmed rectangle takes part of its closing side as a line")
func trimIntoClosingSide() {
    let path = Path(rect: Rect(0, 0, 30, 20))

    let trimmed = path.trimmed(from: 0.5, to: 0.95)

    #expect(isClose(trimmed.length, 45))
    #expect(isClose(trimmed.currentPoint, Point(0, 5)))
    #expect(!trimmed.elements.contains(.closeSubpath))
}

@Test("A quarter of a circle from 12 o'clock ends at 3 o'clock")
func trimQuarterCircle() {
    let path = Path(circleCenter: Point(0, 0), radius: 10)

    let trimmed = path.trimmed(from: 0, to: 0.25)

    #expect(isClose(firstPoint(trimmed), Point(0, -10)))
    #expect(isClose(trimmed.currentPoint, Point(10, 0), within: 1e-6))
}

@Test("Half a circle ends at the opposite point and is still smooth cubics")
func trimHalfCircle() {
    let path = Path(circleCenter: Point(0, 0), radius: 10)

    let trimmed = path.trimmed(from: 0, to: 0.5)

    #expect(isClose(trimmed.currentPoint, Point(0, 10), within: 1e-6))
    #expect(isClose(trimmed.length, path.length / 2, relative: 1e-9))
    #expect(trimmed.elements.dropFirst().allSatisfy { if case .curve = $0 { true } else { false } })
}

@Test("A piece cut from inside a cubic lies on the original curve")
func trimInsideOneCubic() {
    let path = Path(circleCenter: Point(0, 0), radius: 10)

    let trimmed = path.trimmed(from: 0.05, to: 0.2)

    #expect(trimmed.elements.count == 2)
    #expect(isClose(trimmed.length, path.length * 0.15, relative: 1e-9))
    for fraction in [0.0, 0.3, 0.6, 1.0] {
        let p = trimmed.point(atFraction: fraction) ?? .zero
        #expect(isClose(p.length, 10, within: 0.01))
    }
}

@Test("Trimming to the whole length returns the path unchanged")
func trimWholePath() {
    let path = Path(roundedRect: Rect(0, 0, 80, 40), cornerRadius: 8)

    let trimmed = path.trimmed(from: 0, to: 1)

    #expect(trimmed == path)
}

@Test("Fractions outside 0…1 are clamped")
func trimClamps() {
    let path = line(Point(0, 0), Point(10, 0))

    let wide = path.trimmed(from: -1, to: 2)
    let tail = path.trimmed(from: 0.5, to: 7)
    let head = path.trimmed(from: -3, to: 0.25)

    #expect(wide == path)
    #expect(tail == line(Point(5, 0), Point(10, 0)))
    #expect(head == line(Point(0, 0), Point(2.5, 0)))
}

@Test("A start at or past the end gives an empty path")
func trimEmptyWhenStartNotBeforeEnd() {
    let path = Path(rect: Rect(0, 0, 10, 10))

    let equal = path.trimmed(from: 0.4, to: 0.4)
    let reversed = path.trimmed(from: 0.8, to: 0.2)
    let bothClamped = path.trimmed(from: 1.5, to: 3)

    #expect(equal.isEmpty)
    #expect(reversed.isEmpty)
    #expect(bothClamped.isEmpty)
}

@Test("Trimming runs over all subpaths in order and keeps whole ones closed")
func trimAcrossSubpaths() {
    var path = line(Point(0, 0), Point(10, 0))
    path.addPath(Path(rect: Rect(0, 10, 10, 10)))
    path.addPath(line(Point(0, 30), Point(30, 30)))

    // Total length 10 + 40 + 30 = 80; 0.0625…0.875 is 5…70.
    let trimmed = path.trimmed(from: 0.0625, to: 0.875)

    #expect(isClose(trimmed.length, 65))
    #expect(subpathCount(trimmed) == 3)
    #expect(trimmed.elements.contains(.closeSubpath))
    #expect(isClose(firstPoint(trimmed), Point(5, 0)))
    #expect(isClose(trimmed.currentPoint, Point(20, 30)))
}

@Test("A window inside one subpath leaves the others out")
func trimWithinOneSubpath() {
    var path = line(Point(0, 0), Point(10, 0))
    path.addPath(line(Point(0, 10), Point(10, 10)))

    let trimmed = path.trimmed(from: 0.6, to: 0.8)

    #expect(trimmed == line(Point(2, 10), Point(6, 10)))
}
