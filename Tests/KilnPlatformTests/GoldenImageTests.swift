import KilnCore
import KilnPlatform
import KilnScenes
import Testing

@Suite("Golden images")
struct GoldenImageTests {
    func render(_ name: String, scale: Double) throws -> Bitmap {
        let context = SceneContext(canvasSize: DevicePreset.iPhone14.size)
        let scene = try #require(SceneCatalog.make(name, context: context))
        let host = try OffscreenHost(canvas: context.canvasSize, scale: scale)
        scene.update(time: 0)
        return host.render(scene)
    }

    @Test("The gallery at 1× matches its golden image")
    func gallery1x() throws {
        let frame = try render("gallery", scale: 1)

        #expect(frame.width == 390 && frame.height == 844)
        try Snapshot.assertMatches(frame, named: "gallery@1x")
    }

    @Test("The gallery at 2× matches its golden image")
    func gallery2x() throws {
        let frame = try render("gallery", scale: 2)

        #expect(frame.width == 780 && frame.height == 1688)
        try Snapshot.assertMatches(frame, named: "gallery@2x")
    }

    @Test("The launcher at 1× matches its golden image")
    func launcher1x() throws {
        try Snapshot.assertMatches(try render("launcher", scale: 1), named: "launcher@1x")
    }
}
