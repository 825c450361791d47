import Foundation
import KilnCore
import KilnPlatform
import Testing

/// A Figma-like frame (Tests/Fixtures/Assets/figma-frame.svg): nested ids, a group moved by a
/// transform, a gradient with an id in `<defs>`, ids with a space and with a digit first.
@Suite("An SVG as a tree of named layers")
struct AssetFigmaTests {
    static let canvas = Size(width: 200, height: 160)

    static func makeTree() throws -> SVGLayer {
        PlatformAssetReader.install()
        return try SVGLayer(image: Image(contentsOf: AssetFixtures.fixture("figma-frame.svg")))
    }

    /// Each layer below `layer` as "name frame" lines, indented by depth.
    static func outline(_ layer: Layer, depth: Int = 0) -> [String] {
        layer.sublayers.flatMap { child -> [String] in
            let f = child.frame
            let line = String(repeating: "  ", count: depth)
                + "\(child.name ?? "?") \(Int(f.minX.rounded())),\(Int(f.minY.rounded())) \(Int(f.width.rounded()))×\(Int(f.height.rounded()))"
            return [line] + outline(child, depth: depth + 1)
        }
    }

    @Test("Every drawn element with an id is a layer named by it, nested and placed as in the document")
    func namesNestingAndFrames() throws {
        let tree = try Self.makeTree()

        let lines = Self.outline(tree)

        #expect(tree.bounds.size == Self.canvas)
        #expect(lines == [
            "Backdrop 0,0 200×160",
            "Panel 20,30 80×80",
            "  Hero Image 0,0 80×50",
            "  2ndRow 0,60 70×20",
            "    chip 0,0 30×20",
            "    dot 50,0 20×20",
            "Badge 150,10 40×40",
        ])
        #expect(tree.layer(named: "skyFill") == nil, "a gradient in <defs> is not a layer")
    }

    /// Pixels (at `scale`) that differ between `a` and `b` and lie outside every rectangle of
    /// `allowed` (points, grown by a pixel for antialiasing); and how many differ at all.
    static func changes(_ a: Bitmap, _ b: Bitmap, scale: Double, allowed: [Rect]) -> (outside: Int, total: Int) {
        var outside = 0, total = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let i = (y * a.width + x) * 4
                guard (0..<3).contains(where: { a.pixels[i + $0] != b.pixels[i + $0] }) else { continue }
                total += 1
                let px = (Double(x) + 0.5) / scale, py = (Double(y) + 0.5) / scale, grow = 1 / scale
                if !allowed.contains(where: { $0.insetBy(dx: -grow, dy: -grow).contains(Point(x: px, y: py)) }) {
                    outside += 1
                }
            }
        }
        return (outside, total)
    }

    @Test("Moving one named layer changes only the pixels inside its old and new frames", arguments: [1.0, 2.0])
    func movingOneLayer(scale: Double) throws {
        let tree = try Self.makeTree()
        let badge = try #require(tree.layer(named: "Badge"))
        let panel = try #require(tree.layer(named: "Panel")), row = try #require(tree.layer(named: "2ndRow"))
        let dot = try #require(tree.layer(named: "dot"))
        let host = try OffscreenHost(canvas: Self.canvas, scale: scale)
        let root = Layer()
        root.frame = Rect(origin: .zero, size: Self.canvas)
        tree.frame = Rect(origin: .zero, size: Self.canvas)
        root.addSublayer(tree)
        let before = host.render(root: root, background: .white)
        let badgeBefore = badge.frame
        // The ids with a space and with a digit first draw: the gradient at the hero's centre,
        // the orange chip inside the row.
        let hero = AssetFixtures.pixel(before, Int(60 * scale), Int(55 * scale))
        let chip = AssetFixtures.pixel(before, Int(35 * scale), Int(100 * scale))
        #expect(hero.1 > 100 && hero.2 > 100 && hero.0 < 100, "the hero image shows its gradient: \(hero)")
        #expect(chip == (255, 149, 0), "the chip shows orange: \(chip)")
        let inRoot = { (r: Rect) in r.offsetBy(dx: panel.frame.minX + row.frame.minX, dy: panel.frame.minY + row.frame.minY) }
        let dotBefore = inRoot(dot.frame)

        badge.position = Point(x: badge.position.x, y: badge.position.y + 60)
        let badgeMoved = host.render(root: root, background: .white)
        dot.position = Point(x: dot.position.x + 20, y: dot.position.y)
        let dotMoved = host.render(root: root, background: .white)

        let first = Self.changes(before, badgeMoved, scale: scale, allowed: [badgeBefore, badge.frame])
        let second = Self.changes(badgeMoved, dotMoved, scale: scale, allowed: [dotBefore, inRoot(dot.frame)])
        if first.outside + second.outside > 0 {
            try FrameMatch.keep([("before@\(Int(scale))x", before), ("badge-moved@\(Int(scale))x", badgeMoved),
                                 ("dot-moved@\(Int(scale))x", dotMoved)], as: "figma")
        }
        #expect(first.total > 1000 && first.outside == 0, "Badge: \(first.outside) of \(first.total) changed pixels outside")
        #expect(second.total > 200 && second.outside == 0, "dot: \(second.outside) of \(second.total) changed pixels outside")
        let uncovered = AssetFixtures.pixel(dotMoved, Int(badgeBefore.midX * scale), Int(badgeBefore.midY * scale))
        #expect(uncovered == (242, 242, 247), "where the badge was, the backdrop shows: \(uncovered)")
    }
}
