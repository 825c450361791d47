import KilnCore
import Testing

@Suite("Layer geometry and tree")
struct LayerTests {
    @Test("Frame follows position, bounds and anchor point")
    func frameFromPositionAndAnchor() {
        let layer = Layer()
        layer.bounds = Rect(0, 0, 100, 40)
        layer.position = Point(200, 100)

        layer.anchorPoint = Point(0, 0)

        #expect(layer.frame == Rect(200, 100, 100, 40))
    }

    @Test("Setting the frame sets bounds size and position around the anchor")
    func settingFrame() {
        let layer = Layer()

        layer.frame = Rect(10, 20, 100, 50)

        #expect(layer.bounds.size == Size(100, 50))
        #expect(layer.position == Point(60, 45))
    }

    @Test("Sublayers keep insertion order unless zPosition says otherwise")
    func drawingOrder() {
        let parent = Layer(), a = Layer(), b = Layer(), c = Layer()
        parent.addSublayer(a)
        parent.addSublayer(b)
        parent.insertSublayer(c, below: a)

        #expect(parent.sublayersInDrawingOrder.map(\.id) == [c.id, a.id, b.id])

        c.zPosition = 1

        #expect(parent.sublayersInDrawingOrder.map(\.id) == [a.id, b.id, c.id])
    }

    @Test("Adding a layer to a new parent takes it from the old one")
    func reparenting() {
        let first = Layer(), second = Layer(), child = Layer()
        first.addSublayer(child)

        second.addSublayer(child)

        #expect(first.sublayers.isEmpty)
        #expect(child.superlayer === second)
    }

    @Test("Layers are found by name anywhere in the subtree")
    func lookupByName() {
        let root = Layer(), group = Layer(), target = ShapeLayer()
        target.name = "ring"
        root.addSublayer(group)
        group.addSublayer(target)

        #expect(root.layer(named: "ring") === target)
        #expect(root.layer(named: "missing") == nil)
    }

    @Test("Content properties bump the revision; geometry and opacity do not")
    func contentRevision() {
        let layer = ShapeLayer()
        layer.bounds = Rect(0, 0, 10, 10)
        let start = layer.contentRevision

        layer.position = Point(50, 50)
        layer.transform = Transform(rotationAngle: 1)
        layer.opacity = 0.5
        layer.bounds = Rect(5, 5, 10, 10)

        #expect(layer.contentRevision == start)

        layer.strokeEnd = 0.5
        layer.backgroundColor = .red

        #expect(layer.contentRevision == start + 2)
    }

    @Test("Converting points goes through every transform up the tree")
    func pointConversion() {
        let root = Layer(), child = Layer()
        root.bounds = Rect(0, 0, 400, 400)
        root.position = Point(200, 200)
        child.bounds = Rect(0, 0, 100, 100)
        child.position = Point(100, 100)
        child.transform = Transform(scaleX: 2, y: 2)
        root.addSublayer(child)

        let p = child.convert(Point(100, 100), to: nil)

        #expect(abs(p.x - 200) < 1e-9 && abs(p.y - 200) < 1e-9)
        let back = child.convert(p, from: nil)
        #expect(abs(back.x - 100) < 1e-9 && abs(back.y - 100) < 1e-9)
    }
}
