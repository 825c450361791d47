import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime
import KilnEndToEndSupport
import MailboxDemo
import Testing

/// `kiln render --hud` beside the same frame without it.
@Suite("HUD rendering on the command line")
struct HUDCommandLineTests {
    let canvas = DevicePreset.iPhone14.size

    /// The canvas points the HUD can draw on over a scene: its panel and labels, and a
    /// band around each of its lines.
    func hudAreas(over scene: Scene) -> [Rect] {
        let hud = HUD(canvasSize: canvas, isVisible: true)
        hud.update(now: 0, scene: scene.root, guides: scene.guides)
        let whole = Rect(origin: .zero, size: canvas)
        // Layers reach half a pixel past their frames where edges are anti-aliased.
        let layers = LayerOutlines.quads(of: hud.root).map { Rect(enclosing: $0) }.filter { $0 != whole }
            .map { $0.insetBy(dx: -1, dy: -1) }
        let lines = hud.root.allLayers.compactMap { $0 as? HairlineLayer }.flatMap(\.polylines)
            .map { Rect(enclosing: $0).insetBy(dx: -1.5, dy: -1.5) }
        return layers + lines
    }

    @Test("kiln render --hud changes the frame only where the HUD draws")
    func commandLine() throws {
        let kiln = try KilnBinary.locate()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-hud-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain.png").path
        let withHUD = folder.appendingPathComponent("hud.png").path
        let common = ["render", "mailbox", "--at", "0.5", "--scale", "1"]

        try ExternalCommand.run(kiln, common + ["--out", plain], timeout: 120)
        try ExternalCommand.run(kiln, common + ["--hud", "--out", withHUD], timeout: 120)

        let a = try Bitmap.readPNG(from: plain), b = try Bitmap.readPNG(from: withHUD)
        #expect(a.width == b.width && a.height == b.height)
        let areas = hudAreas(over: MailboxScene(context: SceneContext(canvasSize: canvas)))
        var changed = 0, outside: [Point] = []
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                changed += 1
                let p = Point(Double(x) + 0.5, Double(y) + 0.5)
                if !areas.contains(where: { $0.contains(p) }) { outside.append(p) }
            }
        }
        #expect(changed > 10_000)
        #expect(outside.isEmpty, "changed outside the HUD at \(outside.prefix(5))")
    }
}
