import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime
import KilnTestSupport
import Testing

/// An input script aims at an element of an SVG by its id, as a designer's does at a layer
/// of a Figma frame: the shipped profile card, placed, scaled, with its like button moved.
@Suite("Input scripts find SVG elements by their ids")
struct SVGLayerScriptTests {
    /// A scene showing the profile card, keeping the layer each pointer event lands on.
    final class CardScene: Scene {
        let name = "card"
        let root = Layer()
        let card: SVGLayer
        var landed: [(PointerPhase, Layer?)] = []
        var backgroundColor: Color { .white }

        init() throws {
            PlatformAssetReader.install()
            root.bounds = Rect(0, 0, 390, 844)
            root.position = Point(195, 422)
            card = try SVGLayer(image: Image(contentsOf: AssetFixtures.sample("profile-card.svg")))
            card.position = Point(195, 400)
            card.uniformScale = 1.5
            root.addSublayer(card)
        }

        func update(time: Double) {}
        func handle(_ event: PointerEvent) { landed.append((event.phase, root.hitTest(canvasPoint: event.location))) }
        func handle(_ key: KeyPress) -> Bool { false }
    }

    @Test("A tap at {\"layer\": \"likeButton\"} lands on the like button where code moved it, not on its neighbours")
    func tapsAnElementByID() throws {
        let scene = try CardScene()
        let like = try #require(scene.card.layer(named: "likeButton"))
        let share = try #require(scene.card.layer(named: "shareButton"))
        like.position.y += 30
        let script = try InputScriptParser.parse(#"{"steps": [{"tap": {"at": {"layer": "likeButton"}}}]}"#)
        var player = ScriptPlayer(script: script)

        let outputs = player.events(upTo: 10, scene: scene)
        for case .pointer(let event) in outputs { scene.handle(event) }

        #expect(scene.landed.count >= 2, "a tap is a down and an up: \(scene.landed.count)")
        for (phase, layer) in scene.landed {
            let onLike = layer.map { $0 === like || $0.isDescendant(of: like) } ?? false
            let onShare = layer.map { $0 === share || $0.isDescendant(of: share) } ?? false
            #expect(onLike && !onShare, "\(phase) landed on \(layer?.name ?? "nothing")")
        }
    }
}
