@testable import KilnPlatform
import KilnCore
import KilnTestSupport
import Testing

/// The offscreen compositor's shortcuts: hand-blitted pieces, hidden layers left out,
/// textures trimmed to what they show. Each must look exactly like the long way round.
@Suite("Compositor fast paths")
struct CompositorFastPathTests {
    /// A layer filling `frame` with `color`.
    private func solid(_ frame: Rect, _ color: Color, opacity: Double = 1, cornerRadius: Double = 0) -> Layer {
        let layer = Layer()
        layer.frame = frame
        layer.backgroundColor = color
        layer.opacity = opacity
        layer.cornerRadius = cornerRadius
        return layer
    }

    @Test("A fading layer drawn pixel for pixel blends its colour with what is behind by its opacity")
    func fadingBlit() throws {
        let scene = TestScene()
        scene.root.addSublayer(solid(Rect(10, 10, 50, 50), Color(hex: 0xFF0000), opacity: 0.5))
        scene.root.addSublayer(solid(Rect(40, 40, 50, 50), Color(red: 0, green: 0, blue: 1, alpha: 0.5), opacity: 0.5))
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 2)

        let frame = host.render(scene)

        let half = frame.pixel(x: 40, y: 40)
        #expect(half.r == 255 && abs(Int(half.g) - 128) <= 1 && abs(Int(half.b) - 128) <= 1)
        // A quarter of blue over white.
        let quarter = frame.pixel(x: 170, y: 170)
        #expect(abs(Int(quarter.r) - 191) <= 1 && abs(Int(quarter.g) - 191) <= 1 && quarter.b == 255)
        // Where both overlap: a quarter of blue over half red on white.
        let both = frame.pixel(x: 100, y: 100)
        #expect(abs(Int(both.r) - 191) <= 1 && abs(Int(both.g) - 96) <= 1 && abs(Int(both.b) - 159) <= 1)
        #expect(frame.pixel(x: 19, y: 19) == frame.pixel(x: 0, y: 0))
    }

    @Test("A layer moved by a fraction of a pixel is drawn whole, one pixel either way")
    func fractionalBlit() throws {
        let scene = TestScene()
        let layer = solid(Rect(10.3, 10.3, 20, 20), Color(hex: 0x00FF00))
        scene.root.addSublayer(layer)
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 2)

        let frame = host.render(scene)

        let painted = (0..<200).filter { frame.pixel(x: $0, y: 40).g == 255 && frame.pixel(x: $0, y: 40).r == 0 }
        #expect((40...41).contains(painted.count))
        #expect(painted.first.map { (20...22).contains($0) } == true)
    }

    @Test("A scaled layer covers exactly its scaled frame, drawn by hand as pixman would draw it", arguments: [0.9, 1.003, 1.5, 0.5])
    func scaledBlit(scale: Double) throws {
        let scene = TestScene()
        let layer = ShapeLayer()
        layer.frame = Rect(30, 30, 40, 40)
        layer.path = Path(rect: layer.bounds)
        layer.fillColor = Color(hex: 0x00FF00)
        layer.transform = Transform(scaleX: scale, y: scale)
        scene.root.addSublayer(layer)
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 2)

        let frame = host.render(scene)

        // Device pixels at least half green, across the middle row and down the middle column.
        let across = (0..<200).filter { frame.pixel(x: $0, y: 100).r < 128 }
        let down = (0..<200).filter { frame.pixel(x: 100, y: $0).r < 128 }
        let side = 80 * scale, start = 100 - side / 2
        for run in [across, down] {
            #expect(abs(Double(run.count) - side) <= 1, "\(run.count) pixels, \(side) expected")
            #expect(abs(Double(run.first ?? -9) - start) <= 1)
        }
        let middle = frame.pixel(x: 100, y: 100)
        #expect(middle.r == 0 && middle.g == 255 && middle.b == 0)
    }

    @Test("A rounded plain-colour layer is filled by hand, without rasterizing, like the same shape rasterized",
          arguments: [(Rect(10.5, 12.5, 60, 41.5), 12.0, 1.0), (Rect(20, 20, 50, 30), 40.0, 0.6), (Rect(5, 5, 90, 90), 0.5, 1.0),
                      // Corners far narrower than a pixel: as good as square, not half transparent.
                      (Rect(0, 0, 24, 32), 6e-20, 1.0), (Rect(10.5, 12, 24, 32), 0.2, 0.8)])
    func roundedFill(frame: Rect, radius: Double, opacity: Double) throws {
        let color = Color(hex: 0x3366CC)
        let filled = TestScene(), shaped = TestScene()
        filled.root.addSublayer(solid(frame, color, opacity: opacity, cornerRadius: radius))
        let shape = ShapeLayer()
        shape.frame = frame
        shape.path = Path(roundedRect: shape.bounds, cornerRadius: radius)
        shape.fillColor = color
        shape.opacity = opacity
        shaped.root.addSublayer(shape)
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 2)

        let byHand = host.render(filled)
        #expect(host.rasterizationsLastFrame == 0)
        let rasterized = host.render(shaped)

        var worst = 0, differing = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let a = byHand.pixel(x: x, y: y), b = rasterized.pixel(x: x, y: y)
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                worst = max(worst, d)
                if d > 2 { differing += 1 }
            }
        }
        // Only edge pixels may differ, and only by how their coverage is estimated.
        #expect(worst <= 40, "worst difference \(worst)")
        #expect(differing <= Int(frame.width + frame.height) * 2, "\(differing) pixels differ")
    }

    @Test("A rounded layer narrower than a pixel is filled by how much of each pixel it covers, and no further")
    func roundedSliver() throws {
        let scene = TestScene()
        // 0.6 of device column 60, from 60.3 to 60.9, with corners of 0.2 px.
        scene.root.addSublayer(solid(Rect(30.15, 30, 0.3, 20), Color(hex: 0x0000FF), opacity: 1, cornerRadius: 0.1))
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 2)
        let frame = host.render(scene)
        #expect(host.rasterizationsLastFrame == 0)

        // Blue over the page: red falls from the page's by the coverage.
        let page = frame.pixel(x: 10, y: 10).r
        try #require(page > 100)
        let covered = Double(Int(page) - Int(frame.pixel(x: 60, y: 80).r)) / Double(page)
        #expect(abs(covered - 0.6) <= 0.15, "column 60 covered \(covered)")
        #expect(frame.pixel(x: 59, y: 80).r == page && frame.pixel(x: 61, y: 80).r == page)
    }

    @Test("A layer wholly under an opaque one is neither rasterized nor drawn")
    func hiddenUnderOpaque() throws {
        let scene = TestScene()
        let below = ShapeLayer()
        below.frame = Rect(20, 20, 40, 40)
        below.path = Path(ellipseIn: below.bounds)
        below.fillColor = .red
        scene.root.addSublayer(below)
        scene.root.addSublayer(solid(Rect(10, 10, 60, 60), Color(hex: 0x3366CC)))
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 2)

        let frame = host.render(scene)

        // The cover is a plain colour, filled without a texture; the circle is left out.
        #expect(host.rasterizationsLastFrame == 0)
        #expect(frame.color(x: 80, y: 80) == Color(hex: 0x3366CC))
    }

    @Test("What shows through rounded corners, translucency or a turn is still drawn")
    func partlyCovered() throws {
        for cover in [solid(Rect(10, 10, 60, 60), .white, cornerRadius: 20),
                      solid(Rect(10, 10, 60, 60), .white, opacity: 0.5),
                      { let l = solid(Rect(10, 10, 60, 60), .white); l.transform = Transform(rotationAngle: 0.3); return l }()] {
            let scene = TestScene()
            scene.root.backgroundColor = .black
            let below = ShapeLayer()
            below.frame = Rect(10, 10, 60, 60)
            below.path = Path(rect: below.bounds)
            below.fillColor = Color(hex: 0xFF0000)
            scene.root.addSublayer(below)
            scene.root.addSublayer(cover)
            let host = try OffscreenHost(canvas: Size(100, 100), scale: 2)

            let frame = host.render(scene)

            // The red shape is rasterized, and the cover too unless it is a plain colour upright.
            let coverIsPlain = cover.transform == .identity
            #expect(host.rasterizationsLastFrame == (coverIsPlain ? 1 : 2))
            // The corner pixel of the red layer shows red (through the corner, the white at half, or beside the turn).
            #expect(frame.pixel(x: 21, y: 21).r == 255 && frame.pixel(x: 21, y: 21).b < 200)
        }
    }

    @Test("A plain rectangle of colour is filled without a texture, blended by its alpha and opacity")
    func plainColour() throws {
        let scene = TestScene()
        scene.root.addSublayer(solid(Rect(10, 10, 50, 50), Color(red: 0, green: 0, blue: 0, alpha: 0.5), opacity: 0.5))
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 2)

        let frame = host.render(scene)

        #expect(host.rasterizationsLastFrame == 0)
        let quarter = frame.pixel(x: 60, y: 60)
        #expect(abs(Int(quarter.r) - 191) <= 1 && quarter.r == quarter.g && quarter.g == quarter.b)
        #expect(frame.pixel(x: 19, y: 60) == frame.pixel(x: 0, y: 0) && frame.pixel(x: 20, y: 60) == quarter)
    }

    @Test("A glow's empty margins are trimmed off its texture, a pixel of clear left around what shows")
    func trimmedTexture() throws {
        let dot = ShapeLayer()
        dot.frame = Rect(0, 0, 100, 60)
        dot.path = Path(ellipseIn: Rect(40, 20, 10, 10))
        dot.fillColor = .red
        let image = ContentRasterizer(scale: 2).rasterize(dot, localRect: dot.bounds)

        #expect((20...24).contains(image.width) && (20...24).contains(image.height))
        #expect(image.localRect.minX < 40 && image.localRect.minX >= 39 && image.localRect.maxY > 30 && image.localRect.maxY <= 31)
        #expect(!image.isOpaque)
        // The trimmed edge rows are clear.
        #expect((0..<image.width).allSatisfy { image.pixels[$0 * 4 + 3] == 0 })
    }

    @Test("A fully opaque texture is marked opaque, so it is copied rather than blended")
    func opaqueTexture() throws {
        let layer = solid(Rect(0, 0, 30, 20), Color(hex: 0x123456))
        let image = ContentRasterizer(scale: 2).rasterize(layer, localRect: layer.bounds.insetBy(dx: 1, dy: 1))

        #expect(image.isOpaque)
        let scene = TestScene()
        scene.root.addSublayer(layer)
        let frame = try OffscreenHost(canvas: Size(100, 100), scale: 2).render(scene)
        #expect(frame.color(x: 30, y: 20) == Color(hex: 0x123456))
    }
}
