import Foundation
import Kiln
import KilnTesting
import Testing
@testable import CardStack

@Suite("The card stack's files")
struct DemoScriptTests {
    @Test("The demo script likes a card, springs one back, passes it, and likes the next with the button")
    func demo() throws {
        let h = StackHarness()

        let problem = try h.play(contentsOf: cardStackFolder.appendingPathComponent("Scripts/demo.json"))

        #expect(problem == nil)
        let verdicts = h.names("card.released").compactMap { $0.fields["verdict"] }
        #expect(verdicts == [.string("like"), .string("back"), .string("nope")])
        #expect(h.names("card.liked").map { $0.fields["profile"] } == [.string("Noor"), .string("Sam")])
        #expect(h.names("card.passed").map { $0.fields["profile"] } == [.string("Ilya")])
        #expect(h.audio.playedSounds.map(\.name) == ["card-like", "card-nope", "card-like"])
    }

    @Test("The tuning file lists every value with its comment, matching the defaults")
    func tuningFile() throws {
        let text = try String(contentsOf: cardStackFolder.appendingPathComponent("tuning.toml"), encoding: .utf8)

        #expect(text == CardStackTuning.fileText(CardStackTuning()))
        #expect(prototype.tuning?.defaultsText() == text)
    }

    @Test("A tuning file changes the scene: a card turns twice as far")
    func tuningApplies() {
        var context = SceneContext(canvasSize: DevicePreset.iPhone14.size)
        context.tuningSources = [TuningSource(name: "try.toml", text: "[card]\nrotation = 0.16\n")]

        let scene = prototype.make(context) as? CardStackScene

        #expect(scene?.tuning.rotationPerPoint == 0.16)
    }
}
