import Foundation
import KilnCore
import Testing

@Suite("Hit testing")
struct HitTestTests {
    /// A 400×400 root with one 100×20 bar centred at (200, 200).
    func makeTree() -> (root: Layer, bar: Layer) {
        let root = Layer()
        root.bounds = Rect(0, 0, 400, 400)
        root.position = Point(200, 200)
        let bar = Layer()
        bar.bounds = Rect(0, 0, 100, 20)
        bar.position = Point(200, 200)
        root.addSublayer(bar)
        return (root, bar)
    }

    @Test("A rotated layer is hit along its rotated shape, not its old box")
    func rotation() {
        let (root, bar) = makeTree()

        bar.transform = Transform(rotationAngle: .pi / 2)

        #expect(root.hitTest(Point(200, 240)) === bar)
        #expect(root.hitTest(Point(240, 200)) === root)
    }

    @Test("A scaled layer is hit over its scaled extent")
    func scale() {
        let (root, bar) = makeTree()

        bar.transform = Transform(scaleX: 3, y: 1)

        #expect(root.hitTest(Point(340, 200)) === bar)
        #expect(root.hitTest(Point(360, 200)) === root)
    }

    @Test("The frontmost sublayer wins; hidden and transparent layers are not hit")
    func frontmost() {
        let (root, bar) = makeTree()
        let cover = Layer()
        cover.frame = Rect(150, 190, 100, 20)
        root.addSublayer(cover)

        #expect(root.hitTest(Point(200, 200)) === cover)

        cover.isHidden = true
        #expect(root.hitTest(Point(200, 200)) === bar)

        cover.isHidden = false
        cover.opacity = 0
        #expect(root.hitTest(Point(200, 200)) === bar)
    }

    @Test("A layer that masks to bounds hides its sublayers outside them")
    func masking() {
        let (root, bar) = makeTree()
        let child = Layer()
        child.frame = Rect(90, 0, 40, 20)
        bar.addSublayer(child)

        #expect(root.hitTest(Point(270, 200)) === child)

        bar.masksToBounds = true
        #expect(root.hitTest(Point(270, 200)) === root)
    }

    @Test("Layers that are not hit-testable let the pointer through to what is below")
    func notHitTestable() {
        let (root, bar) = makeTree()
        let overlay = Layer()
        overlay.frame = Rect(0, 0, 400, 400)
        root.addSublayer(overlay)
        #expect(root.hitTest(Point(200, 200)) === overlay)

        overlay.isHitTestable = false

        #expect(root.hitTest(Point(200, 200)) === bar)
    }
}
