import Kiln
import KilnTesting
import Testing
@testable import BottomSheet

@Suite("Bottom sheet golden images")
struct BottomSheetGoldenTests {
    /// The sheet settled at its medium detent.
    func atMedium() -> SceneHarness<BottomSheetScene> {
        let h = SheetHarness()
        h.press(at: h.grabber, movingBy: h.scene.height - h.detents.medium, over: 0.6)
        h.lift()
        return h
    }

    @Test("At rest on the medium detent: the map, a light scrim, the sheet with its grabber and list")
    func medium() throws {
        let h = atMedium()

        #expect(h.scene.height == h.detents.medium)
        try h.expectGoldenImage(named: "bottom-sheet-medium")
    }

    @Test("Pulled past the top detent by the header: the sheet rubber-bands, the scrim at its darkest")
    func rubberBand() throws {
        let h = atMedium()
        let past = h.detents.large - h.scene.height + 60

        h.press(at: h.grabber, movingBy: -past, over: 0.8)

        #expect(h.scene.height > h.detents.large)
        #expect(h.scene.height < h.detents.large + 60 * 0.55)
        try h.expectGoldenImage(named: "bottom-sheet-rubber-band")
    }

    @Test("At the top detent with the list scrolled under the header")
    func listScrolled() throws {
        let h = atMedium()
        h.press(at: h.grabber, movingBy: h.detents.medium - h.detents.large, over: 0.6)
        h.lift()

        h.press(at: Point(195, 700), movingBy: -230, over: 0.5)
        h.lift()

        #expect(h.scene.height == h.detents.large)
        #expect(abs(h.scene.listOffset - 230) < 1e-6)
        try h.expectGoldenImage(named: "bottom-sheet-list-scrolled")
    }
}

extension SceneHarness where S == BottomSheetScene {
    /// Presses at `point` and drags by `dy` over `duration`, then holds still.
    func press(at point: Point, movingBy dy: Double, over duration: Double) {
        down(at: point)
        drag(by: 0, dy, over: duration)
        wait(0.2)
    }

    /// Lifts the pointer and lets the sheet settle.
    func lift() {
        up()
        wait(1.5)
    }
}
