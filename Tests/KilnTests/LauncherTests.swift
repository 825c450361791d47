import Kiln
import KilnCore
import KilnEndToEndSupport
import Testing

@Suite("Launcher")
struct LauncherTests {
    func makeLauncher() -> (LauncherScene, () -> [String?]) {
        DemoCatalog.register()
        var opened: [String?] = []
        let context = SceneContext(canvasSize: DevicePreset.iPhone14.size, openScene: { opened.append($0) })
        return (LauncherScene(context: context), { opened })
    }

    @Test("Key 1 opens the first scene of the catalogue; other keys are not used")
    func numberKeys() {
        let (launcher, opened) = makeLauncher()

        let used = launcher.handle(KeyPress("1"))
        let unused = launcher.handle(KeyPress("9"))

        #expect(used && !unused)
        #expect(opened() == [DemoCatalog.entries[0].name])
    }

    @Test("A click that starts and ends on a card opens its scene")
    func clickOpens() throws {
        let (launcher, opened) = makeLauncher()
        let card = try #require(launcher.root.layer(named: "card.gallery"))
        let centre = card.convert(Point(card.bounds.midX, card.bounds.midY), to: nil)

        launcher.handle(PointerEvent(phase: .began, location: centre, timestamp: 0))
        launcher.handle(PointerEvent(phase: .ended, location: centre, timestamp: 0.1))

        #expect(opened() == ["gallery"])
    }

    @Test("A press that leaves the card before lifting opens nothing")
    func dragOffCancels() throws {
        let (launcher, opened) = makeLauncher()
        let card = try #require(launcher.root.layer(named: "card.gallery"))
        let centre = card.convert(Point(card.bounds.midX, card.bounds.midY), to: nil)

        launcher.handle(PointerEvent(phase: .began, location: centre, timestamp: 0))
        launcher.handle(PointerEvent(phase: .ended, location: Point(5, 800), timestamp: 0.1))

        #expect(opened().isEmpty)
    }

    @Test("A drag across a card's live preview opens the scene and moves nothing inside the preview")
    func previewKeepsItsRecognizers() throws {
        let (launcher, opened) = makeLauncher()
        let card = try #require(launcher.root.layer(named: "card.laser"))
        let pocket = try #require(card.layer(named: "pocket"), "the laser preview's card")
        let start = pocket.superlayer!.convert(pocket.position, to: nil)
        let before = pocket.position

        launcher.advance(to: 0)
        launcher.deliver(PointerEvent(phase: .began, location: start, timestamp: 0))
        for step in 1...10 {
            let time = Double(step) / 60
            launcher.advance(to: time)
            launcher.deliver(PointerEvent(phase: .moved, location: start + Point(0, Double(step)), timestamp: time))
        }
        launcher.deliver(PointerEvent(phase: .ended, location: start + Point(0, 10), timestamp: 0.2))
        launcher.advance(to: 0.2)

        #expect(pocket.position == before, "the preview's pocket stays where the preview's scene put it")
        #expect(opened() == ["laser"])
    }

    @Test("Every catalogue name makes a scene and unknown names make none")
    func catalogue() {
        let context = SceneContext(canvasSize: DevicePreset.iPhone14.size)

        for name in DemoCatalog.names {
            #expect(DemoCatalog.make(name, context: context)?.name == name)
        }
        #expect(DemoCatalog.make("nope", context: context) == nil)
    }
}
