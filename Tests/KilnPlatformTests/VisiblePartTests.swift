import Foundation
@_spi(Fuzzing) import KilnCore
@testable import KilnPlatform
import KilnTestSupport
import PropertyBased
import Testing

/// Large layers are rasterized only where they can show: the part is the same pixels as the
/// whole would be, the frame is what the reference draws, and no layer takes more than a few
/// canvases of pixels however far it reaches.
@Suite("Visible parts of large layers")
struct VisiblePartTests {
    static let canvas = Size(width: 120, height: 160)

    /// Where the part's first pixel lies among the whole's pixels.
    static func offset(of part: RasterImage, in whole: RasterImage, scale: Double) -> (x: Int, y: Int) {
        (Int(((part.localRect.minX - whole.localRect.minX) * scale).rounded()),
         Int(((part.localRect.minY - whole.localRect.minY) * scale).rounded()))
    }

    /// How a part's pixels differ from the whole's pixels under them, the colour weighted by
    /// alpha (a transparent pixel's colour is only bled in for filtering): the largest
    /// difference, and how many pixels differ by more than `tolerance`. The part's outer
    /// `ring` pixels are left out, where that bleeding sees other neighbours and a shadow's
    /// blur reaches past the part.
    static func difference(_ part: RasterImage, _ whole: RasterImage, at offset: (x: Int, y: Int), ring: Int,
                           tolerance: Int) -> (worst: Int, over: Int) {
        var worst = 0, over = 0
        for y in ring..<max(ring, part.height - ring) {
            for x in ring..<max(ring, part.width - ring) {
                let wx = x + offset.x, wy = y + offset.y
                let p = (y * part.width + x) * 4
                var pixel = 0
                if wx >= 0, wy >= 0, wx < whole.width, wy < whole.height {
                    let w = (wy * whole.width + wx) * 4
                    let pa = Int(part.pixels[p + 3]), wa = Int(whole.pixels[w + 3])
                    pixel = abs(pa - wa)
                    for c in 0..<3 {
                        pixel = max(pixel, abs(Int(part.pixels[p + c]) * pa - Int(whole.pixels[w + c]) * wa) / 255)
                    }
                } else {
                    pixel = Int(part.pixels[p + 3])
                }
                worst = max(worst, pixel)
                if pixel > tolerance { over += 1 }
            }
        }
        return (worst, over)
    }

    /// The kinds of layer drawn large: all that rasterize content but hairlines and emitters.
    static let kinds: [LayerSpec.Kind] = [.plain, .shape, .text, .gradient, .bitmap]

    /// How many large layers each property draws: a sixteenth of the random trees' count, 62
    /// in `make test`, fewer under the sanitizers.
    static let layerCount = max(12, OfflineFrameDifferentialTests.treeCount / 16)

    @Test("A part of a layer's content, on the grid parts are cut on, is rasterized as the same pixels as the whole")
    func partMatchesWhole() async {
        let layers = zip(LayerTreeGen.layer(kinds: Self.kinds), Gen.double(in: 150...600), Gen.double(in: 100...500),
                         Gen.int(in: 0...2), zip(Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0.05...0.6),
                                                 Gen.double(in: 0.05...0.6)))

        await propertyCheck(count: Self.layerCount, input: layers) { spec, width, height, scaleIndex, unit in
            let scale = [1.0, 2.0, 3.0][scaleIndex]
            let layer = spec.makeLayer(in: Rect(x: 0, y: 0, width: width / max(spec.unitFrame.width, 0.05),
                                                height: height / max(spec.unitFrame.height, 0.05)))
            let whole = layer.contentBounds
            let wanted = Rect(x: whole.minX + unit.0 * whole.width * 0.7, y: whole.minY + unit.1 * whole.height * 0.7,
                              width: unit.2 * whole.width, height: unit.3 * whole.height).intersection(whole) ?? whole
            let part = Compositor.snapped(wanted, within: whole, scale: scale)
            let rasterizer = ContentRasterizer(scale: scale)

            let wholeImage = rasterizer.rasterize(layer, localRect: whole)
            let partImage = rasterizer.rasterize(layer, localRect: part)

            #expect(part.covers(wanted))
            #expect(whole.covers(part))
            let shadowReach = layer.shadowOpacity > 0
                ? 3 * layer.shadowRadius + max(abs(layer.shadowOffset.x), abs(layer.shadowOffset.y)) : 0
            let ring = 1 + Int((shadowReach * scale).rounded(.up))
            let found = Self.difference(partImage, wholeImage, at: Self.offset(of: partImage, in: wholeImage, scale: scale),
                                        ring: ring, tolerance: 12)

            // The same pixels, not always the same levels: Cairo leaves out of a stroke what
            // lies outside the image, and pixman samples a magnified bitmap through another
            // path when every pixel drawn samples inside it, with its bilinear weights rounded
            // to 1/128. Antialiased edges and steep colour steps differ by a few levels, and a
            // stroke's edge pixels by up to a dozen, as many of them as the stroke has edge in
            // the part (seen: five at 7 to 11 along a part cut on a stroke); a part put a pixel
            // off differs by a hundred along every edge.
            #expect(found.worst <= 32 && found.over <= 4,
                    "\(spec) \(width)×\(height) at \(scale)×, part \(part) of \(whole): worst \(found.worst), \(found.over) over 12")
        }
    }

    /// A layer `size` points large at `origin`, drawn by `spec`, over a root of the canvas.
    static func root(holding spec: LayerSpec, size: Size, origin: Point) -> (Layer, Layer) {
        let root = Layer()
        root.frame = Rect(origin: .zero, size: canvas)
        let container = Rect(x: 0, y: 0, width: size.width / max(spec.unitFrame.width, 0.05),
                             height: size.height / max(spec.unitFrame.height, 0.05))
        let layer = spec.makeLayer(in: container)
        layer.position = Point(x: origin.x + layer.bounds.width * layer.anchorPoint.x,
                               y: origin.y + layer.bounds.height * layer.anchorPoint.y)
        root.addSublayer(layer)
        return (root, layer)
    }

    @Test("Large layers partly on the canvas, turned and scaled, draw as the reference draws them whole, each within a few canvases of pixels")
    func largeLayersMatchTheReference() async throws {
        var hosts: [Double: OffscreenHost] = [:]
        let layers = zip(LayerTreeGen.layer(kinds: Self.kinds), Gen.double(in: 150...600), Gen.double(in: 100...500),
                         Gen.int(in: 0...2), zip(Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0.05...0.6),
                                                 Gen.double(in: 0.05...0.6)))

        await propertyCheck(count: Self.layerCount, input: layers) { spec, width, height, scaleIndex, unit in
            let scale = [1.0, 2.0, 3.0][scaleIndex]
            let host = try hosts[scale] ?? OffscreenHost(canvas: Self.canvas, scale: scale)
            hosts[scale] = host
            let origin = Point(x: -unit.0 * width + unit.2 * Self.canvas.width, y: -unit.1 * height + unit.3 * Self.canvas.height)
            let (root, _) = Self.root(holding: spec, size: Size(width: width, height: height), origin: origin)

            let actual = host.render(root: root, background: LayerTreeSpec.background)
            let reference = ReferenceRenderer.render(root: root, canvas: Self.canvas, scale: scale,
                                                     background: LayerTreeSpec.background)

            FrameMatch.expect(actual, matches: reference, name: "visible-part", details: "\(spec) \(width)×\(height) at \(scale)×")
            let budget = Compositor.layerPixelBudget(canvasPixels: Self.canvas.width * Self.canvas.height * scale * scale)
            #expect(Double(host.largestRasterLastFrame) <= budget,
                    "\(host.largestRasterLastFrame) pixels rasterized for one layer, past \(Int(budget))")
        }
    }

    @Test("A large layer panned across the canvas draws as the reference in every frame, rasterized again only when what shows leaves its part")
    func pannedLayer() throws {
        var spec = LayerSpec(kind: .gradient, unitFrame: Rect(x: 0, y: 0, width: 1, height: 1))
        spec.cornerShare = 0.02
        spec.borderWidth = 3
        let host = try OffscreenHost(canvas: Self.canvas, scale: 2)
        let (root, layer) = Self.root(holding: spec, size: Size(width: 1500, height: 500), origin: Point(x: 0, y: -100))
        layer.transform = Transform(rotationAngle: 0.2)
        var rasterizations = 0
        let steps = 24

        for step in 0..<steps {
            layer.position.x -= 20
            let actual = host.render(root: root, background: LayerTreeSpec.background)
            rasterizations += host.rasterizationsLastFrame
            let reference = ReferenceRenderer.render(root: root, canvas: Self.canvas, scale: 2, background: LayerTreeSpec.background)
            FrameMatch.expect(actual, matches: reference, name: "visible-part-pan", details: "step \(step)")
            #expect(Double(host.largestRasterLastFrame) <= Compositor.layerPixelBudget(canvasPixels: 240 * 320))
        }

        // 20 pt a frame against a quarter of a canvas (30 pt) of margin on each side: a new
        // part every other frame or so, never more than one a frame.
        #expect(rasterizations >= steps / 4 && rasterizations < steps, "\(rasterizations) rasterizations in \(steps) frames")
    }

    @Test("A layer that stays where it is keeps its part: it is rasterized once")
    func stillLayerRasterizedOnce() throws {
        let host = try OffscreenHost(canvas: Self.canvas, scale: 3)
        let (root, _) = Self.root(holding: LayerSpec(kind: .shape, unitFrame: Rect(x: 0, y: 0, width: 1, height: 1)),
                                  size: Size(width: 4000, height: 4000), origin: Point(x: -1000, y: -1000))

        _ = host.render(root: root, background: .white)
        let first = host.rasterizationsLastFrame
        _ = host.render(root: root, background: .white)

        #expect(first == 1)
        #expect(host.rasterizationsLastFrame == 0)
        #expect(Double(host.largestRasterLastFrame) == 0)
    }

    @Test("An SVG element reaching 10,000 points past a 24-point document is drawn as rsvg-convert draws it, from a few canvases of pixels",
          .enabled(if: AssetVectorTests.rsvgConvert != nil, "rsvg-convert is not installed (scripts/bootstrap installs librsvg2-bin)"),
          arguments: [1, 2, 3])
    func farReachingSVGElement(zoom: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-reach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("reach.svg")
        try Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
              <rect id="back" width="24" height="24" fill="#eef"/>
              <g id="arm"><path d="M4 4 L10000 10000 L10000 10020 L4 20 Z" fill="#36c" stroke="#124" stroke-width="2"/></g>
              <circle id="dot" cx="12" cy="12" r="5" fill="#e53"/>
            </svg>
            """.utf8).write(to: url)
        PlatformAssetReader.install()
        let size = Size(width: 24, height: 24)
        let host = try OffscreenHost(canvas: size, scale: Double(zoom))
        let tree = try SVGLayer(image: Image(contentsOf: url))
        tree.frame = Rect(origin: .zero, size: size)
        let root = Layer()
        root.frame = Rect(origin: .zero, size: size)
        root.addSublayer(tree)

        let frame = host.render(root: root, background: .white)
        let reference = try AssetVectorTests.rsvgConvertFrame(url, zoom: zoom)

        let budget = Compositor.layerPixelBudget(canvasPixels: 24 * 24 * Double(zoom * zoom))
        #expect(Double(host.largestRasterLastFrame) <= budget)
        // Three layers laid over each other in 8 bits where librsvg paints one surface: at 1×
        // the dot's edge over the arm's over the back rounds a level more than two layers do.
        let difference = AssetFixtures.difference(frame, reference, tolerance: 4)
        #expect(difference.over == 0, "at \(zoom)×: \(difference.over) pixels differ by more than 4/255 (worst \(difference.worst))")
    }
}
