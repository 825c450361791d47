import KilnCore
import KilnEndToEndSupport
import MailboxDemo
import PressureDemo
import Testing

/// A weak reference to every layer of a tree, taken while the scene runs.
private struct LayerCensus {
    private final class Entry {
        weak var layer: Layer?
        let name: String
        init(_ layer: Layer) {
            self.layer = layer
            name = layer.name ?? "\(type(of: layer))"
        }
    }

    private var entries: [Entry] = []

    /// Adds `root` and everything below it.
    mutating func count(_ root: Layer) {
        entries.append(Entry(root))
        for sublayer in root.sublayers { count(sublayer) }
    }

    /// The names of the layers still alive.
    var survivors: [String] { entries.filter { $0.layer != nil }.map(\.name) }
}

/// A scene let go in the middle of its animations takes all its layers with it: a window
/// switching scenes, or an offline render ending, must not keep the last scene's tree.
@Suite("Scenes free their layers")
struct SceneLeakTests {
    @Test("A pressure scene let go while the deleted photo's row slides away frees every layer")
    func pressureRowSlidingAway() throws {
        var census = LayerCensus()
        do {
            let h = SceneHarness<PressureScene>()
            census.count(h.scene.root)
            try h.confirmWithMouse()
            // The row's slide and fade (0.28 s) are still running.
            #expect(h.names("photo.deleted").count == 1)
            #expect(h.scene.root.hasAnimations)
        }

        #expect(census.survivors == [])
    }

    @Test("A Mailbox scene let go while an archived message slides off frees every layer")
    func mailboxSlidingOff() throws {
        var census = LayerCensus()
        do {
            let h = SceneHarness<MailboxScene>()
            census.count(h.scene.root)
            try h.drag(by: 120)
            h.up()
            h.wait(0.05)
            #expect(h.names("message.archived").isEmpty, "still sliding off")
        }

        #expect(census.survivors == [])
    }

    @Test("A Mailbox scene let go while the options fade and while Undo slides a message back frees every layer")
    func mailboxOptionsAndUndo() throws {
        var census = LayerCensus()
        do {
            var tuning = MailboxTuning()
            tuning.demoReturn = false
            let h = SceneHarness<MailboxScene>(tuning: tuning)
            census.count(h.scene.root)
            try h.drag(by: -60)
            h.up()
            h.wait(0.6)
            h.tap(at: Point(195, 400))
            h.wait(0.05)
            #expect(h.names("message.rescheduled").isEmpty, "the options still fading")
            h.wait(1)
            #expect(h.scene.handle(KeyPress("z", modifiers: .ctrl)))
            h.wait(0.05)
            #expect(h.names("message.restored").count == 1)
        }

        #expect(census.survivors == [])
    }
}
