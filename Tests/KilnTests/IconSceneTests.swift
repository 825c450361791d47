import Kiln
import KilnCore
import KilnEndToEndSupport
import Testing

@Suite("The application icon")
struct IconSceneTests {
    static let hicolorSizes: [Double] = [16, 32, 48, 64, 128, 256, 512]

    private func icon(_ side: Double) -> IconScene {
        IconScene(context: SceneContext(canvasSize: Size(side, side)))
    }

    private func layer(_ name: String, in scene: IconScene) -> Layer? {
        scene.root.allLayers.first { $0.name == name }
    }

    @Test("Every layer of the icon lies inside its tile, at every hicolor size", arguments: hicolorSizes)
    func insideTheTile(side: Double) throws {
        let scene = icon(side)
        let tile = try #require(layer("tile", in: scene))
        let tileBounds = tile.transformToRoot.apply(to: tile.bounds)

        let outside = scene.root.allLayers.filter { $0 !== scene.root && $0.hasContent }.filter { layer in
            let bounds = layer.transformToRoot.apply(to: layer.bounds)
            return bounds.minX < tileBounds.minX - 1e-9 || bounds.maxX > tileBounds.maxX + 1e-9
                || bounds.minY < tileBounds.minY - 1e-9 || bounds.maxY > tileBounds.maxY + 1e-9
        }

        #expect(outside.map { $0.name ?? "\(type(of: $0))" } == [])
    }

    @Test("The beam's core covers whole points, so that at scale 1 it is a crisp line", arguments: hicolorSizes)
    func crispBeam(side: Double) throws {
        let beam = try #require(layer("beam", in: icon(side)))

        let frame = beam.transformToRoot.apply(to: beam.bounds)

        #expect(frame.minY == frame.minY.rounded() && frame.maxY == frame.maxY.rounded())
        #expect(frame.height >= 1)
    }

    @Test("Small icons keep only what reads at their size: no flare or embers under 48 px")
    func detailBySize() {
        let small = icon(32), large = icon(48)

        #expect(layer("flare", in: small) == nil && layer("embers", in: small) == nil)
        #expect(layer("flare", in: large) != nil && layer("embers", in: large) != nil)
        #expect(layer("card", in: small) != nil && layer("beam", in: small) != nil)
    }

    @Test("The icon is not one of the launcher's scenes")
    func notInTheLauncher() {
        #expect(!DemoCatalog.names.contains(icon(64).name))
    }
}
