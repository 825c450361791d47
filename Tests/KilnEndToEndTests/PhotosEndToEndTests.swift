// The photo viewer example in the real window on a private Xvfb server: a click opens a
// photo, and a mouse dragged with Alt held (two fingers either side of the point pressed,
// as in the iOS Simulator) pinches it. Needs the Swift toolchain kiln was built with, as
// `kiln dev` compiles the folder.
import Foundation
import KilnCore
import KilnEndToEndSupport
import Testing

@Suite("The photo viewer, end to end", .serialized)
struct PhotosEndToEndTests {
    @Test("A click opens a photo, and an Alt-drag pressed near its top pinches it past 1.5×")
    func altDragPinches() throws {
        let binary = try KilnBinary.locate()
        let folder = ProjectFiles.root.appendingPathComponent("Examples/Photos")
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-photos-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let session = try XvfbSession(width: 1280, height: 1024)
        defer { session.stop() }
        let app = try KilnApp(binary: binary, arguments: ["dev", folder.path, "--events", "--mute", "--quit-after", "300"],
                              session: session, environment: ["XDG_CACHE_HOME": cache.path])
        defer { app.terminate() }
        let opened = try app.waitForLine(containing: #""event": "scene.opened""#, timeout: 240)
        let window = try app.window(timeout: 30)

        // The second photo of the first row, then time for its flight to land.
        try window.click(canvasX: 195, canvasY: 168)
        let photo = try app.waitForLine(containing: #""event": "photo.opened""#, from: opened.index + 1, timeout: 20)
        Thread.sleep(forTimeInterval: 1.6)
        // The fingers come down 100 points apart either side of the press, near the photo's
        // top; the left one follows the mouse 60 points further left: 220 points apart.
        try window.drag(fromCanvas: (195, 330), to: (135, 330), steps: 24, holding: ["Alt_L"])
        let zoomed = try app.waitForLine(containing: #""event": "photo.zoomed""#, from: photo.index + 1, timeout: 20)

        #expect(photo.line.contains(#""index": 1"#), "\(photo.line)")
        let scale = zoomed.line.components(separatedBy: #""scale": "#).dropFirst().first
            .flatMap { Double($0.prefix { "0123456789.".contains($0) }) }
        #expect(scale.map { $0 > 1.5 } == true, "\(zoomed.line)")
    }
}
