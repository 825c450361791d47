// Offline frames against the real window: every shipped script played in a window under
// Xvfb (SDL's OpenGL renderer on Mesa's llvmpipe) and rendered by `kiln render` (pixman),
// at 1× and 2×, compared once the script is over and the scene has come to rest.
import Foundation
import KilnCore
import KilnEndToEndSupport
import Testing

@Suite("Offline frames look like the window", .serialized)
struct WindowAgreementTests {
    static let scripts = ((try? FileManager.default.contentsOfDirectory(atPath: ProjectFiles.scripts.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()

    // Where the window and the render may differ, and why:
    // - llvmpipe samples textures in fixed point and blends in 8 bits per step; pixman
    //   divides exactly: a level or two wherever a layer is translucent or drawn turned.
    // - A turned or scaled layer's edge pixels are covered by llvmpipe's own rasterization
    //   rule and by pixman's antialiased clip: up to a whole step at a few edge pixels.
    // - Particles are simulated identically but drawn by different SDL renderers.
    // - Time: the window runs on the wall clock, so a scene that never rests (the laser's
    //   hint dots march towards the beam) is compared at a moment that is not the render's:
    //   measured at 2×, 1.4 % of the laser's pixels, the dots, differ by more than 24 levels.
    // Hence a mean over the whole frame, and a share of pixels that must be close. A layer
    // left out, drawn in the wrong place or smeared (as SDL's software renderer smeared turned
    // layers) moves both far past these bars.
    static let tolerance = 24
    static let meanLimit = 2.0
    static let shareWithin = 0.98

    static let scales = [1, 2]

    /// Most of a case's time is its script playing in real time, so the two scales of one
    /// script play side by side, each in a server of its own.
    @Test("A shipped script's last frame in the window matches kiln render's, at 1× and 2×", arguments: scripts)
    func lastFrame(_ script: String) throws {
        let failures = Locked([String?](repeating: nil, count: Self.scales.count))
        DispatchQueue.concurrentPerform(iterations: Self.scales.count) { index in
            let failure: String?
            do {
                failure = try compare(script, scale: Self.scales[index])
            } catch {
                failure = "\(script) at \(Self.scales[index])×: \(error)"
            }
            failures.withLock { $0[index] = failure }
        }
        for failure in failures.withLock({ $0 }).compactMap({ $0 }) { Issue.record(Comment(rawValue: failure)) }
    }

    /// Plays `script` in a window at `scale` and renders it; why they differ, or `nil`.
    private func compare(_ script: String, scale: Int) throws -> String? {
        let url = ProjectFiles.scripts.appendingPathComponent(script)
        let parsed = try InputScriptParser.parse(contentsOf: url)
        guard let scene = parsed.scene else { return "\(script) names no scene" }
        let binary = try KilnBinary.locate()
        let canvas = DevicePreset.iPhone14.size
        let (width, height) = (Int(canvas.width) * scale, Int(canvas.height) * scale)
        let session = try XvfbSession(width: max(1280, width + 200), height: max(1024, height + 100))
        defer { session.stop() }
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-e2e-agree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: files) }
        let app = try KilnApp(binary: binary, arguments: ["play", url.path, "--mute", "--events",
                                                          "--quit-after", "\(Int(parsed.duration) + 40)"],
                              session: session)
        defer { app.terminate() }
        try app.waitForLine(containing: #""event": "scene.opened""#, timeout: 30)
        let opened = Date()
        let window = try app.window(timeout: 30)
        if scale != 1 { try window.resize(width: width, height: height) }

        // The scene rests a few seconds after its script (springs settled, a toast gone);
        // compare from then, taking pictures until one matches.
        let rest = parsed.duration + 5
        let reference = files.appendingPathComponent("render.png").path
        try ExternalCommand.run(binary, ["render", scene, "--script", url.path, "--at", "\(rest)",
                                         "--scale", "\(scale)", "--out", reference, "--mute"], timeout: 120)
        let expected = try RGBImage(contentsOf: reference)
        Thread.sleep(until: opened.addingTimeInterval(rest))
        let shot = files.appendingPathComponent("window.png").path
        var best: RegionDifference?
        let deadline = Date().addingTimeInterval(6)
        repeat {
            try window.screenshot(to: shot)
            let actual = try RGBImage(contentsOf: shot)
            guard actual.width == expected.width, actual.height == expected.height else {
                return "\(script) at \(scale)×: the window is \(actual.width)×\(actual.height), the render \(expected.width)×\(expected.height)"
            }
            let difference = actual.difference(from: expected, tolerance: Self.tolerance)
            if best.map({ difference.meanAbsolute < $0.meanAbsolute }) ?? true { best = difference }
            if Self.passes(difference) { break }
            Thread.sleep(forTimeInterval: 0.3)
        } while Date() < deadline

        guard let verdict = best else { return "\(script) at \(scale)×: no picture of the window" }
        guard !Self.passes(verdict) else { return nil }
        let kept = "window \(keep(shot, as: "\(script)-\(scale)x-window.png")), render \(keep(reference, as: "\(script)-\(scale)x-render.png"))"
        return "\(script) at \(scale)×: \(verdict); \(kept)"
    }

    static func passes(_ difference: RegionDifference) -> Bool {
        difference.meanAbsolute < meanLimit && difference.fractionWithinTolerance >= shareWithin
    }

    /// Copies a picture of a failed comparison where it outlives the test, and says where.
    private func keep(_ path: String, as name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-e2e-failures")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: target)
        return (try? FileManager.default.copyItem(atPath: path, toPath: target.path)) != nil ? target.path : "lost"
    }
}
