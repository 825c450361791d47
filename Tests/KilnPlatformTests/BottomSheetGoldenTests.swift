import Kiln
import KilnPlatform
import Testing
@testable import BottomSheet

@Suite("Bottom sheet golden images")
struct BottomSheetGoldenTests {
    /// The example prototype on an iPhone 14 canvas, driven by a pointer at 120 Hz while
    /// frames run at 60 fps.
    final class Driver {
        let scene = BottomSheetScene(context: SceneContext(canvasSize: DevicePreset.iPhone14.size),
                                     tuning: BottomSheetTuning())
        var time = 0.0
        var pointer = Point.zero

        func step(_ seconds: Double) {
            let end = time + seconds
            while time < end - 1e-9 {
                time = min(end, time + 1.0 / 60)
                scene.advance(to: time)
            }
        }

        /// Presses at `point` and moves by `dy` over `duration`, then holds still.
        func press(at point: Point, movingBy dy: Double, over duration: Double) {
            pointer = point
            scene.handle(PointerEvent(phase: .began, location: point, timestamp: time))
            let samples = Int(duration * 120)
            for k in 1...samples {
                time += duration / Double(samples)
                pointer = Point(point.x, point.y + dy * Double(k) / Double(samples))
                scene.handle(PointerEvent(phase: .moved, location: pointer, timestamp: time))
                if k % 2 == 0 { scene.advance(to: time) }
            }
            step(0.2)
        }

        func lift() {
            scene.handle(PointerEvent(phase: .ended, location: pointer, timestamp: time))
            step(1.5)
        }

        var grabber: Point { scene.sheet.grabber.convert(Point(18, 2.5), to: nil) }

        func render(scale: Double = 1) throws -> Bitmap {
            try OffscreenHost(canvas: DevicePreset.iPhone14.size, scale: scale).render(
                root: scene.root, background: scene.backgroundColor)
        }
    }

    /// A driver with the sheet settled at its medium detent.
    func atMedium() -> Driver {
        let driver = Driver()
        driver.step(0.1)
        driver.press(at: driver.grabber, movingBy: driver.scene.height - driver.scene.detents.medium, over: 0.6)
        driver.lift()
        return driver
    }

    @Test("At rest on the medium detent: the map, a light scrim, the sheet with its grabber and list")
    func medium() throws {
        let driver = atMedium()

        #expect(driver.scene.height == driver.scene.detents.medium)
        try Snapshot.assertMatches(try driver.render(), named: "bottom-sheet-medium")
    }

    @Test("Pulled past the top detent by the header: the sheet rubber-bands, the scrim at its darkest")
    func rubberBand() throws {
        let driver = atMedium()
        let past = driver.scene.detents.large - driver.scene.height + 60

        driver.press(at: driver.grabber, movingBy: -past, over: 0.8)

        #expect(driver.scene.height > driver.scene.detents.large)
        #expect(driver.scene.height < driver.scene.detents.large + 60 * 0.55)
        try Snapshot.assertMatches(try driver.render(), named: "bottom-sheet-rubber-band")
    }

    @Test("At the top detent with the list scrolled under the header")
    func listScrolled() throws {
        let driver = atMedium()
        driver.press(at: driver.grabber, movingBy: driver.scene.detents.medium - driver.scene.detents.large, over: 0.6)
        driver.lift()

        driver.press(at: Point(195, 700), movingBy: -230, over: 0.5)
        driver.lift()

        #expect(driver.scene.height == driver.scene.detents.large)
        #expect(abs(driver.scene.listOffset - 230) < 1e-6)
        try Snapshot.assertMatches(try driver.render(), named: "bottom-sheet-list-scrolled")
    }
}
