import Kiln
import KilnTesting
import Testing
@testable import Photos

@Suite("Photos golden images")
struct PhotosGoldenTests {
    @Test("The grid: three columns of square, aspect-filled thumbnails under the title")
    func grid() throws {
        let h = PhotosHarness()

        try h.expectGoldenImage(named: "photos-grid", scale: 2)
    }

    @Test("Mid-flight: the photo growing from its thumbnail, the grid fading behind the black")
    func opening() throws {
        let h = PhotosHarness()

        try h.tap(at: h.canvasFrame("thumb.4").center)
        h.wait(0.12)

        try h.expectGoldenImage(named: "photos-opening", scale: 2)
    }

    @Test("Zoomed: a landscape photo pinched to about 2.6× about the fingers, past the screen's edges")
    func zoomed() throws {
        let h = PhotosHarness()
        try h.open(3)

        h.play(steps: #"{"pinch": {"center": [150, 420], "from": 80, "to": 210, "duration": 0.5}}"#)
        h.wait(1.0)

        try h.expectGoldenImage(named: "photos-zoomed", scale: 2)
    }

    @Test("Dragged down: the photo smaller and lower, the grid showing through the fading black")
    func draggedDown() throws {
        let h = PhotosHarness()
        try h.open(0)

        h.down(at: Point(195, 400))
        h.drag(by: 30, 180, over: 0.5)
        h.wait(0.1)

        try h.expectGoldenImage(named: "photos-dismissing", scale: 2)
    }
}
