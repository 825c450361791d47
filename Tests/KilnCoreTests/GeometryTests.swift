import Foundation
import KilnCore
import KilnTestSupport
import Testing

// MARK: - Point

@Test("Points add, subtract, scale and negate component by component")
func pointArithmetic() {
    let a = Point(3, 4)
    let b = Point(1, -2)

    let sum = a + b, difference = a - b, scaled = a * 2, halved = a / 2, negated = -a

    #expect(sum == Point(4, 2))
    #expect(difference == Point(2, 6))
    #expect(scaled == Point(6, 8))
    #expect(halved == Point(1.5, 2))
    #expect(negated == Point(-3, -4))
}

@Test("A point knows its length, its distance to another and the way between")
func pointDistanceAndInterpolation() {
    let a = Point(3, 4)
    let b = Point(6, 8)

    let quarter = a.interpolated(to: b, t: 0.25)

    #expect(a.length == 5)
    #expect(a.distance(to: b) == 5)
    #expect(quarter == Point(3.75, 5))
}

@Test("Compound assignment moves a point in place")
func pointCompoundAssignment() {
    var p = Point(1, 1)

    p += Point(2, 3)
    p -= Point(1, 0)

    #expect(p == Point(2, 4))
}

// MARK: - Rect

@Test("A rectangle contains its minimum edges but not its maximum edges")
func rectContainment() {
    let r = Rect(10, 20, 30, 40)

    let inside = [Point(10, 20), Point(25, 40), Point(39.9, 59.9)].map(r.contains)
    let outside = [Point(40, 30), Point(20, 60), Point(9.9, 30), Point(20, 19.9)].map(r.contains)

    #expect(inside == [true, true, true])
    #expect(outside == [false, false, false, false])
}

@Test("The union of two rectangles spans both, and ignores an empty one")
func rectUnion() {
    let a = Rect(0, 0, 10, 10)
    let b = Rect(5, -5, 20, 5)

    let both = a.union(b)
    let withEmpty = a.union(Rect(100, 100, 0, 0))

    #expect(both == Rect(0, -5, 25, 15))
    #expect(withEmpty == a)
}

@Test("The intersection of overlapping rectangles is their overlap, otherwise nil")
func rectIntersection() {
    let a = Rect(0, 0, 10, 10)

    let overlap = a.intersection(Rect(5, 5, 10, 10))
    let touching = a.intersection(Rect(10, 0, 5, 5))
    let apart = a.intersection(Rect(20, 20, 5, 5))

    #expect(overlap == Rect(5, 5, 5, 5))
    #expect(touching == nil)
    #expect(apart == nil)
}

@Test("The integral rectangle rounds outwards to whole numbers")
func rectIntegral() {
    let r = Rect(0.5, -1.25, 10.2, 3.5)

    let integral = r.integral

    #expect(integral == Rect(0, -2, 11, 5))
}

@Test("A rectangle around points is their tightest box, and zero for none")
func rectEnclosingPoints() {
    let points = [Point(3, 1), Point(-2, 5), Point(4, -1)]

    let box = Rect(enclosing: points)
    let none = Rect(enclosing: [Point]())

    #expect(box == Rect(-2, -1, 6, 6))
    #expect(none == .zero)
}

// MARK: - Transform

@Test("Concatenating applies the receiver first, then the argument")
func transformConcatenationOrder() {
    let scale = Transform(scaleX: 2, y: 2)
    let translate = Transform(translationX: 10, y: 0)

    let scaleThenTranslate = scale.concatenating(translate).apply(to: Point(1, 1))
    let translateThenScale = translate.concatenating(scale).apply(to: Point(1, 1))

    #expect(scaleThenTranslate == Point(12, 2))
    #expect(translateThenScale == Point(22, 2))
}

@Test("translatedBy, scaledBy and rotated act before the existing transform")
func transformPrependingHelpers() {
    let base = Transform(scaleX: 3, y: 3)

    let moved = base.translatedBy(x: 1, y: 2).apply(to: Point.zero)
    let scaled = base.scaledBy(x: 2, y: 1).apply(to: Point(1, 1))

    #expect(moved == Point(3, 6))
    #expect(scaled == Point(6, 3))
}

@Test("A positive rotation turns the x axis towards the y axis")
func transformRotationDirection() {
    let quarterTurn = Transform(rotationAngle: Double.pi / 2)

    let turned = quarterTurn.apply(to: Point(1, 0))

    #expect(isClose(turned, Point(0, 1)))
}

@Test("The inverse undoes the transform, and a collapsing transform has none")
func transformInverse() {
    let t = Transform(rotationAngle: 0.7).scaledBy(x: 2, y: 0.5).translatedBy(x: 3, y: -4)
    let p = Point(5, 7)

    let roundTrip = t.inverted().map { $0.apply(to: t.apply(to: p)) }
    let collapsed = Transform(scaleX: 0, y: 1).inverted()

    #expect(roundTrip.map { isClose($0, p) } == true)
    #expect(collapsed == nil)
}

@Test("A rotated rectangle is bounded by the box around its turned corners")
func transformRectBoundsUnderRotation() {
    let square = Rect(-1, -1, 2, 2)
    let eighthTurn = Transform(rotationAngle: Double.pi / 4)

    let bounds = eighthTurn.apply(to: square)

    let h = 2.0.squareRoot()
    #expect(isClose(bounds, Rect(-h, -h, 2 * h, 2 * h)))
}

// MARK: - Color

@Test("Hex strings parse in the #RGB, #RRGGBB and #RRGGBBAA forms")
func colorHexParsing() {
    let short = Color(hexString: "#F80")
    let long = Color(hexString: "#FF8800")
    let bare = Color(hexString: "ff8800")
    let translucent = Color(hexString: "#FF880080")

    #expect(short == Color(red: 1, green: 136.0 / 255, blue: 0))
    #expect(long == short)
    #expect(bare == short)
    #expect(translucent == Color(red: 1, green: 136.0 / 255, blue: 0, alpha: 128.0 / 255))
}

@Test("Malformed hex strings give nil", arguments: ["", "#", "#12", "#1234", "#GGGGGG", "#FF 800", "#+FF800", "#FF8800AA0"])
func colorMalformedHex(_ text: String) {
    let color = Color(hexString: text)

    #expect(color == nil)
}

@Test("hexString round-trips through the hex parser")
func colorHexRoundTrip() {
    let colors = [Color(hex: 0x12AB9F), Color(hex: 0xFFD320, alpha: 0.2), .clear, .white]

    let reparsed = colors.map { Color(hexString: $0.hexString)?.hexString }

    #expect(reparsed == colors.map(\.hexString))
    #expect(Color(hex: 0x12AB9F).hexString == "#12AB9F")
    #expect(Color(hex: 0xFFD320, alpha: 0.2).hexString == "#FFD32033")
}

@Test("Halfway from red to blue is an even mix of both")
func colorInterpolationMidpoint() {
    let mid = Color.red.interpolated(to: .blue, t: 0.5)

    #expect(isClose(mid.red, 0.5))
    #expect(isClose(mid.green, 0))
    #expect(isClose(mid.blue, 0.5))
    #expect(isClose(mid.alpha, 1))
}

@Test("Fading to clear keeps the hue and only lowers alpha")
func colorInterpolationToClear() {
    let orange = Color(red: 1, green: 0.5, blue: 0)

    let faded = orange.interpolated(to: .clear, t: 0.75)
    let gone = orange.interpolated(to: .clear, t: 1)

    #expect(isClose(faded.red, 1) && isClose(faded.green, 0.5) && isClose(faded.blue, 0))
    #expect(isClose(faded.alpha, 0.25))
    #expect(gone == .clear)
}
