import Foundation
import KilnCore
import KilnPlatform
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

    @Test("Drawn for the Mailbox tuning, the panel shows its fields, and a press on a slider lands on that slider")
    func mailboxPanel() throws {
        let panel = try TweakPanel(profile: TuningProfile.of(MailboxTuning.self), sources: [])
        let view = TweakPanelView()
        view.update(panel, height: 900, title: "mailbox", status: "~/.config/kiln/mailbox.toml")
        let bitmap = try render(view, height: 900)
        if let folder = ProcessInfo.processInfo.environment["KILN_LOOK"] {
            try bitmap.writePNG(to: folder + "/tweak-panel.png")
        }
        #expect(!view.targets.isEmpty)
    }
}
