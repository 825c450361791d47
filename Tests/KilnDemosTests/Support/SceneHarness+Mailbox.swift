import KilnCore
import KilnEndToEndSupport
import MailboxDemo

/// The Mailbox scene's gestures: rows pressed, dragged and tapped by their layers' names.
extension SceneHarness where S == MailboxScene {
    /// The Mailbox scene with `tuning`, after its first 0.2 s.
    convenience init(tuning: MailboxTuning = MailboxTuning()) {
        self.init(settlingFor: 0.2) { MailboxScene(context: $0, tuning: tuning) }
    }

    var top: MailboxRowState { scene.rowState(at: 0)! }

    /// Presses the middle of a named layer.
    func down(on name: String, dx: Double = 0) throws {
        let frame = try canvasFrame(name)
        send(.began, at: Point(frame.midX + dx, frame.midY))
    }

    func up() { send(.ended) }

    /// Drags the top message by `dx` and keeps the pointer down.
    func drag(by dx: Double) throws {
        try down(on: "message")
        move(by: dx)
    }

    func tap(_ name: String) throws {
        try down(on: name)
        wait(0.05)
        up()
    }
}
