import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime
import MailboxDemo
import LaserDemo
import Testing

/// The tweak panel drawn: every field's control where its press lands, the focused one
/// marked, and values the files do not hold marked as unsaved.
@Suite("The tweak panel drawn")
struct TweakPanelViewTests {
    func render(_ view: TweakPanelView, height: Double, scale: Double = 2) throws -> Bitmap {
        let host = try OffscreenHost(canvas: Size(TweakPanelView.width, height), scale: scale, fastPaths: false)
        return host.render(root: view.layer, background: .black)
    }

    @Test("Drawn for the Mailbox tuning at 1×, 2× and 3×, the panel shows its fields, and a press on a slider lands on that slider",
          arguments: [1.0, 2, 3])
    func mailboxPanel(scale: Double) throws {
        let panel = try TweakPanel(profile: TuningProfile.of(MailboxTuning.self), sources: [])
        // The picker opens under the colour with the keyboard.
        panel.focus(on: try #require(panel.knobs.firstIndex { $0.part == .saturation }))
        let view = TweakPanelView()
        view.update(panel, height: 900, title: "mailbox", status: "~/.config/kiln/mailbox.toml")
        let bitmap = try render(view, height: 900, scale: scale)
        if let folder = ProcessInfo.processInfo.environment["KILN_LOOK"] {
            try bitmap.writePNG(to: folder + "/tweak-panel@\(Int(scale))x.png")
        }
        let (frame, target) = try #require(view.targets.first { if case .slider(knob: 0, _, _) = $0.target { true } else { false } })
        #expect(view.target(at: Point(frame.midX, frame.midY)) == target)
        // The first field's name is drawn where its row starts: light text on the dark panel.
        let (x0, y0) = (Int(12 * scale), Int(60 * scale))
        let light = (y0..<y0 + Int(12 * scale)).contains { y in
            (x0..<x0 + Int(80 * scale)).contains { x in bitmap.pixel(x: x, y: y).r > 150 }
        }
        #expect(light)
    }
}
