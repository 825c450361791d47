import Kiln
import KilnTesting
@testable import BottomSheet

/// A bottom sheet on an iPhone 14 canvas, its frames at 60 fps and the pointer at 120 Hz,
/// with its events and sounds recorded.
typealias SheetHarness = SceneHarness<BottomSheetScene>

extension SceneHarness where S == BottomSheetScene {
    /// The sheet with `tuning`, run for a tenth of a second.
    convenience init(tuning: BottomSheetTuning = BottomSheetTuning()) {
        self.init(framesPerSecond: 60, settlingFor: 0.1) { BottomSheetScene(context: $0, tuning: tuning) }
    }

    /// The sheet's heights at its detents.
    var detents: DetentHeights { scene.detents }

    /// Where the grabber is on the canvas.
    var grabber: Point { scene.sheet.grabber.convert(Point(18, 2.5), to: nil) }

    /// A point in the list, `below` points under the header.
    func inList(below: Double = 120) -> Point {
        Point(195, canvasSize.height - scene.height + SheetLayers.headerHeight + below)
    }

    /// Drags the grabber to a detent, slowly, and lets the sheet settle.
    func settle(at detent: Detent) {
        drag(from: grabber, by: 0, scene.height - detents[detent], over: 0.6, hold: 0.2)
        wait(1.5)
    }
}
