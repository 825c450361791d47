import Kiln
import KilnTesting
import Testing
@testable import CardStack

@Suite("Card stack")
struct CardStackSceneTests {
    @Test("Every card shows its photo and both stamps from the folder's Assets, and the burst loads")
    func assetsLoad() {
        let h = StackHarness()

        for card in h.scene.cards {
            let photo = card.layer.layer(named: "photo") as? ImageLayer
            #expect(photo?.problem == nil && photo?.image?.kind == .bitmap)
            #expect(photo?.contentsGravity == .resizeAspectFill)
            #expect(card.likeStamp.problem == nil && card.nopeStamp.problem == nil)
            #expect(card.likeStamp.layer(named: "likeWord") != nil && card.nopeStamp.layer(named: "nopeWord") != nil)
        }
        #expect(h.scene.burst.problem == nil && h.scene.burst.animation != nil)
        #expect(h.scene.cards.map(\.profile.photo).allSatisfy { $0.hasSuffix(".jpg") })
    }

    @Test("Dragging right turns the card clockwise about its foot and fades LIKE in, NOPE out")
    func dragRight() {
        let h = StackHarness()

        h.down(at: h.onCard)
        h.drag(by: 60, 0, over: 0.3)
        h.wait(0.1)

        let angle = h.top.layer.rotation * 180 / Double.pi
        #expect(abs(angle - 60 * h.scene.tuning.rotationPerPoint) < 0.5)
        #expect(h.top.layer.anchorPoint.y == h.scene.tuning.pivot)
        #expect(abs(h.top.likeStamp.opacity - 60 / h.scene.tuning.stampFullAt) < 0.05)
        #expect(h.top.nopeStamp.opacity == 0)
        // The card behind grows as the top one moves away.
        let behind = h.scene.cards[1].layer.uniformScale
        #expect(behind > h.scene.tuning.nextScale && behind < 1)
    }

    @Test("A slow short drag springs back: the card returns to the middle, nothing is decided")
    func springsBack() {
        let h = StackHarness()
        let first = h.top.profile.name

        h.swipe(by: -70, over: 0.5, hold: 0.3)
        h.wait(1.5)

        #expect(h.names("card.released").last?.fields["verdict"] == .string("back"))
        #expect(h.names("card.returned").count == 1)
        #expect(h.names("card.passed").isEmpty && h.names("card.liked").isEmpty)
        #expect(h.top.profile.name == first)
        #expect(abs(h.scene.offset.x) < 0.5 && abs(h.top.layer.rotation) < 0.001)
        #expect(h.top.nopeStamp.opacity < 0.01)
    }

    @Test("A flick past the threshold likes the card: it flies off, the burst plays, the like sound is heard")
    func flickLikes() {
        let h = StackHarness()
        let first = h.top.profile.name

        h.swipe(by: 110, over: 0.15)
        h.wait(0.1)
        let burstShown = !h.scene.burst.isHidden && h.scene.burst.isPlaying
        h.wait(1.2)

        #expect(h.names("card.liked").map { $0.fields["profile"] } == [.string(first)])
        #expect(burstShown)
        #expect(h.audio.playedSounds.map(\.name) == ["card-like"])
        #expect(h.top.profile.name != first)
        #expect(h.scene.cards.last?.profile.name == first)
        #expect(h.top.layer.uniformScale == 1 && h.scene.burst.isHidden)
    }

    @Test("A release decides by where its velocity would carry the card, not where it was let go")
    func projectionDecides() {
        let scene = StackHarness().scene

        #expect(scene.verdict(releasedAt: 60, velocity: 0) == nil)
        #expect(scene.verdict(releasedAt: 60, velocity: 400) == .like)
        #expect(scene.verdict(releasedAt: 150, velocity: -2000) == .nope)
        #expect(scene.verdict(releasedAt: -130, velocity: 0) == .nope)
    }

    @Test("The NOPE button passes the top card, with its sound")
    func nopeButton() throws {
        let h = StackHarness()
        let first = h.top.profile.name

        try h.tap(at: h.canvasFrame("nopeButton").center)
        h.wait(1.0)

        #expect(h.names("card.passed").map { $0.fields["profile"] } == [.string(first)])
        #expect(h.audio.playedSounds.map(\.name) == ["card-nope"])
        #expect(h.top.profile.name != first)
    }
}
