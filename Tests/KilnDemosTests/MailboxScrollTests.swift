import KilnCore
import KilnEndToEndSupport
import MailboxDemo
import Testing

@Suite("Mailbox inbox scrolling")
struct MailboxScrollTests {
    /// The inbox on an iPhone SE, where its eight messages are taller than the list.
    func shortPhone() -> SceneHarness<MailboxScene> {
        SceneHarness<MailboxScene>(canvas: DevicePreset.iPhoneSE.size, settlingFor: 0.2) {
            MailboxScene(context: $0)
        }
    }

    @Test("Pulled down, the inbox's list rubber-bands and springs back; no message swipes")
    func pullBounces() throws {
        let h = SceneHarness<MailboxScene>()
        let top = try h.canvasFrame("message").minY

        try h.down(on: "message.3")
        h.drag(by: 4, 120, over: 0.4)
        let pulled = try h.canvasFrame("message").minY - top
        h.up()
        h.wait(1.0)

        #expect(pulled > 20 && pulled < 120 * 0.55)
        #expect(try h.canvasFrame("message").minY == top)
        #expect(h.names("zone.changed").isEmpty && h.scene.zone == .none)
    }

    @Test("On a short phone the list scrolls to its last message and stops there, bouncing at the end")
    func shortPhoneScrolls() throws {
        let h = shortPhone()

        try h.drag(from: h.canvasFrame("message.5").center, by: 0, -400, over: 0.5, hold: 0.2)
        h.wait(1.5)

        #expect(try abs(h.canvasFrame("message.7").maxY - DevicePreset.iPhoneSE.size.height) < 1e-6)
        #expect(h.names("zone.changed").isEmpty)
    }

    @Test("A sideways drag on a scrolled list still swipes the message, and the list stays put")
    func sidewaysStillSwipes() throws {
        let h = shortPhone()
        try h.drag(from: h.canvasFrame("message.5").center, by: 0, -100, over: 0.5, hold: 0.2)
        h.wait(1.0)
        let scrolled = try h.canvasFrame("message").minY

        try h.drag(from: h.canvasFrame("message.5").center, by: 100, 8, over: 0.3)

        #expect(scrolled < 104 - 90, "the list scrolled up first")
        #expect(h.names("zone.changed").first?.fields["zone"] == .string("archive"))
        #expect(try h.canvasFrame("message").minY == scrolled)
    }
}
