import KilnCore
import KilnPlatform
import KilnTestSupport
import Testing

/// Fill rules and sheared layers as they come out of the offscreen compositor.
@Suite("Fill rules and skew")
struct FillRuleAndSkewTests {
    /// Whether the device pixel at world point (x, y) at 2× is mostly red.
    private func isRed(_ frame: Bitmap, _ x: Double, _ y: Double) -> Bool {
        let p = frame.pixel(x: Int(x * 2), y: Int(y * 2))
        return p.r > 200 && p.g < 100 && p.b < 100
    }

    @Test("Two circles wound the same way: even-odd leaves the inner one unpainted, non-zero paints it",
          arguments: [FillRule.evenOdd, .nonZero])
    func fillRuleHole(rule: FillRule) throws {
        let scene = TestScene()
        let ring = ShapeLayer()
        ring.frame = Rect(10, 10, 80, 80)
        var path = Path(circleCenter: Point(40, 40), radius: 36)
        path.addPath(Path(circleCenter: Point(40, 40), radius: 16))
        ring.path = path
        ring.fillColor = Color(hex: 0xFF0000)
        ring.fillRule = rule
        scene.root.addSublayer(ring)
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 2)

        let frame = host.render(scene)

        // Between the circles it is painted either way; outside both it is not.
        #expect(isRed(frame, 50, 24) && isRed(frame, 24, 50) && isRed(frame, 76, 50))
        #expect(frame.color(x: 6, y: 6) == .white)
        // The hole: white under even-odd, red under non-zero, all across it.
        for (x, y) in [(50.0, 50.0), (42.0, 50.0), (50.0, 58.0)] {
            if rule == .evenOdd {
                #expect(frame.color(x: Int(x * 2), y: Int(y * 2)) == .white)
            } else {
                #expect(isRed(frame, x, y))
            }
        }
    }

    /// A 40×40 red square at (30, 30) as a plain layer or a filled shape, sheared about its centre.
    private func shearedSquare(asShape: Bool) -> Layer {
        let frame = Rect(30, 30, 40, 40)
        let layer: Layer
        if asShape {
            let shape = ShapeLayer()
            shape.frame = frame
            shape.path = Path(rect: shape.bounds)
            shape.fillColor = Color(hex: 0xFF0000)
            layer = shape
        } else {
            layer = Layer()
            layer.frame = frame
            layer.backgroundColor = Color(hex: 0xFF0000)
        }
        // x' = x − 0.5·y about the centre: the top edge moves right by 10, the bottom left by 10.
        layer.transform = Transform(a: 1, b: 0, c: -0.5, d: 1, tx: 0, ty: 0)
        return layer
    }

    @Test("A sheared layer's corners land where the shear puts them", arguments: [false, true])
    func skewedCorners(asShape: Bool) throws {
        let scene = TestScene()
        scene.root.addSublayer(shearedSquare(asShape: asShape))
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 2)

        let frame = host.render(scene)

        // Corners: (40, 30), (80, 30), (60, 70), (20, 70); a point just inside each is painted.
        #expect(isRed(frame, 42, 31) && isRed(frame, 78, 31) && isRed(frame, 58, 69) && isRed(frame, 22, 69))
        // Where the unsheared square's corners were, nothing is.
        #expect(frame.color(x: 62, y: 62) == .white && frame.color(x: 138, y: 138) == .white)
        // Each row runs from 40 − (y − 30)/2 to 80 − (y − 30)/2, within a device pixel.
        for y in [32.0, 50.0, 68.0] {
            let painted = (0..<200).filter { isRed(frame, Double($0) / 2, y) }
            let start = 2 * (40 - (y - 30) / 2)
            #expect(abs(Double(painted.first ?? -9) - start) <= 1, "row \(y) starts at \(painted.first ?? -9)")
            #expect(abs(Double(painted.count) - 80) <= 2, "row \(y) has \(painted.count) pixels")
        }
    }
}
