import KilnCore
import KilnTestSupport
import Testing

/// Interpolates through the protocol, so a missing conformance fails to compile.
private func blend<Value: Interpolatable>(_ from: Value, _ to: Value, _ t: Double) -> Value {
    from.interpolated(to: to, t: t)
}

@Test("Doubles, points, sizes and rects interpolate linearly and extrapolate")
func linearValues() {
    let number = blend(10.0, 20.0, 1.5)
    let point = blend(Point(0, 0), Point(10, -20), 0.25)
    let size = blend(Size(10, 10), Size(20, 30), 0.5)
    let rect = blend(Rect(0, 0, 10, 10), Rect(10, 20, 30, 50), 0.5)

    #expect(number == 25)
    #expect(point == Point(2.5, -5))
    #expect(size == Size(15, 20))
    #expect(rect == Rect(5, 10, 20, 30))
}

@Test("Colours interpolate through the protocol, fading to clear without darkening")
func colours() {
    let red = Color(red: 1, green: 0, blue: 0)

    let faded = blend(red, .clear, 0.5)

    #expect(faded == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
}

@Test("Half way from identity to a 90° rotation is a 45° rotation with scale 1")
func halfRotation() {
    let quarterTurn = Transform(rotationAngle: .pi / 2)

    let halfWay = blend(Transform.identity, quarterTurn, 0.5)

    #expect(isClose(halfWay, Transform(rotationAngle: .pi / 4)))
    #expect(abs(halfWay.determinant - 1) < 1e-9)
}

@Test("A rotation takes the shorter way round")
func rotationTakesShorterWay() {
    let from = Transform(rotationAngle: 170 * .pi / 180)
    let to = Transform(rotationAngle: -170 * .pi / 180)

    let halfWay = blend(from, to, 0.5)

    #expect(isClose(halfWay, Transform(rotationAngle: .pi)))
}

@Test("Translation, rotation and scale each move independently")
func combinedTransform() {
    let target = Transform(scaleX: 3, y: 5)
        .concatenating(Transform(rotationAngle: .pi / 3))
        .concatenating(Transform(translationX: 40, y: -20))

    let halfWay = blend(Transform.identity, target, 0.5)

    let expected = Transform(scaleX: 2, y: 3)
        .concatenating(Transform(rotationAngle: .pi / 6))
        .concatenating(Transform(translationX: 20, y: -10))
    #expect(isClose(halfWay, expected))
}

@Test("A skewed, scaled, rotated transform survives decomposition unchanged")
func decompositionRoundTrips() {
    let transform = Transform(a: 1.2, b: 0.7, c: -0.9, d: 2.1, tx: 5, ty: -3)
    let mirrored = Transform(a: -1, b: 0, c: 0.3, d: 2, tx: 0, ty: 0)

    let same = blend(transform, transform, 0.5)
    let sameMirrored = blend(mirrored, mirrored, 0.3)

    #expect(isClose(same, transform))
    #expect(isClose(sameMirrored, mirrored))
}

@Test("Growing from a zero scale passes through half scale")
func growsFromZeroScale() {
    let collapsed = Transform(scaleX: 0, y: 0)

    let halfWay = blend(collapsed, Transform.identity, 0.5)

    #expect(isClose(halfWay, Transform(scaleX: 0.5, y: 0.5)))
}

@Test("Transform interpolation returns the endpoints exactly")
func transformEndpointsAreExact() {
    let from = Transform(a: 0.3, b: 0.1, c: -0.2, d: 0.9, tx: 1.1, ty: 2.2)
    let to = Transform(rotationAngle: 1).translatedBy(x: 3, y: 4)

    let ends = [blend(from, to, 0), blend(from, to, 1)]

    #expect(ends == [from, to])
}
