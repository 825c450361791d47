import KilnCore
import KilnPlatform
import KilnTestSupport
import Testing

/// Layers and frames larger than an image can be: drawn coarser, or refused in words.
@Suite("Raster limits")
struct RasterLimitTests {
    /// A layer of `size` points at `origin`, filled with `color`, with a shadow when asked
    /// (a shadow copies the content: it was where an oversized image first failed).
    static func layer(_ frame: Rect, color: Color, shadow: Bool) -> Layer {
        let layer = Layer()
        layer.frame = frame
        layer.backgroundColor = color
        if shadow {
            layer.shadowOpacity = 0.5
            layer.shadowRadius = 6
            layer.shadowColor = .black
        }
        return layer
    }

    @Test("A layer far wider than an image can be is drawn, coarser, with or without a shadow, at every scale",
          arguments: [1.0, 2.0, 4.0, 8.0])
    func hugeLayer(scale: Double) throws {
        let scene = TestScene(size: Size(100, 60))
        // 40,000 points: 320,000 pixels wide at 8×, past Cairo's 32,767.
        scene.root.addSublayer(Self.layer(Rect(-20_000, 10, 40_000, 20), color: Color(hex: 0xFF0000), shadow: true))
        scene.root.addSublayer(Self.layer(Rect(-30_000, 40, 60_000, 10), color: Color(hex: 0x0000FF), shadow: false))
        let host = try OffscreenHost(canvas: scene.root.bounds.size, scale: scale)

        let frame = host.render(scene)

        let px = { (x: Double, y: Double) in frame.color(x: Int(x * scale), y: Int(y * scale)) }
        #expect(px(50, 20) == Color(hex: 0xFF0000))
        #expect(px(5, 20) == Color(hex: 0xFF0000))
        #expect(px(50, 45) == Color(hex: 0x0000FF))
        #expect(px(50, 56) == .white)
    }

    @Test("A layer taller and wider than the limit at once stays within the image area")
    func hugeSquareLayer() throws {
        let scene = TestScene(size: Size(80, 80))
        scene.root.addSublayer(Self.layer(Rect(-9_000, -9_000, 18_000, 18_000), color: Color(hex: 0x00FF00), shadow: false))
        let host = try OffscreenHost(canvas: scene.root.bounds.size, scale: 2)

        let frame = host.render(scene)

        #expect(frame.color(x: 80, y: 80) == Color(hex: 0x00FF00))
    }

    @Test("The scale content is rasterized at keeps its image within the limits, and is the one asked for when it fits")
    func rasterScale() throws {
        #expect(OffscreenHost.rasterScale(of: Rect(0, 0, 300, 200), wanted: 2) == 2)
        let wide = try #require(OffscreenHost.rasterScale(of: Rect(0, 0, 40_000, 20), wanted: 8))
        #expect((40_000 * wide).rounded(.up) + 2 <= Double(OffscreenHost.maximumPixelSide))
        let square = try #require(OffscreenHost.rasterScale(of: Rect(0, 0, 10_000, 10_000), wanted: 2))
        #expect((10_000 * square + 2) * (10_000 * square + 2) <= Double(1 << 25))
        #expect(OffscreenHost.rasterScale(of: Rect(0, 0, .infinity, 10), wanted: 2) == nil)
        #expect(OffscreenHost.rasterScale(of: Rect(0, 0, .nan, 10), wanted: 2) == nil)
        #expect(OffscreenHost.rasterScale(of: Rect(0, 0, 0, 0), wanted: 2) == 2)
    }

    @Test("A frame past the limit is refused naming it; the largest one accepted renders")
    func frameLimit() throws {
        #expect(OffscreenHost.sizeProblem(canvas: Size(8192, 100), scale: 4)
                == "the frame would be 32768×400 pixels; Kiln renders at most 16384 pixels a side: choose a smaller --size or --scale")
        #expect(throws: PlatformError.self) { try OffscreenHost(canvas: Size(8192, 100), scale: 4) }
        #expect(OffscreenHost.sizeProblem(canvas: Size(8192, 16), scale: 2) == nil)
        #expect(OffscreenHost.sizeProblem(canvas: Size(16_384, 16_384), scale: 1)
                == "the frame would be 16384×16384 pixels (1024 MB); Kiln renders at most 64 million pixels: choose a smaller --size or --scale")
        #expect(OffscreenHost.sizeProblem(canvas: Size(4096, 4096), scale: 2) == nil)
        #expect(OffscreenHost.sizeProblem(canvas: Size(4096, 4097), scale: 2) != nil)

        let scene = TestScene(size: Size(8192, 16))
        scene.root.addSublayer(Self.layer(Rect(8000, 0, 192, 16), color: Color(hex: 0x0000FF), shadow: true))
        let frame = try OffscreenHost(canvas: scene.root.bounds.size, scale: 2).render(scene)

        #expect(frame.width == 16_384)
        #expect(frame.color(x: 16_300, y: 16) == Color(hex: 0x0000FF))
    }
}
