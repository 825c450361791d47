import Foundation
import KilnCore
import KilnPlatform
import KilnTestSupport
import PropertyBased
import Testing

/// Offline frames of random layer trees against a reference that draws the same trees
/// straight with Cairo (`ReferenceRenderer`), within `FrameTolerance.offline`.
@Suite struct OfflineFrameDifferentialTests {
    /// Small enough that thousands of trees run in a debug build within a minute, large
    /// enough for four levels of layers with room to rotate.
    static let canvas = Size(width: 120, height: 160)

    /// How many trees a run draws; `KILN_OFFLINE_TREES` changes it for a longer search.
    static let treeCount: Int = {
        ProcessInfo.processInfo.environment["KILN_OFFLINE_TREES"].flatMap { Int($0) } ?? 1_000
    }()

    /// Every kind but hairlines. Those are drawn by SDL's own line stepper, which lights
    /// pixels by its own rounding; a reference that stepped lines the same way would copy its
    /// code rather than check it, and one that steps them otherwise disagrees by a pixel at
    /// line ends and where two steep lines run close (the fuzz target still draws them).
    static let kinds = LayerSpec.Kind.allCases.filter { $0 != .hairline }

    /// How many smaller trees shrinking a failure may draw before it settles for the smallest
    /// failing one found: a failing run then takes seconds more than a passing one, not minutes.
    static let shrinkBudget = 250

    /// Every value of the tree at full precision: the printed description rounds, and
    /// shrinking can go on for ever through trees that print the same.
    static func fingerprint(of tree: LayerTreeSpec) -> String {
        var text = ""
        dump(tree, to: &text)
        return text
    }

    /// Draws `count` trees of `trees` offline and with `ReferenceRenderer`, and asks `agree`
    /// whether the two frames of each agree (it records what differs). A failing tree is
    /// shrunk for at most `shrinkBudget` more trees; past that every other tree passes
    /// unchecked, which ends the shrinking on the smallest failure, checked once more for the
    /// report. One host per scale serves the whole run, as a recording keeps one: its texture
    /// cache sees thousands of layers come and go. Returns how many trees were drawn.
    static func compareRandomTrees<Input>(
        count: Int, _ trees: Generator<LayerTreeSpec, some Sequence<Input>>,
        sourceLocation: SourceLocation = #_sourceLocation,
        agree: (_ tree: LayerTreeSpec, _ actual: Bitmap, _ reference: Bitmap) -> Bool
    ) async -> Int {
        var hosts: [Double: OffscreenHost] = [:]
        var drawn = 0
        var smallestFailure: String?, shrinkRuns = 0
        await propertyCheck(count: count, input: trees, perform: { tree in
            if let smallestFailure {
                shrinkRuns += 1
                guard shrinkRuns <= shrinkBudget || fingerprint(of: tree) == smallestFailure else { return }
            }
            let host = try hosts[tree.scale] ?? OffscreenHost(canvas: tree.canvas, scale: tree.scale)
            hosts[tree.scale] = host
            let root = tree.makeRoot()

            let actual = host.render(root: root, background: LayerTreeSpec.background)
            let reference = ReferenceRenderer.render(root: root, canvas: tree.canvas, scale: tree.scale,
                                                     background: LayerTreeSpec.background)

            drawn += 1
            if !agree(tree, actual, reference) { smallestFailure = fingerprint(of: tree) }
        }, sourceLocation: sourceLocation)
        return drawn
    }

    @Test func randomLayerTreesRenderOfflineAsTheReferenceDrawsThem() async throws {
        print("offline frames: \(Self.treeCount) random trees on \(Int(Self.canvas.width))×"
              + "\(Int(Self.canvas.height)) pt at \(LayerTreeGen.scales.map { "\($0)×" }.joined(separator: ", ")); "
              + "tolerance: \(FrameTolerance.offline)")
        let started = ContinuousClock.now

        let drawn = await Self.compareRandomTrees(
            count: Self.treeCount, LayerTreeGen.trees(canvas: Self.canvas, kinds: Self.kinds)) { tree, actual, reference in
            FrameMatch.expect(actual, matches: reference, name: "random-tree", details: tree.description).isWithin(.offline)
        }

        print("offline frames: \(drawn) trees drawn and compared in \(ContinuousClock.now - started)")
        // A check that ran no tree would pass whatever the renderer did.
        #expect(drawn > 0)
    }
}
