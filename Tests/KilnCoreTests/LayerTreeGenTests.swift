import KilnCore
import KilnTestSupport
import PropertyBased
import Testing

/// The random layer trees of the differential tests reach what they claim to.
struct LayerTreeGenTests {
    @Test func generatedTreesCoverEveryKindEveryScaleAndTheFullDepth() {
        var rng = Xoshiro(seed: (1, 2, 3, 4))
        var kinds = Set<Int>(), scales = Set<Double>(), depths = Set<Int>()
        var rotated = 0, masked = 0, additive = 0, shadowed = 0, translucent = 0

        for _ in 0..<400 {
            let tree = LayerTreeGen.trees(canvas: Size(width: 120, height: 160)).run(using: &rng)
            scales.insert(tree.scale)
            depths.insert(tree.depth)
            for layer in tree.layers {
                kinds.insert(layer.kind.rawValue)
                if layer.rotation != 0 { rotated += 1 }
                if layer.masksToBounds && layer.cornerShare > 0 { masked += 1 }
                if layer.isAdditive { additive += 1 }
                if layer.shadow != nil { shadowed += 1 }
                if layer.opacity < 1 { translucent += 1 }
            }
        }

        #expect(kinds.count == LayerSpec.Kind.allCases.count)
        #expect(scales == Set(LayerTreeGen.scales))
        #expect(depths.max() == LayerTreeSpec.maximumDepth)
        #expect(depths.min() == 1)
        #expect([rotated, masked, additive, shadowed, translucent].allSatisfy { $0 >= 20 })
    }

    @Test func noLayerSitsDeeperThanTheMaximumDepth() {
        // Each of the first four goes into the one before it; the rest ask for deeper still.
        let deep = (0..<10).map { LayerSpec(kind: .plain, superlayer: $0, unitFrame: Rect(0, 0, 0.5, 0.5)) }
        let tree = LayerTreeSpec(canvas: Size(width: 120, height: 160), scale: 1, layers: deep)

        let root = tree.makeRoot()

        #expect(tree.depth == LayerTreeSpec.maximumDepth)
        #expect(root.allLayers.count == 11)
    }
}
