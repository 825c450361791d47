import Foundation
import KilnCore
import KilnPlatform
import KilnScenes
import KilnTestSupport
import Testing

/// The offscreen compositor's fast paths against the general path, where SDL's software
/// renderer draws every layer itself: every shipped script, frames at 2× both ways.
@Suite("Fast paths against SDL's own drawing")
struct FastPathComparisonTests {
    /// The shipped scripts, each naming its scene.
    static let scripts = ((try? FileManager.default.contentsOfDirectory(atPath: ProjectFiles.scripts.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()

    // Where the two paths may differ, and why:
    // - SDL truncates where a texture lands to whole pixels (SDL_RenderCopyF's destination
    //   and source rectangles become ints), while the fast paths round an upright layer's
    //   position and place a scaled one exactly: an edge or a glyph drawn at a fractional
    //   position lands one pixel apart, and a scaled one up to two, as SDL also truncates its
    //   width. Hence each pixel may match one up to `reach` pixels away.
    // - Scaled layers are sampled bilinearly at those slightly different places, so fine
    //   texture (a charred card's noise, thin text) differs by a few tens of levels.
    // - Blending rounds differently (fixed point with 256 steps against SDL's 255): a level
    //   or two everywhere a layer is translucent; rounded plain fills estimate an edge
    //   pixel's coverage differently from Cairo.
    // Measured over the shipped scripts at 2×: with a reach of 2 at most 187 pixels of the
    // 1.3 million differ by more than 32 levels (a pressure graph's thin line, scaled); a layer
    // left out, a wrong colour or a wrong opacity would put thousands of pixels over.
    static let reach = 2
    static let tolerance = 32
    static let pixelsOver = 500

    /// Scene times to compare at: the middle of up to four steps that move or hold a pointer,
    /// spread over the script, and a moment after it ends, when springs are still settling.
    static func times(of script: InputScript) -> [Double] {
        var start = 0.0, middles: [Double] = []
        for step in script.steps {
            if step.kind != "wait", step.duration > 0 { middles.append(start + step.duration / 2) }
            start += step.duration
        }
        let picked = middles.count <= 4 ? middles
            : (0..<4).map { middles[($0 * (middles.count - 1) + 1) / 3] }
        return picked + [script.duration + 0.3]
    }

    @Test("Every shipped script is compared, each a few times over its length")
    func scriptsFound() throws {
        #expect(Self.scripts.count >= 6)
        for name in Self.scripts {
            let script = try InputScriptParser.parse(contentsOf: ProjectFiles.scripts.appendingPathComponent(name))
            #expect(Self.times(of: script).count >= 3, "\(name)")
        }
    }

    @Test("The fast paths draw every shipped script's frames like SDL's software renderer", arguments: scripts)
    func script(_ name: String) throws {
        let script = try InputScriptParser.parse(contentsOf: ProjectFiles.scripts.appendingPathComponent(name))
        let context = SceneContext(canvasSize: DevicePreset.iPhone14.size, seed: script.seed ?? 1)
        let scene = try #require(SceneCatalog.make(script.scene ?? "", context: context))
        let session = SceneSession(scene: scene, script: script, showsTouches: true)
        let fast = try OffscreenHost(canvas: context.canvasSize, scale: 2, fastPaths: true)
        let general = try OffscreenHost(canvas: context.canvasSize, scale: 2, fastPaths: false)
        var frame = 0

        for time in Self.times(of: script) {
            while Double(frame) / 30 < time {
                session.advance(to: Double(frame) / 30)
                frame += 1
            }
            session.advance(to: time)
            let byHand = fast.render(root: scene.root, overlays: session.overlays, background: scene.backgroundColor)
            let bySDL = general.render(root: scene.root, overlays: session.overlays, background: scene.backgroundColor)

            let difference = ImageDifference(actual: byHand, expected: bySDL, tolerance: Self.tolerance,
                                             reach: Self.reach)
            #expect(difference.sizesMatch && difference.pixelsOverTolerance <= Self.pixelsOver,
                    "\(name) at \(time) s: \(difference.summary)")
        }
    }
}
