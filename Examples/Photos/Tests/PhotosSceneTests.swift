import Kiln
import KilnTesting
import Testing
@testable import Photos

@Suite("Photos")
struct PhotosSceneTests {
    @Test("Every photo loads from the folder's Assets, square and aspect-filled in the grid, aspect-fit in the viewer")
    func assetsLoad() throws {
        let h = PhotosHarness()

        for (i, thumbnail) in h.scene.thumbnails.enumerated() {
            #expect(thumbnail.problem == nil && thumbnail.image?.kind == .bitmap)
            #expect(thumbnail.contentsGravity == .resizeAspectFill)
            #expect(thumbnail.bounds.width == thumbnail.bounds.height)
            let page = h.scene.pages[i], size = page.image.image?.size ?? .zero
            #expect(abs(page.fitFrame.width / page.fitFrame.height - size.width / size.height) < 0.001)
            #expect(page.fitFrame.width == 390 || page.fitFrame.height == 844)
        }
        #expect(try h.scene.thumbnails.count >= 6 && h.layer("viewer").isHidden)
    }

    @Test("A tap opens the photo: it flies from its thumbnail's square to its full-screen frame as the black fades in")
    func opens() throws {
        let h = PhotosHarness()
        let thumb = try h.canvasFrame("thumb.4")

        h.tap(at: thumb.center)
        h.wait(0.05)
        let early = h.scene.shownFrame, earlyBlack = h.scene.backdrop.opacity
        h.wait(1.2)

        #expect(h.numbers("photo.opened", "index") == [4])
        #expect(h.audio.playedSounds.map(\.name) == ["photo-open"])
        #expect(abs(early.midX - thumb.midX) < 40 && early.width < 200 && earlyBlack < 0.5)
        #expect(isClose(h.scene.shownFrame, h.scene.pages[4].fitFrame) && h.scene.backdrop.opacity == 1)
        #expect(try h.scene.thumbnails[4].isHidden && !h.layer("viewer").isHidden)
    }

    @Test("A pinch past the maximum rubber-bands beyond 4× and springs back to exactly 4×, then says so")
    func pinchSpringsBackFromPastMaximum() throws {
        let h = PhotosHarness()
        try h.open(0)

        h.play(steps: #"{"pinch": {"center": [195, 422], "from": 60, "to": 360, "duration": 0.6}}"#)
        let released = h.scene.pose.scale
        h.wait(1.2)

        #expect(released > 4.05 && released < 5.5, "rubber-banded past 4×, short of the fingers' 6×: \(released)")
        #expect(h.numbers("photo.zoomed", "scale") == [4])
        #expect(h.scene.pose.scale == 4)
    }

    @Test("A pinch in below 1× rubber-bands and springs back to 1×, centred")
    func pinchSpringsBackFromBelowOne() throws {
        let h = PhotosHarness()
        try h.open(2)

        h.play(steps: #"{"pinch": {"center": [150, 300], "from": 240, "to": 80, "duration": 0.5}}"#)
        let released = h.scene.pose.scale
        h.wait(1.2)

        #expect(released < 0.95 && released > 1.0 / 3, "rubber-banded, above the fingers' ⅓: \(released)")
        #expect(h.numbers("photo.zoomed", "scale") == [1])
        #expect(h.scene.pose == .identity)
    }

    @Test("Zooming keeps the point between the fingers under them")
    func pinchZoomsAboutTheFingers() throws {
        let h = PhotosHarness()
        try h.open(0)
        let center = Point(120, 300), home = h.scene.page.fitFrame.center
        let before = h.scene.pose.point(at: center, home: home)

        h.play(steps: #"{"fingers": [{"from": [100, 300], "to": [80, 300], "duration": 0.5}, {"from": [140, 300], "to": [160, 300], "duration": 0.5, "start": 0}]}"#)
        let after = h.scene.pose

        #expect(abs(after.scale - 2) < 0.05)
        #expect(after.place(before, home: home).distance(to: center) < 1)
    }

    @Test("Rotating while pinching turns the photo; it springs back upright on release and says how far it turned")
    func rotationSpringsBack() throws {
        let h = PhotosHarness()
        try h.open(0)

        h.play(steps: #"{"rotate": {"center": [195, 422], "distance": 160, "from": 0, "to": 40, "duration": 0.6}}"#)
        let releasedAngle = h.scene.pose.angle
        h.wait(1.2)

        #expect(abs(releasedAngle * 180 / Double.pi - 40) < 2)
        let angles = h.numbers("photo.rotated", "angle")
        #expect(angles.count == 1 && abs((angles.first ?? 0) - 40) < 2)
        #expect(abs(h.scene.pose.angle) < 0.0001)
        #expect(h.names("photo.zoomed").isEmpty, "a rotation alone does not zoom")
    }

    @Test("Pinching and turning at once, as two mirrored fingers do, keeps the zoom when the pinch ends just before the rotation")
    func pinchAndRotateTogether() throws {
        let h = PhotosHarness()
        try h.open(1)

        h.play(steps: #"{"fingers": [{"from": [215, 442], "to": [245, 492], "duration": 0.5}, {"from": [175, 402], "to": [145, 352], "duration": 0.5}]}"#)
        h.wait(1.2)

        let angles = h.numbers("photo.rotated", "angle")
        #expect(angles.count == 1 && abs((angles.first ?? 0) - 9.5) < 1, "the line between the fingers turned from 45° to 54.5°: \(angles)")
        let scales = h.numbers("photo.zoomed", "scale")
        #expect(scales.count == 1 && abs((scales.first ?? 0) - 172.05 / 56.57) < 0.02, "\(scales)")
        #expect(abs(h.scene.pose.angle) < 0.0001)
    }

    @Test("A double tap zooms to 2.5× about the tapped point, and a second one back to 1×")
    func doubleTapZooms() throws {
        let h = PhotosHarness()
        try h.open(0)
        let point = Point(150, 300), home = h.scene.page.fitFrame.center

        h.tap(at: point)
        h.wait(0.1)
        h.tap(at: point)
        h.wait(1.0)
        let zoomed = h.scene.pose
        h.tap(at: point)
        h.wait(0.1)
        h.tap(at: point)
        h.wait(1.0)

        #expect(zoomed.scale == 2.5)
        #expect(zoomed.place(point - home, home: home).distance(to: point) < 0.5)
        #expect(h.numbers("photo.zoomed", "scale") == [2.5, 1])
        #expect(h.scene.pose == .identity)
    }

    @Test("A single tap hides the bar once the double tap has failed, and another shows it; a double tap leaves it")
    func singleTapTogglesTheBar() throws {
        let h = PhotosHarness()
        try h.open(2)
        let bar = try h.layer("chrome") as Layer, title = h.scene.title.string

        h.tap(at: Point(195, 600))
        h.wait(0.2)
        let waiting = bar.opacity
        h.wait(0.6)
        let hidden = bar.opacity
        h.doubleTap(at: Point(195, 600))
        h.wait(1.0)

        #expect(title == "3 of 12")
        #expect(waiting == 1 && hidden == 0)
        #expect(bar.opacity == 0 && h.scene.pose.scale == 2.5, "the double tap zoomed and left the bar hidden")
    }

    @Test("Zoomed in, a one-finger pan moves the photo and rubber-bands past its edge, settling on the edge")
    func zoomedPanIsBounded() throws {
        let h = PhotosHarness()
        try h.open(0)
        h.doubleTap(at: Point(195, 422))
        h.wait(1.0)
        let edge = (390 * 2.5 - 390) / 2

        h.down(at: Point(100, 400))
        h.drag(by: 600, 0, over: 0.5)
        let stretched = h.scene.pose.offset.x
        h.up()
        h.wait(1.5)

        #expect(stretched > edge && stretched < edge + 200)
        #expect(abs(h.scene.pose.offset.x - edge) < 0.5)
        #expect(h.names("photo.paged").isEmpty)
    }

    @Test("At 1×, a drag left pages to the next photo with a tick; a flick right pages back")
    func pages() throws {
        let h = PhotosHarness()
        try h.open(3)

        h.drag(from: Point(300, 420), by: -220, 0, over: 0.3)
        h.wait(1.0)
        h.drag(from: Point(100, 420), by: 120, 0, over: 0.1)
        h.wait(1.0)

        #expect(h.numbers("photo.paged", "index") == [4, 3])
        #expect(h.audio.playedSounds.map(\.name) == ["photo-open", "photo-tick", "photo-tick"])
        #expect(abs(h.scene.paging.contentOffset.x - 3 * h.scene.paging.horizontal.pageLength) < 0.5)
    }

    @Test("A drag down fades the black with the distance; a short one springs back into the viewer")
    func shortDragSpringsBack() throws {
        let h = PhotosHarness()
        try h.open(1)

        h.down(at: Point(195, 400))
        h.drag(by: 0, 60, over: 0.6)
        h.wait(0.2)
        let faded = h.scene.backdrop.opacity
        h.up()
        h.wait(1.2)

        #expect(faded < 0.9 && faded > 0.7)
        #expect(h.names("photo.dismissed").isEmpty)
        #expect(h.scene.backdrop.opacity == 1 && isClose(h.scene.shownFrame, h.scene.pages[1].fitFrame))
    }

    @Test("A swipe down closes the viewer back into the thumbnail of the photo shown")
    func swipeDownDismisses() throws {
        let h = PhotosHarness()
        try h.open(3)
        h.drag(from: Point(300, 420), by: -220, 0, over: 0.3)
        h.wait(1.0)

        h.drag(from: Point(195, 400), by: 10, 200, over: 0.25)
        h.wait(1.5)

        #expect(h.numbers("photo.dismissed", "index") == [4])
        #expect(h.audio.playedSounds.last?.name == "photo-close")
        #expect(try h.layer("viewer").isHidden && !h.scene.thumbnails[4].isHidden)
    }

    @Test("A second finger during a page drag lets the pages go without the flick, onto the nearest page, and pinches")
    func pinchTakesOverAPageDrag() throws {
        let h = PhotosHarness()
        try h.open(3)

        h.play(steps: #"{"fingers": [{"from": [380, 420], "to": [60, 420], "duration": 0.4}, {"from": [200, 700], "to": [200, 800], "duration": 0.21, "start": 0.19}]}"#)
        h.wait(1.2)

        #expect(h.names("photo.paged").isEmpty, "the drag was short of half a page and its flick is dropped")
        #expect(abs(h.scene.paging.contentOffset.x - 3 * h.scene.paging.horizontal.pageLength) < 0.5)
        #expect(h.numbers("photo.zoomed", "scale").count == 1 && h.scene.pose.scale > 1.2, "\(h.scene.pose.scale)")
    }

    @Test("A pinch stops a zoomed photo gliding after a flick and zooms it from where it is")
    func pinchTakesOverAGlide() throws {
        let h = PhotosHarness()
        try h.open(0)
        h.doubleTap(at: Point(195, 422))
        h.wait(1.0)

        h.drag(from: Point(195, 300), by: 0, 120, over: 0.1)
        h.wait(0.05)
        let gliding = h.scene.zoomPan.isDecelerating
        h.play(steps: #"{"pinch": {"center": [195, 422], "from": 100, "to": 120, "duration": 0.3}}"#)
        let afterPinch = h.scene.zoomPan.isDecelerating
        h.wait(1.2)

        #expect(gliding && !afterPinch)
        let scales = h.numbers("photo.zoomed", "scale")
        #expect(scales.count == 2 && abs(scales[1] - 3) < 0.05, "\(scales)")
    }

    @Test("A finger catching a photo as it springs to 2.5× holds it at the scale drawn, and no zoom is announced")
    func panCatchesAZoomSpring() throws {
        let h = PhotosHarness()
        try h.open(0)

        h.doubleTap(at: Point(195, 422))
        h.wait(0.08)
        h.down(at: Point(195, 422))
        h.drag(by: 30, 0, over: 0.1)
        h.up()
        h.wait(1.5)

        #expect(h.scene.pose.scale > 1.2 && h.scene.pose.scale < 2.4, "\(h.scene.pose.scale)")
        #expect(h.names("photo.zoomed").isEmpty)
    }

    @Test("A drag down while the photo flies in leaves it to land in the viewer")
    func dragDuringTheFlightIsIgnored() throws {
        let h = PhotosHarness()

        h.tap(at: try h.canvasFrame("thumb.1").center)
        h.wait(0.05)
        h.drag(from: Point(195, 400), by: 0, 200, over: 0.25)
        h.wait(1.2)

        #expect(h.names("photo.dismissed").isEmpty)
        #expect(h.scene.backdrop.opacity == 1 && isClose(h.scene.shownFrame, h.scene.pages[1].fitFrame))
    }

    /// Whether two frames agree to a hundredth of a point.
    private func isClose(_ a: Rect, _ b: Rect) -> Bool {
        zip(a.components, b.components).allSatisfy { abs($0 - $1) < 0.01 }
    }
}
