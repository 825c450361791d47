import Kiln
import KilnTesting
import Testing
@testable import BottomSheet

@Suite("Bottom sheet scene")
struct BottomSheetSceneTests {
    @Test("The sheet starts collapsed, with the scrim clear")
    func startsCollapsed() {
        let driver = SheetHarness()

        #expect(driver.scene.height == driver.detents.collapsed)
        #expect(driver.scene.scrim.opacity == 0)
    }

    @Test("A slow drag lets the sheet go to the detent nearest where it was let go")
    func slowDrag() {
        let driver = SheetHarness()

        driver.drag(from: driver.grabber, by: 0, -280, over: 0.6, hold: 0.2)
        driver.wait(1.5)

        #expect(driver.scene.height == driver.detents.medium)
        #expect(driver.names("sheet.detent.changed").map { $0.fields["detent"] } == [.string("medium")])
    }

    @Test("A flick from the medium detent goes to the detent its velocity projects to",
          arguments: [(-150.0, "large"), (150, "collapsed")])
    func flick(_ dy: Double, expected: String) throws {
        let driver = SheetHarness()
        driver.settle(at: .medium)

        driver.drag(from: driver.grabber, by: 0, dy, over: 0.12)
        driver.wait(1.5)

        let released = try #require(driver.names("sheet.released").last)
        #expect(released.fields["detent"] == .string(expected))
        #expect(driver.scene.detent.rawValue == expected)
        #expect(driver.names("sheet.detent.changed").last?.fields["detent"] == .string(expected))
    }

    @Test("The release velocity is handed to the spring: the sheet keeps moving as fast as the finger")
    func velocityHandOff() throws {
        let driver = SheetHarness()
        driver.settle(at: .medium)
        driver.drag(from: driver.grabber, by: 0, -100, over: 0.2)
        let heightAtRelease = driver.scene.height

        guard case .settling(let spring, _, _) = driver.scene.sheetState else {
            Issue.record("the sheet is not springing after a release")
            return
        }
        let released = try #require(driver.names("sheet.released").last)
        #expect(abs(spring.initialVelocity - 500) < 25, "the finger moved up at 500 pt/s")
        #expect(released.fields["velocity"] == .number(spring.initialVelocity.rounded()))
        #expect(abs(spring.velocity(at: spring.start) - spring.initialVelocity) < 1e-6)
        #expect(spring.value(at: spring.start) == heightAtRelease)
        var fromRest = spring
        fromRest.initialVelocity = 0
        driver.wait(1.0 / 60)
        let moved = driver.scene.height - heightAtRelease
        let movedFromRest = fromRest.value(at: spring.start + 1.0 / 60) - heightAtRelease
        #expect(driver.scene.height == spring.value(at: spring.start + 1.0 / 60))
        #expect(moved - movedFromRest > 0.7 * spring.initialVelocity / 60,
                "the first frame carries most of a frame's worth of the finger's motion")
    }

    @Test("Past the top and the bottom the sheet resists, ever more, and springs back")
    func rubberBand() {
        let driver = SheetHarness()

        driver.down(at: driver.grabber)
        driver.drag(by: 0, 60, over: 0.3)
        let shortPull = driver.detents.collapsed - driver.scene.height
        driver.drag(by: 0, 60, over: 0.3)
        let longPull = driver.detents.collapsed - driver.scene.height

        #expect(shortPull > 0 && shortPull < 60 * 0.55)
        #expect(longPull > shortPull && longPull - shortPull < shortPull)
        driver.up()
        driver.wait(1.5)
        #expect(driver.scene.height == driver.detents.collapsed)

        driver.settle(at: .large)
        driver.down(at: driver.grabber)
        driver.drag(by: 0, -50, over: 0.3)
        let overTop = driver.scene.height - driver.detents.large
        #expect(overTop > 0 && overTop < 50 * 0.55)
        driver.up()
        driver.wait(1.5)
        #expect(driver.scene.height == driver.detents.large)
    }

    @Test("Dragging up in the list moves the sheet, not the list, below the top detent")
    func listWaitsForTheTop() {
        let driver = SheetHarness()
        driver.settle(at: .medium)
        let start = driver.scene.height

        driver.down(at: driver.inList())
        driver.drag(by: 0, -150, over: 0.3)

        #expect(driver.scene.listOffset == 0)
        #expect(abs(driver.scene.height - (start + 150)) < 1e-6)
    }

    @Test("At the top detent, dragging up in the list scrolls it and the sheet stays")
    func listScrollsAtTheTop() {
        let driver = SheetHarness()
        driver.settle(at: .large)

        driver.drag(from: driver.inList(below: 400), by: 0, -200, over: 0.5, hold: 0.1)
        driver.wait(1.0)

        #expect(abs(driver.scene.listOffset - 200) < 1e-6)
        #expect(driver.scene.height == driver.detents.large)
        #expect(driver.names("list.scrolled").last?.fields["offset"] == .number(200))
    }

    @Test("One drag hands over both ways: up, the sheet then the list; down, the list then the sheet")
    func handOffInOneGesture() {
        let driver = SheetHarness()
        driver.settle(at: .medium)
        let toTop = driver.detents.large - driver.scene.height

        driver.down(at: driver.inList(below: 300))
        driver.drag(by: 0, -(toTop + 120), over: 0.8)
        let (heightUp, offsetUp) = (driver.scene.height, driver.scene.listOffset)
        driver.drag(by: 0, 120 + 80, over: 0.5)

        #expect(heightUp == driver.detents.large && abs(offsetUp - 120) < 1e-6)
        #expect(driver.scene.listOffset == 0)
        #expect(abs(driver.scene.height - (driver.detents.large - 80)) < 1e-6)
    }

    @Test("A flung list keeps scrolling, slows, and stops inside its content")
    func listFling() {
        let driver = SheetHarness()
        driver.settle(at: .large)

        driver.drag(from: driver.inList(below: 500), by: 0, -250, over: 0.25)
        driver.wait(0.1)
        let soon = driver.scene.listOffset
        driver.wait(4)

        #expect(soon > 250)
        #expect(driver.scene.listOffset == driver.scene.maxListOffset)
        #expect(driver.names("list.scrolled").count == 1)
    }

    @Test("The scrim darkens as the sheet rises through its detents")
    func scrimFollowsTheSheet() {
        let driver = SheetHarness()
        let collapsed = driver.scene.scrim.opacity
        driver.settle(at: .medium)
        let medium = driver.scene.scrim.opacity
        driver.settle(at: .large)

        #expect(collapsed < medium && medium < driver.scene.scrim.opacity)
        #expect(abs(driver.scene.scrim.opacity - BottomSheetTuning().scrimLarge) < 1e-9)
    }

    @Test("Reaching a new detent plays the soft knock once; springing back to the same one is silent")
    func detentSound() {
        let driver = SheetHarness()

        driver.settle(at: .medium)
        driver.drag(from: driver.grabber, by: 0, -30, over: 0.3, hold: 0.2)
        driver.wait(1.5)

        #expect(driver.audio.playedSounds.map(\.name) == ["sheet-detent"])
        #expect(BottomSheetScene.sounds.map(\.name) == ["sheet-detent"])
    }
}

@Suite("Bottom sheet sound")
struct BottomSheetSoundTests {
    @Test("The detent knock is short and soft: under a tenth of a second, well below full scale")
    func knockIsSoft() {
        let buffer = SoundSynthesizer().render(.sheetDetent)

        let peak = buffer.left.map { abs($0) }.max() ?? 0
        #expect(buffer.duration > 0.03 && buffer.duration < 0.1)
        #expect(peak > 0.2 && peak <= 0.41)
    }
}
