import Foundation
import KilnCore
import KilnEndToEndSupport
import KilnPlatform
import KilnRuntime
import KilnTestSupport
import PropertyBased
import Testing

/// Frames drawn only where they changed against the same frames drawn whole: byte for byte,
/// over random trees whose random layers change random properties frame after frame.
@Suite("Damage tracking")
struct DamageTests {
    /// How many trees a run changes; `KILN_DAMAGE_TREES` changes it for a longer search.
    static let treeCount: Int = {
        ProcessInfo.processInfo.environment["KILN_DAMAGE_TREES"].flatMap { Int($0) } ?? 300
    }()

    /// One change to a tree between two frames: which change, to which layer (counted in
    /// the order of a walk of the tree, wrapping round), and two unit values for how much.
    struct Change: Sendable, CustomStringConvertible {
        var kind: Int
        var layer: Int
        var u: Double
        var v: Double

        static let names = ["nothing", "move", "fade", "hide or show", "turn", "recolour", "resize", "remove",
                            "add a layer", "bring to front", "step the particles", "move a hairline", "mask"]

        var description: String {
            "\(Self.names[kind]) #\(layer) (\(u.formatted(.number.precision(.fractionLength(3)))), "
                + "\(v.formatted(.number.precision(.fractionLength(3)))))"
        }

        /// Makes the change to the tree under `root`.
        func apply(to root: Layer) {
            let layers = Self.walk(root)
            let layer = layers[layer % layers.count]
            switch kind {
            case 1: layer.position += Point(x: (u - 0.5) * 60, y: (v - 0.5) * 60)
            case 2: layer.opacity = u
            case 3: layer.isHidden.toggle()
            case 4: layer.transform = layer.transform.rotated(by: (u - 0.5) * .pi)
            case 5: layer.backgroundColor = u < 0.2 ? nil : LayerSpec.palette[Int(v * 7.99)].withAlpha(0.4 + u * 0.6)
            case 6: layer.bounds.size = Size(width: max(1, layer.bounds.width * (0.5 + u)),
                                             height: max(1, layer.bounds.height * (0.5 + v)))
            case 7: if layer !== root { layer.removeFromSuperlayer() }
            case 8:
                let added = Layer()
                added.frame = Rect(x: u * 90 - 10, y: v * 120 - 10, width: 10 + v * 50, height: 10 + u * 40)
                added.backgroundColor = LayerSpec.palette[Int(u * 7.99)]
                added.cornerRadius = v * 8
                layer.addSublayer(added)
            case 9:
                if let superlayer = layer.superlayer {
                    layer.removeFromSuperlayer()
                    superlayer.addSublayer(layer)
                }
            case 10:
                for case let emitter as EmitterLayer in layers { emitter.step(dt: 0.02 + u * 0.1) }
            case 11:
                if let lines = layers.compactMap({ $0 as? HairlineLayer }).first, !lines.polylines.isEmpty {
                    lines.polylines[0].append(Point(x: u * lines.bounds.width, y: v * lines.bounds.height))
                }
            case 12:
                layer.masksToBounds.toggle()
                layer.cornerRadius = u * min(layer.bounds.width, layer.bounds.height) / 2
            default: break
            }
        }

        /// The layers under `root`, root first, depth first.
        static func walk(_ root: Layer) -> [Layer] {
            [root] + root.sublayers.flatMap(walk)
        }
    }

    static let changes = zip(Gen.int(in: 0...(Change.names.count - 1)), Gen.int(in: 0...40), Gen.double(in: 0...1),
                             Gen.double(in: 0...1))
        .map { Change(kind: $0, layer: $1, u: $2, v: $3) }

    /// Gives each emitter of the tree a cell, so that stepping it makes particles.
    static func light(_ root: Layer) {
        for case let emitter as EmitterLayer in Change.walk(root) {
            var cell = EmitterCell(name: "spark", contents: .makeSoftDot(diameter: 6, color: .white))
            cell.birthRate = 60
            cell.lifetime = 0.6
            cell.velocity = 80
            cell.emissionRange = 2 * .pi
            cell.color = Color(red: 1, green: 0.6, blue: 0.2, alpha: 0.9)
            emitter.emitterCells = [cell]
            emitter.emitterPosition = Point(x: emitter.bounds.midX, y: emitter.bounds.midY)
        }
    }

    @Test("A frame drawn only where layers changed is byte for byte the frame drawn whole, over random trees and random changes")
    func damagedFramesMatchWholeFrames() async throws {
        try await compareOverRandomTrees(count: Self.treeCount) { canvas, scale, tracking in
            try OffscreenHost(canvas: canvas, scale: scale, damageTracking: tracking)
        }
    }

    @Test("As a window draws them on SDL's software renderer, frames drawn only where layers changed are the frames drawn whole")
    func windowFramesMatchWholeFrames() async throws {
        try await compareOverRandomTrees(count: max(1, Self.treeCount / 3), expectsPartial: false) { canvas, scale, tracking in
            try OffscreenHost(canvas: canvas, scale: scale, drawingAsWindow: (), damageTracking: tracking)
        }
    }

    /// Draws `count` random trees through their random changes with a host that tracks
    /// damage and one that does not, both from `makeHost`, and compares every frame.
    func compareOverRandomTrees(count: Int, expectsPartial: Bool = true,
                                makeHost: (Size, Double, Bool) throws -> OffscreenHost) async throws {
        let trees = LayerTreeGen.trees(canvas: OfflineFrameDifferentialTests.canvas, layers: 1...8)
        var frames = 0, partial = 0, unchanged = 0
        var smallestFailure: String?, shrinkRuns = 0
        await propertyCheck(count: count, input: zip(trees, Self.changes.array(of: 1...12))) { tree, changes in
            // A failure is shrunk for a bounded number of cases, then the smallest is kept.
            var fingerprint = OfflineFrameDifferentialTests.fingerprint(of: tree)
            dump(changes, to: &fingerprint)
            if let smallestFailure {
                shrinkRuns += 1
                guard shrinkRuns <= OfflineFrameDifferentialTests.shrinkBudget || fingerprint == smallestFailure else { return }
            }
            let canvas = tree.canvas
            let tracked = try makeHost(canvas, tree.scale, true)
            let whole = try makeHost(canvas, tree.scale, false)
            let root = tree.makeRoot()
            Self.light(root)
            for (index, change) in ([nil] + changes.map(Optional.some)).enumerated() {
                change?.apply(to: root)
                let drawn = tracked.render(root: root, background: LayerTreeSpec.background)
                let expected = whole.render(root: root, background: LayerTreeSpec.background)
                frames += 1
                let boxes = tracked.damageLastFrame
                if boxes.isEmpty { unchanged += 1 } else if boxes.count > 1 || boxes[0].width * boxes[0].height
                    < drawn.width * drawn.height { partial += 1 }
                guard drawn.pixels != expected.pixels else { continue }
                let differing = drawn.pixels.indices.filter { drawn.pixels[$0] != expected.pixels[$0] }
                let first = differing.first ?? 0
                Issue.record("""
                    frame \(index) after \(change?.description ?? "the first frame") differs at \
                    \(differing.count) bytes, first at pixel (\((first / 4) % drawn.width), \((first / 4) / drawn.width)); \
                    boxes drawn: \(boxes.map { "\($0.x),\($0.y) \($0.width)×\($0.height)" })
                    \(tree)
                    changes: \(changes)
                    """)
                smallestFailure = fingerprint
                return
            }
        }
        print("damage: \(frames) frames of \(count) trees, \(partial) drawn in part, \(unchanged) unchanged")
        // A run that never drew a frame in part would pass whatever the boxes were. Each tree's first frame is
        // drawn whole, and an unchanged frame draws nothing, so the share is taken of the frames that changed:
        // about half of them are drawn in part, and a third is far below what any seed gives.
        // A window on the software renderer draws every item whole, so its boxes grow often
        // to the whole canvas.
        let changed = frames - unchanged - count
        if expectsPartial { #expect(partial * 3 > changed) }
    }
}

/// The damage shown, as `kiln render --show-damage` and the window's D show it.
@Suite("Damage shown")
struct DamageShownTests {
    @Test("Shown damage tints where a layer moved and nowhere else, and is gone again from the next unchanged frame")
    func tintsWhatChanged() throws {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 120, height: 160)
        let card = Layer.filled(Rect(x: 10, y: 10, width: 30, height: 20), Color(red: 0.2, green: 0.5, blue: 0.9))
        let still = Layer.filled(Rect(x: 60, y: 100, width: 50, height: 50), Color(red: 0.9, green: 0.8, blue: 0.2))
        root.addSublayer(card)
        root.addSublayer(still)
        let shown = try OffscreenHost(canvas: Size(width: 120, height: 160), scale: 2)
        shown.showsDamage = true
        let plain = try OffscreenHost(canvas: Size(width: 120, height: 160), scale: 2, damageTracking: false)
        let background = Color(red: 0.1, green: 0.1, blue: 0.12)
        _ = shown.render(root: root, background: background)

        card.position.x += 20
        let tinted = shown.render(root: root, background: background)
        let untinted = plain.render(root: root, background: background)
        let moved = Rect(x: 20, y: 20, width: 100, height: 40)  // the card's old and new place, in pixels
        var tintedInside = 0, changedOutside = 0
        for y in 0..<tinted.height {
            for x in 0..<tinted.width where tinted.pixel(x: x, y: y) != untinted.pixel(x: x, y: y) {
                if moved.insetBy(dx: -12, dy: -12).contains(Point(x: Double(x), y: Double(y))) {
                    tintedInside += 1
                } else {
                    changedOutside += 1
                }
            }
        }
        #expect(tintedInside >= 100 * 40, "\(tintedInside) pixels tinted where the card moved")
        #expect(changedOutside == 0, "\(changedOutside) pixels tinted elsewhere")
        let tint = tinted.pixel(x: 30, y: 30)
        #expect(tint.r > untinted.pixel(x: 30, y: 30).r, "the tint is pink over the card: \(tint)")

        let next = shown.render(root: root, background: background)
        #expect(next.pixels == plain.render(root: root, background: background).pixels)
    }
}

/// What lies under the layers changes a frame as much as the layers do.
@Suite("Damage beyond the layers")
struct DamageBeyondLayersTests {
    @Test("A frame on another background is drawn whole, though no layer changed")
    func newBackgroundRedrawsTheFrame() throws {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 40, height: 30)
        root.addSublayer(Layer.filled(Rect(x: 10, y: 10, width: 10, height: 10), Color(red: 0.9, green: 0.2, blue: 0.1)))
        let tracked = try OffscreenHost(canvas: Size(width: 40, height: 30), scale: 2, damageTracking: true)
        let whole = try OffscreenHost(canvas: Size(width: 40, height: 30), scale: 2, damageTracking: false)

        _ = tracked.render(root: root, background: .black)
        let onWhite = tracked.render(root: root, background: .white)

        #expect(onWhite.pixels == whole.render(root: root, background: .white).pixels)
        #expect(onWhite.pixel(x: 0, y: 0) == (255, 255, 255, 255))
    }
}

/// Every shipped script's frames drawn with damage tracking against the same frames drawn
/// whole, at 2×.
@Suite("Damage tracking over the shipped scripts")
struct ShippedScriptDamageTests {
    /// Frames a second: one frame in six of a 60 fps render, so that the suite stays within
    /// seconds a script; frames further apart change more than a video's. `KILN_DAMAGE_FPS`
    /// changes it (the sanitizers' runs take fewer).
    static let fps: Double = {
        ProcessInfo.processInfo.environment["KILN_DAMAGE_FPS"].flatMap { Double($0) }.map { min(max($0, 1), 60) } ?? 10
    }()

    @Test("Every frame of every shipped script is byte for byte the frame drawn whole, and frames are drawn in part",
          arguments: FastPathComparisonTests.scripts)
    func script(_ name: String) throws {
        let (frames, inPart, differing) = try compare(name) { canvas, tracking in
            try OffscreenHost(canvas: canvas, scale: 2, damageTracking: tracking)
        }

        #expect(differing.isEmpty, "\(name): frames \(differing.prefix(5)) differ from a whole redraw")
        print("damage: \(name), \(inPart) of \(frames) frames drawn in part")
        #expect(inPart > 0, "\(name): no frame was drawn in part")
    }

    /// A window on SDL's software renderer draws every item whole (`WindowCompositor`): any
    /// box grows to the items it touches, which must still give the whole frame.
    @Test("As a window draws them on SDL's software renderer, every frame of every shipped script drawn where it changed is the frame drawn whole",
          arguments: FastPathComparisonTests.scripts)
    func scriptAsWindow(_ name: String) throws {
        let (frames, inPart, differing) = try compare(name) { canvas, tracking in
            try OffscreenHost(canvas: canvas, scale: 2, drawingAsWindow: (), damageTracking: tracking)
        }

        #expect(differing.isEmpty, "\(name): frames \(differing.prefix(5)) differ from a whole redraw")
        print("damage as a window: \(name), \(inPart) of \(frames) frames drawn in part")
    }

    /// Plays the script `name` and draws each frame with a host from `makeHost` that tracks
    /// damage and one that does not, at 2×: how many frames, how many of them were drawn in
    /// part, and where each frame that differs first differs.
    private func compare(_ name: String, makeHost: (Size, Bool) throws -> OffscreenHost) throws
        -> (frames: Int, inPart: Int, differing: [String]) {
        let (script, context, scene, session) = try FastPathComparisonTests.play(name)
        let tracked = try makeHost(context.canvasSize, true)
        let whole = try makeHost(context.canvasSize, false)
        let frames = Int((script.duration + 0.5) * Self.fps)
        var inPart = 0, differing: [String] = []

        for frame in 0..<frames {
            session.advance(to: Double(frame) / Self.fps)
            let drawn = tracked.render(root: scene.root, overlays: session.overlays, background: scene.backgroundColor)
            let expected = whole.render(root: scene.root, overlays: session.overlays, background: scene.backgroundColor)
            if drawn.pixels != expected.pixels {
                let count = drawn.pixels.indices.filter { drawn.pixels[$0] != expected.pixels[$0] }.count
                let first = drawn.pixels.indices.first { drawn.pixels[$0] != expected.pixels[$0] } ?? 0
                differing.append("\(frame): \(count) bytes from (\((first / 4) % drawn.width), \((first / 4) / drawn.width))")
            }
            let area = tracked.damageLastFrame.reduce(0) { $0 + $1.width * $1.height }
            if area < drawn.width * drawn.height { inPart += 1 }
        }
        return (frames, inPart, differing)
    }
}
