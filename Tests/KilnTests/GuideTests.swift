import GalleryDemo
import Kiln
import KilnCore
import LaserDemo
import MailboxDemo
import Testing

@Suite("Threshold guides")
struct GuideTests {
    let canvas = DevicePreset.iPhone14.size

    @Test("L8: the laser's guide is where the card's bottom edge must pass: beam + 60 % of the card")
    func laser() throws {
        let scene = LaserScene(context: SceneContext(canvasSize: canvas))
        let pocket = try #require(scene.root.layer(named: "pocket"))
        let beamY = try #require(scene.root.layer(named: "laser")).frame.midY

        let guides = scene.guides

        let guide = try #require(guides.first)
        #expect(guides.count == 1)
        #expect(guide.label == "delete past 60 %")
        #expect(guide.isHorizontal && guide.start.x == 0 && guide.end.x == canvas.width)
        #expect(abs(guide.start.y - (beamY + 0.6 * pocket.bounds.height)) < 1e-9)
        // A card whose bottom edge sits on the line has passed exactly the threshold.
        pocket.position.y = guide.start.y - (1 - pocket.anchorPoint.y) * pocket.bounds.height
        #expect(abs(scene.cutProgress - 0.6) < 1e-9)
    }

    @Test("L8: a different delete threshold in the tuning moves the laser's guide")
    func laserTuning() throws {
        var tuning = LaserTuning()
        tuning.deleteThreshold = 0.35
        let standard = try #require(LaserScene(context: SceneContext(canvasSize: canvas)).guides.first)

        let tuned = try #require(LaserScene(context: SceneContext(canvasSize: canvas), tuning: tuning).guides.first)

        #expect(tuned.label == "delete past 35 %")
        #expect(abs((standard.start.y - tuned.start.y) - 0.25 * 188) < 1e-9)
    }

    @Test("M1–M8: the Mailbox's guides stand 60 and 260 pt in from both edges, over the message rows")
    func mailbox() {
        let scene = MailboxScene(context: SceneContext(canvasSize: canvas))

        let guides = scene.guides

        #expect(guides.map(\.label) == ["archive 60", "delete 260", "later 60", "list 260"])
        #expect(guides.map(\.start.x) == [60, 260, 330, 130])
        #expect(guides.allSatisfy { !$0.isHorizontal && $0.start.y == 104 && $0.end.y == 840 })
    }

    @Test("M8: other thresholds in the tuning move the Mailbox's guides")
    func mailboxTuning() {
        var tuning = MailboxTuning()
        tuning.actionThreshold = 80
        tuning.secondThreshold = 200.5

        let guides = MailboxScene(context: SceneContext(canvasSize: canvas), tuning: tuning).guides

        #expect(guides.map(\.start.x) == [80, 200.5, 310, 189.5])
        #expect(guides.map(\.label) == ["archive 80", "delete 200.5", "later 80", "list 200.5"])
    }

    @Test("Scenes without thresholds have no guides")
    func none() {
        let context = SceneContext(canvasSize: canvas)

        #expect(GalleryScene(context: context).guides.isEmpty)
        #expect(LauncherScene(context: context).guides.isEmpty)
    }
}
