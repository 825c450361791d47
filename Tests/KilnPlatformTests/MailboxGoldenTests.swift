import KilnCore
import KilnPlatform
import MailboxDemo
import Testing

@Suite("Mailbox golden images")
struct MailboxGoldenTests {
    /// The Mailbox scene with the top message dragged by `dx` (and released when `release`),
    /// stepped at 60 fps, then drawn at 1×.
    func render(draggingBy dx: Double, release: Bool = false, settle: Double = 0) throws -> Bitmap {
        let scene = MailboxScene(context: SceneContext(canvasSize: DevicePreset.iPhone14.size))
        var time = 0.0
        func step(_ seconds: Double) {
            let end = time + seconds
            while time < end - 1e-9 {
                time = min(end, time + 1.0 / 60)
                scene.advance(to: time)
            }
        }
        step(0.2)
        let row = try #require(scene.root.layer(named: "message"))
        let start = row.transformToRoot.apply(to: Point(row.bounds.midX, row.bounds.midY))
        scene.deliver(PointerEvent(phase: .began, location: start, timestamp: time))
        for i in 1...30 {
            step(1.0 / 60)
            let p = Point(start.x + dx * Double(i) / 30, start.y)
            scene.deliver(PointerEvent(phase: .moved, location: p, timestamp: time))
        }
        step(0.1)
        if release {
            scene.deliver(PointerEvent(phase: .ended, location: Point(start.x + dx, start.y), timestamp: time))
        }
        step(settle)
        let host = try OffscreenHost(canvas: DevicePreset.iPhone14.size, scale: 1)
        return host.render(scene)
    }

    @Test("M1, M5: the gray background with the icon fading in", arguments: [(-40.0, "left"), (40.0, "right")])
    func neutral(_ dx: Double, side: String) throws {
        try Snapshot.assertMatches(try render(draggingBy: dx), named: "mailbox-gray-\(side)")
    }

    @Test("M2: yellow, the later icon following the message")
    func later() throws {
        try Snapshot.assertMatches(try render(draggingBy: -150), named: "mailbox-yellow")
    }

    @Test("M3: brown, the list icon")
    func list() throws {
        try Snapshot.assertMatches(try render(draggingBy: -290), named: "mailbox-brown")
    }

    @Test("M6: green, the archive icon following the message")
    func archive() throws {
        try Snapshot.assertMatches(try render(draggingBy: 150), named: "mailbox-green")
    }

    @Test("M7: red, the delete icon")
    func delete() throws {
        try Snapshot.assertMatches(try render(draggingBy: 290), named: "mailbox-red")
    }

    @Test("M2: the reschedule options after a release in the later zone")
    func rescheduleOptions() throws {
        try Snapshot.assertMatches(try render(draggingBy: -150, release: true, settle: 0.8),
                                   named: "mailbox-reschedule-options")
    }
}
