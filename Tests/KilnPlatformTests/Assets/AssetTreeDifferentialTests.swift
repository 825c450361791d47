import Foundation
import KilnCore
@testable import KilnPlatform
import KilnTestSupport
import PropertyBased
import Testing

/// One layer showing an asset in a generated tree.
struct AssetLayerSpec: Sendable, CustomStringConvertible {
    /// Shown as an `ImageLayer`; the last is the Figma-like card as an `SVGLayer` tree.
    static let files = ["kiln-dot.png", "dusk-small.webp", "meadow.gif", "meadow.jpg", "heart.svg", "profile-card.svg"]
    var file: Int
    var isLayerTree: Bool
    /// 0 in the root, else one of the layers before it, wrapping round.
    var superlayer: Int
    var unitFrame: Rect
    var rotation: Double
    var scale: Double
    var masksToBounds: Bool
    var cornerShare: Double
    var gravity: ContentsGravity

    var description: String {
        "\(Self.files[file])\(isLayerTree ? " as layers" : "") in \(superlayer) at \(unitFrame), turned \(rotation), "
            + "scaled \(scale), \(masksToBounds ? "masked (corners \(cornerShare))" : "unmasked"), \(gravity)"
    }

    func makeLayer(in container: Rect) throws -> Layer {
        let url = AssetFixtures.sample(Self.files[file])
        let image = try Image(contentsOf: url)
        let layer: Layer
        if isLayerTree && image.kind == .vector {
            layer = try SVGLayer(image: image)
        } else {
            let shown = ImageLayer(image: image)
            shown.contentsGravity = gravity
            layer = shown
        }
        layer.frame = Rect(x: container.minX + unitFrame.minX * container.width,
                           y: container.minY + unitFrame.minY * container.height,
                           width: max(2, unitFrame.width * container.width),
                           height: max(2, unitFrame.height * container.height))
        layer.transform = Transform(scaleX: scale, y: scale).rotated(by: rotation)
        layer.masksToBounds = masksToBounds
        layer.cornerRadius = cornerShare * min(layer.bounds.width, layer.bounds.height) / 2
        return layer
    }
}

@Suite("Asset layers in random trees")
struct AssetTreeDifferentialTests {
    static let canvas = Size(width: 120, height: 160)
    static let scales = [1.0, 2.0, 3.0]
    /// An eighth of the plain random trees' count (each asset tree costs several SVG and image
    /// rasterizations): 125 in `make test`, fewer under the sanitizers, which draw fewer trees.
    static let treeCount = max(12, OfflineFrameDifferentialTests.treeCount / 8)

    static let layerGen = zip(
        zip(Gen.int(in: 0...(AssetLayerSpec.files.count - 1)), Gen.bool, Gen.int(in: 0...4)),
        zip(Gen.double(in: 0...0.7), Gen.double(in: 0...0.7), Gen.double(in: 0.2...0.9), Gen.double(in: 0.2...0.9)),
        zip(Gen.int(in: 0...3), Gen.double(in: -1...1), Gen.int(in: 0...2), Gen.int(in: 0...3), Gen.double(in: 0...1),
            Gen.int(in: 0...(ContentsGravity.allCases.count - 1)))
    ).map { identity, frame, look in
        AssetLayerSpec(file: identity.0, isLayerTree: identity.1, superlayer: identity.2,
                       unitFrame: Rect(x: frame.0, y: frame.1, width: frame.2, height: frame.3),
                       rotation: [0, 0.1, .pi / 2, 2.4][look.0] * (look.1 < 0 ? -1 : 1),
                       scale: [1, 0.6, 1.7][look.2], masksToBounds: look.3 >= 2, cornerShare: look.3 == 3 ? look.4 : 0,
                       gravity: ContentsGravity.allCases[look.5])
    }

    static func makeRoot(_ specs: [AssetLayerSpec]) throws -> Layer {
        let root = Layer()
        root.frame = Rect(origin: .zero, size: canvas)
        var made: [Layer] = [root]
        for spec in specs {
            let parent = spec.superlayer == 0 ? root : made[spec.superlayer % made.count]
            let layer = try spec.makeLayer(in: parent.bounds)
            parent.addSublayer(layer)
            made.append(layer)
        }
        return root
    }

    @Test("Trees of image and SVG layers, turned, scaled and masked, at 1×, 2× and 3×, draw as the reference draws them")
    func randomAssetTrees() async throws {
        PlatformAssetReader.install()
        var hosts: [Double: OffscreenHost] = [:]
        var drawn = 0

        await propertyCheck(count: Self.treeCount, input: Gen.int(in: 0...2), Self.layerGen.array(of: 1...5)) { scaleIndex, specs in
            let scale = Self.scales[scaleIndex]
            let host = try hosts[scale] ?? OffscreenHost(canvas: Self.canvas, scale: scale)
            hosts[scale] = host
            let root = try Self.makeRoot(specs)

            let started = ContinuousClock.now
            let actual = host.render(root: root, background: LayerTreeSpec.background)
            let took = ContinuousClock.now - started
            let reference = ReferenceRenderer.render(root: root, canvas: Self.canvas, scale: scale,
                                                     background: LayerTreeSpec.background)

            drawn += 1
            let details = "at \(scale)×:\n" + specs.map(\.description).joined(separator: "\n")
            FrameMatch.expect(actual, matches: reference, name: "asset-tree", details: details)
            // However far a magnified SVG element reaches, only what can show is rasterized:
            // no layer takes more than a few canvases, and a tree draws in seconds (a layer
            // rasterized whole once took gigabytes and a quarter of an hour).
            let budget = Compositor.layerPixelBudget(canvasPixels: Self.canvas.width * Self.canvas.height * scale * scale)
            #expect(Double(host.largestRasterLastFrame) <= budget, "\(host.largestRasterLastFrame) pixels for one layer \(details)")
            #expect(took < .seconds(30), "the tree took \(took) to draw \(details)")
        }

        #expect(drawn > 0)
    }
}
