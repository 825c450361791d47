import Kiln
import KilnTesting
import Testing
@testable import CardStack

@Suite("Card stack golden images")
struct CardStackGoldenTests {
    @Test("At rest: the top card's photo, name and line, the buttons under the stack")
    func resting() throws {
        let h = StackHarness()

        try h.expectGoldenImage(named: "card-stack-resting", scale: 2)
    }

    @Test("Dragged right: the card turned about its foot, LIKE stamped, the next card growing behind")
    func draggedRight() throws {
        let h = StackHarness()

        h.down(at: h.onCard)
        h.drag(by: 100, -20, over: 0.4)
        h.wait(0.1)

        try h.expectGoldenImage(named: "card-stack-like", scale: 2)
    }

    @Test("Dragged left: NOPE stamped, the card turned the other way")
    func draggedLeft() throws {
        let h = StackHarness()

        h.down(at: h.onCard)
        h.drag(by: -90, 10, over: 0.4)
        h.wait(0.1)

        try h.expectGoldenImage(named: "card-stack-nope", scale: 2)
    }

    @Test("Just after a like: the card flying off, the burst over the next card")
    func burst() throws {
        let h = StackHarness()

        h.swipe(by: 110, over: 0.15)
        h.wait(0.1)

        try h.expectGoldenImage(named: "card-stack-burst", scale: 2)
    }
}
