import GalleryDemo
import KilnCore
import KilnPlatform
import KilnRuntime
import KilnEndToEndSupport
import Testing

@Suite("Golden images")
struct GoldenImageTests {
    func render(_ name: String, scale: Double) throws -> Bitmap {
        let context = SceneContext(canvasSize: DevicePreset.iPhone14.size)
        let scene = try #require(DemoCatalog.make(name, context: context))
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

    /// The gallery's assets page, still, at `scale`.
    func renderAssetsPage(scale: Double) throws -> Bitmap {
        let context = SceneContext(canvasSize: DevicePreset.iPhone14.size)
        let gallery = try #require(DemoCatalog.make("gallery", context: context) as? GalleryScene)
        gallery.show(.assets, animated: false)
        let host = try OffscreenHost(canvas: context.canvasSize, scale: scale)
        gallery.update(time: 0)
        return host.render(gallery)
    }

    @Test("The gallery's assets page at 1× matches its golden image: gravities, SVG, @2x, Lottie")
    func galleryAssets1x() throws {
        try Snapshot.assertMatches(try renderAssetsPage(scale: 1), named: "gallery-assets@1x")
    }

    @Test("The gallery's assets page at 2× matches its golden image: the icon at 4× is drawn at 4×")
    func galleryAssets2x() throws {
        try Snapshot.assertMatches(try renderAssetsPage(scale: 2), named: "gallery-assets@2x")
    }

    @Test("The launcher at 1× matches its golden image")
    func launcher1x() throws {
        try Snapshot.assertMatches(try render("launcher", scale: 1), named: "launcher@1x")
    }

    /// A scene at `time`, stepped at 60 fps from 0 with an optional shipped script.
    func render(_ name: String, script: String?, at time: Double, scale: Double = 1) throws -> Bitmap {
        let input = try script.map {
            try InputScriptParser.parse(contentsOf: ScriptRenderingTests.scripts.appendingPathComponent($0))
        }
        let context = SceneContext(canvasSize: DevicePreset.iPhone14.size, seed: input?.seed ?? 1)
        let scene = try #require(DemoCatalog.make(name, context: context))
        let session = SceneSession(scene: scene, script: input)
        for frame in 0...Int((time * 60).rounded(.down)) { session.advance(to: Double(frame) / 60) }
        session.advance(to: time)
        let host = try OffscreenHost(canvas: context.canvasSize, scale: scale)
        return host.render(scene)
    }

    @Test("L2: the laser half-way through its ignition")
    func laserIgnition() throws {
        try Snapshot.assertMatches(try render("laser", script: nil, at: 0.175), named: "laser-ignition")
    }

    @Test("L6: cutting, with debris spraying from the beam")
    func laserCutting() throws {
        try Snapshot.assertMatches(try render("laser", script: "laser-delete.json", at: 3.0), named: "laser-cutting")
    }

    @Test("L5: a charred card back at rest after two tries")
    func laserCharred() throws {
        try Snapshot.assertMatches(try render("laser", script: "laser-spare.json", at: 8.5), named: "laser-charred")
    }
}
