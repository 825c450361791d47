import GalleryDemo
import Kiln
import KilnEndToEndSupport
import Testing

@Suite("Gallery: the assets page")
struct GalleryAssetsTests {
    /// The gallery on an iPhone 14 with Kiln's own assets, run for a tenth of a second.
    func makeHarness() -> SceneHarness<GalleryScene> {
        DemoCatalog.register()
        return SceneHarness(settlingFor: 0.1) { GalleryScene(context: $0) }
    }

    @Test("The Assets segment slides the second page in, with the thumb under it")
    func tappingTheAssetsSegment() throws {
        let h = makeHarness()
        let page = try h.canvasFrame("gallery.page.assets")

        try h.tap(at: h.canvasFrame("gallery.tab.assets").center)
        h.wait(1.2)

        #expect(page.minX == h.canvasSize.width)
        #expect(h.scene.shownPage == .assets)
        #expect(try abs(h.canvasFrame("gallery.page.assets").minX) < 0.5)
        #expect(try h.canvasFrame("gallery.page.layers").maxX < 0.5)
        #expect(h.names("gallery.page.shown").map { $0.fields["page"] } == [.string("assets")])
    }

    @Test("A photo is shown with every gravity, each tile one gravity, read from a file")
    func everyGravity() throws {
        let h = makeHarness()

        let tiles = try ContentsGravity.allCases.map { gravity in
            try #require(h.scene.root.layer(named: "gallery.gravity.\(gravity.rawValue)") as? ImageLayer)
        }

        #expect(tiles.map(\.contentsGravity) == ContentsGravity.allCases)
        #expect(tiles.allSatisfy { $0.problem == nil && $0.image?.kind == .bitmap && $0.masksToBounds })
        // The photo is smaller than its tile, so the gravities that keep its size show where it is pinned.
        let photo = try #require(tiles[0].image)
        #expect(photo.size.width < tiles[0].bounds.width && photo.size.height < tiles[0].bounds.height)
    }

    @Test("The SVG icon is shown at 1× and at 4× from the same file, and a PNG with its @2x file")
    func vectorsAndVariants() throws {
        let h = makeHarness()

        let small = try #require(h.scene.root.layer(named: "gallery.svg.1x") as? ImageLayer)
        let large = try #require(h.scene.root.layer(named: "gallery.svg.4x") as? ImageLayer)
        let dot = try #require(h.scene.root.layer(named: "gallery.png.2x") as? ImageLayer)

        #expect(small.image?.kind == .vector && small.image == large.image)
        #expect(small.uniformScale == 1 && large.uniformScale == 4)
        #expect(dot.image?.kind == .bitmap && dot.problem == nil)
        #expect(dot.image.map { $0.variant(forScale: 2).url.lastPathComponent } == "kiln-dot@2x.png")
    }

    @Test("The Lottie loop plays on its own: its frame moves on as time passes")
    func lottieLoops() throws {
        let h = makeHarness()
        let loop = try #require(h.scene.root.layer(named: "gallery.lottie.loop") as? LottieLayer)
        let first = loop.shownFrame

        h.wait(0.25)

        #expect(loop.problem == nil && loop.animation != nil)
        #expect(loop.isPlaying)
        #expect(loop.shownFrame != first)
    }

    @Test("A horizontal drag over the scrubbed Lottie sets its progress: right forwards, left back")
    func dragScrubs() throws {
        let h = makeHarness()
        h.scene.show(.assets, animated: false)
        let scrub = try #require(h.scene.root.layer(named: "gallery.lottie.scrub") as? LottieLayer)
        let start = scrub.progress, startFrame = scrub.shownFrame
        let centre = try h.canvasFrame("gallery.scrubber").center

        h.drag(from: centre, by: 71.5, 0, over: 0.4)
        h.wait(0.1)
        let forwards = scrub.progress, forwardsFrame = scrub.shownFrame
        h.drag(from: centre, by: -500, 0, over: 0.4)
        h.wait(0.1)

        #expect(scrub.animation != nil)
        #expect(abs(forwards - (start + 0.5)) < 0.02)
        #expect(forwardsFrame > startFrame)
        #expect(scrub.progress == 0 && scrub.shownFrame == 0)
        #expect(h.names("gallery.scrubbed").count == 2)
        #expect(try h.layer("gallery.scrub.knob").position.x < h.canvasFrame("gallery.scrubber").width / 2)
    }
}
