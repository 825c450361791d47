// Assets saved while `kiln dev` shows them: a prototype folder whose scene shows a PNG and an
// SVG from its Assets/, or names a PNG its Assets/ does not hold yet, in a window on a
// private Xvfb server. Each file is replaced as editors
// save (written under another name, then renamed over it) and the window is photographed
// until it shows the new colour. Needs the Swift toolchain kiln was built with, ImageMagick.
import Foundation
import KilnCore
import KilnPlatform
import KilnEndToEndSupport
import Testing

@Suite("Assets reload live, end to end", .serialized)
struct AssetReloadEndToEndTests {
    @Test("kiln dev shows a PNG and an SVG saved again within half a second, without making the scene anew")
    func savedAssetsShowInTheWindow() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-reload-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("swatch"), assets = folder.appendingPathComponent("Assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        try Self.scene("swatch", png: "swatch.png", badge: true)
            .write(to: folder.appendingPathComponent("Swatch.swift"), atomically: true, encoding: .utf8)
        try Bitmap(width: 64, height: 64, fill: Color(red: 1, green: 0, blue: 0)).writePNG(to: assets.appendingPathComponent("swatch.png").path)
        try Self.badge("#00C000").write(to: assets.appendingPathComponent("badge.svg"), atomically: true, encoding: .utf8)
        let bluePNG = parent.appendingPathComponent("blue.png")
        try Bitmap(width: 64, height: 64, fill: Color(red: 0, green: 0, blue: 1)).writePNG(to: bluePNG.path)
        let (session, app, window) = try openDev(folder)
        defer { session.stop() }
        defer { app.terminate() }
        let geometry = try window.geometry()
        let swatchPoint = geometry.windowPoint(canvasX: 195, canvasY: 150)
        let badgePoint = geometry.windowPoint(canvasX: 195, canvasY: 600)
        let shown = try eventually(within: 15) { try isRed(pixel(of: window, at: swatchPoint)) }
        let overhead = try (0..<3).map { _ in try timed { _ = try pixel(of: window, at: swatchPoint) } }.max() ?? 0
        let opened = app.lines.filter { $0.contains("scene.opened") }.count

        // The PNG.
        let png = try replaced(assets.appendingPathComponent("swatch.png"), with: Data(contentsOf: bluePNG), in: window,
                               at: swatchPoint, until: isBlue)
        // The SVG.
        let svgBefore = try pixel(of: window, at: badgePoint)
        let svg = try replaced(assets.appendingPathComponent("badge.svg"), with: Data(Self.badge("#C000C0").utf8),
                               in: window, at: badgePoint) { $0.red > 150 && $0.green < 80 && $0.blue > 150 }
        let reloadedLines = try eventually(within: 5) {
            app.errorOutput.contains("reloaded swatch.png") && app.errorOutput.contains("reloaded badge.svg")
        }

        #expect(shown, "the red swatch appears")
        for (name, latency) in [("swatch.png", png), ("badge.svg", svg)] {
            print("\(name): on screen between \(ms(latency.lastOld)) and \(ms(latency.firstNew)) ms after the rename; a screenshot takes up to \(ms(overhead)) ms")
            #expect(latency.firstNew <= 0.5 + overhead, "\(name) shown \(ms(latency.firstNew)) ms after the rename")
        }
        #expect(svgBefore.green > 150 && svgBefore.red < 80, "the green badge before its save: \(svgBefore)")
        #expect(reloadedLines, "\(app.errorOutput.suffix(800))")
        #expect(app.lines.filter { $0.contains("scene.opened") }.count == opened, "the scene is not made anew")
        #expect(app.isRunning)
    }

    @Test("kiln dev shows a PNG written only after the scene named it within half a second, without making the scene anew")
    func fileWrittenAfterTheSceneNamedIt() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-late-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("late"), assets = folder.appendingPathComponent("Assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        try Self.scene("late", png: "late.png", badge: false)
            .write(to: folder.appendingPathComponent("Late.swift"), atomically: true, encoding: .utf8)
        let bluePNG = parent.appendingPathComponent("blue.png")
        try Bitmap(width: 64, height: 64, fill: Color(red: 0, green: 0, blue: 1)).writePNG(to: bluePNG.path)
        let (session, app, window) = try openDev(folder)
        defer { session.stop() }
        defer { app.terminate() }
        let point = try window.geometry().windowPoint(canvasX: 195, canvasY: 150)
        let saidMissing = try eventually(within: 15) { app.errorOutput.contains("late.png: no such asset") }
        Thread.sleep(forTimeInterval: 0.5)
        let before = try pixel(of: window, at: point)
        let overhead = try (0..<3).map { _ in try timed { _ = try pixel(of: window, at: point) } }.max() ?? 0
        let opened = app.lines.filter { $0.contains("scene.opened") }.count

        let latency = try replaced(assets.appendingPathComponent("late.png"), with: Data(contentsOf: bluePNG), in: window,
                                   at: point, until: isBlue)
        let reloadedLine = try eventually(within: 5) { app.errorOutput.contains("reloaded late.png") }

        print("late.png: on screen between \(ms(latency.lastOld)) and \(ms(latency.firstNew)) ms after the rename; a screenshot takes up to \(ms(overhead)) ms")
        #expect(saidMissing, "\(app.errorOutput.suffix(800))")
        #expect(!isBlue(before), "the crossed box before the file is written: \(before)")
        #expect(latency.firstNew <= 0.5 + overhead, "late.png shown \(ms(latency.firstNew)) ms after the rename")
        #expect(reloadedLine, "\(app.errorOutput.suffix(800))")
        #expect(app.errorOutput.components(separatedBy: "late.png: no such asset").count == 2, "the missing file is said once")
        #expect(app.lines.filter { $0.contains("scene.opened") }.count == opened, "the scene is not made anew")
        #expect(app.isRunning)
    }

    /// When the window first showed what `isNew` accepts at `point`, after `file` was replaced
    /// with `data`: after `lastOld` seconds (the start of the last photograph still showing
    /// the old picture) and by `firstNew` (the end of the first showing the new one).
    private func replaced(_ file: URL, with data: Data, in window: XWindow, at point: (x: Int, y: Int),
                          until isNew: ((red: Int, green: Int, blue: Int)) -> Bool) throws -> (lastOld: Double, firstNew: Double) {
        let partial = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).swp")
        try data.write(to: partial)
        let renamed = Date()
        guard rename(partial.path, file.path) == 0 else { throw EndToEndError("cannot rename over \(file.path)") }
        var lastOld = 0.0
        while Date().timeIntervalSince(renamed) < 5 {
            let started = Date().timeIntervalSince(renamed)
            let colour = try pixel(of: window, at: point)
            if isNew(colour) { return (lastOld, Date().timeIntervalSince(renamed)) }
            lastOld = started
        }
        throw EndToEndError("\(file.lastPathComponent) was not shown anew within 5 s")
    }

    /// One pixel of the window, photographed with ImageMagick's `import`.
    private func pixel(of window: XWindow, at point: (x: Int, y: Int)) throws -> (red: Int, green: Int, blue: Int) {
        let importTool = try ExternalCommand.require("import", package: "imagemagick")
        let raw = try ExternalCommand.run(importTool, ["-window", window.id, "-crop", "1x1+\(point.x)+\(point.y)", "-depth", "8", "rgb:-"],
                                          environment: window.session.environment, timeout: 10).stdout
        guard raw.count >= 3 else { throw EndToEndError("import gave \(raw.count) bytes for one pixel") }
        return (Int(raw[raw.startIndex]), Int(raw[raw.startIndex + 1]), Int(raw[raw.startIndex + 2]))
    }

    private func isRed(_ pixel: (red: Int, green: Int, blue: Int)) -> Bool { pixel.red > 200 && pixel.green < 60 && pixel.blue < 60 }
    private func isBlue(_ pixel: (red: Int, green: Int, blue: Int)) -> Bool { pixel.blue > 200 && pixel.red < 60 && pixel.green < 60 }
    private func ms(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

    private func timed(_ body: () throws -> Void) rethrows -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    /// A badge: one square of `fill`.
    private static func badge(_ fill: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
          <rect id="square" width="40" height="40" fill="\(fill)"/>
        </svg>

        """
    }

    /// The prototype `name`: the PNG `png` fills the canvas but for a margin; with `badge`,
    /// the badge (40 points square, shown three times as large) sits on it.
    private static func scene(_ name: String, png: String, badge: Bool) -> String {
        let badgeLines = !badge ? "" : """
                    let badge = SVGLayer(named: "badge.svg")
                    badge.position = Point(x: size.width / 2, y: 600)
                    badge.uniformScale = 3
                    root.addSublayer(badge)
            """
        return """
            import Kiln

            final class PictureScene: Scene {
                let name = "\(name)"
                let root = Layer()
                let backgroundColor = Color(hex: 0xFFFFFF)

                init(context: SceneContext) {
                    let size = context.canvasSize
                    root.bounds = Rect(origin: .zero, size: size)
                    root.position = Point(x: size.width / 2, y: size.height / 2)
                    let picture = ImageLayer(named: "\(png)")
                    picture.contentsGravity = .resize
                    picture.frame = Rect(20, 20, size.width - 40, size.height - 40)
                    root.addSublayer(picture)
            \(badgeLines)
                }

                func update(time: Double) {}
                func handle(_ event: PointerEvent) {}
            }

            let prototype = Prototype(name: "\(name)", title: "\(name)", make: { PictureScene(context: $0) })

            """
    }

    /// `kiln dev folder` in a window on a private Xvfb server, once its scene is open.
    private func openDev(_ folder: URL) throws -> (session: XvfbSession, app: KilnApp, window: XWindow) {
        let binary = try KilnBinary.locate()
        let session = try XvfbSession(width: 1280, height: 1024)
        do {
            let app = try KilnApp(binary: binary, arguments: ["dev", folder.path, "--events", "--mute", "--quit-after", "300"],
                                  session: session)
            do {
                try app.waitForLine(containing: #""event": "scene.opened""#, timeout: 180)
                return (session, app, try app.window(timeout: 30))
            } catch {
                app.terminate()
                throw error
            }
        } catch {
            session.stop()
            throw error
        }
    }
}
