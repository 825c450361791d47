import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime
import KilnEndToEndSupport
import Testing

/// The offscreen compositor's fast paths against its general path, where pixman draws every
/// layer: every shipped script, frames at 2× both ways.
@Suite("Fast paths against pixman's drawing")
struct FastPathComparisonTests {
    /// The shipped scripts, each naming its scene.
    static let scripts = ((try? FileManager.default.contentsOfDirectory(atPath: ProjectFiles.scripts.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()

    // Where the two paths may differ, and why:
    // - Blending rounds differently (fixed point with 256 steps against pixman's exact
    //   division by 255): up to 5 levels wherever a layer is translucent.
    // - An upright scaled layer is sampled bilinearly by both, but the hand loop takes its
    //   weights in 256 steps from where a row or column starts, pixman in 65536 from each
    //   pixel's own centre: fine texture (a charred card's noise, thin text drawn scaled)
    //   differs by up to about 45 levels, a neighbouring pixel's value, at a few hundred pixels.
    // - Rounded plain fills estimate an edge pixel's coverage differently from Cairo.
    // Both put an upright unscaled layer on the same whole pixels, so there is no shift
    // between them. Measured over the shipped scripts at 2×: with a reach of 1 at most 525 of
    // the 1.3 million pixels differ by more than 16 levels; with a reach of 0 and a tolerance of
    // 2, laser frames differ at up to 25,000 pixels (rounding alone). A layer left out, a
    // wrong colour, a wrong opacity or a shifted layer would put thousands of pixels over.
    static let reach = 1
    static let tolerance = 16
    static let pixelsOver = 600

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

    /// The shipped script `name` with the scene it names, on an iPhone 14's canvas, playing
    /// in a session that shows its touches.
    static func play(_ name: String) throws -> (InputScript, SceneContext, any Scene, SceneSession) {
        let script = try InputScriptParser.parse(contentsOf: ProjectFiles.scripts.appendingPathComponent(name))
        let context = SceneContext(canvasSize: DevicePreset.iPhone14.size, seed: script.seed ?? 1)
        let scene = try #require(DemoCatalog.make(script.scene ?? "", context: context))
        return (script, context, scene, SceneSession(scene: scene, script: script, showsTouches: true))
    }

    @Test("Every shipped script is compared, each a few times over its length")
    func scriptsFound() throws {
        #expect(Self.scripts.count >= 6)
        for name in Self.scripts {
            let script = try InputScriptParser.parse(contentsOf: ProjectFiles.scripts.appendingPathComponent(name))
            #expect(Self.times(of: script).count >= 3, "\(name)")
        }
    }

    @Test("The fast paths draw every shipped script's frames like pixman", arguments: scripts)
    func script(_ name: String) throws {
        let (script, context, scene, session) = try Self.play(name)
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
            let byPixman = general.render(root: scene.root, overlays: session.overlays, background: scene.backgroundColor)

            let difference = ImageDifference(actual: byHand, expected: byPixman, tolerance: Self.tolerance,
                                             reach: Self.reach)
            #expect(difference.sizesMatch && difference.pixelsOverTolerance <= Self.pixelsOver,
                    "\(name) at \(time) s: \(difference.summary)")
        }
    }

    @Test("A scaled layer's edges fade in its own colour: on a canvas of that colour it leaves no seam")
    func scaledEdgesKeepTheirColour() throws {
        let cream = Color(red: 0.95, green: 0.95, blue: 0.92)
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 120, height: 160)
        let card = Layer()
        card.bounds = Rect(x: 0, y: 0, width: 68.4, height: 68.9)
        card.position = Point(x: 64.2, y: 109.45)
        card.transform = Transform(scaleX: 0.9621, y: 1.123)
        card.backgroundColor = cream
        card.cornerRadius = 1.8
        root.addSublayer(card)

        for fastPaths in [true, false] {
            for scale in [1.0, 2.0, 3.0] {
                let host = try OffscreenHost(canvas: Size(width: 120, height: 160), scale: scale, fastPaths: fastPaths)
                let frame = host.render(root: root, background: cream)
                var darkest = 255
                for y in 0..<frame.height {
                    for x in 0..<frame.width { darkest = min(darkest, Int(frame.pixel(x: x, y: y).r)) }
                }
                // 0.95 is 242 levels; a seam of transparent black mixed in shows tens of levels darker.
                #expect(darkest >= 240, "fast paths \(fastPaths), \(scale)×: darkest red \(darkest)")
            }
        }
    }
}
