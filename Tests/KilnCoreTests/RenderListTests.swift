@_spi(Fuzzing) import KilnCore
import Testing

@Suite("Render list")
struct RenderListTests {
    func makeLayer(_ frame: Rect, color: Color? = .red) -> Layer {
        let layer = Layer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    @Test("Items come back to front, depth first, children after their parent")
    func order() {
        let root = makeLayer(Rect(0, 0, 300, 300), color: nil)
        let a = makeLayer(Rect(0, 0, 100, 100)), a1 = makeLayer(Rect(10, 10, 10, 10))
        let b = makeLayer(Rect(100, 0, 100, 100))
        root.addSublayer(a)
        a.addSublayer(a1)
        root.addSublayer(b)

        let list = RenderList(root: root)

        #expect(list.items.map(\.layer.id) == [a.id, a1.id, b.id])
    }

    @Test("Opacity multiplies down the tree and hidden subtrees are skipped")
    func opacity() {
        let root = makeLayer(Rect(0, 0, 300, 300), color: nil)
        let parent = makeLayer(Rect(0, 0, 100, 100)), child = makeLayer(Rect(0, 0, 10, 10))
        let hidden = makeLayer(Rect(0, 0, 10, 10))
        parent.opacity = 0.5
        child.opacity = 0.5
        hidden.isHidden = true
        hidden.addSublayer(makeLayer(Rect(0, 0, 5, 5)))
        root.addSublayer(parent)
        parent.addSublayer(child)
        root.addSublayer(hidden)

        let items = RenderList(root: root).items

        #expect(items.count == 2)
        #expect(items[1].opacity == 0.25)
    }

    @Test("World transforms place a child of a moved parent on the canvas")
    func worldTransform() {
        let root = makeLayer(Rect(0, 0, 300, 300), color: nil)
        let parent = makeLayer(Rect(50, 50, 100, 100)), child = makeLayer(Rect(10, 20, 10, 10))
        root.addSublayer(parent)
        parent.addSublayer(child)

        let item = RenderList(root: root).items.last!

        #expect(item.transform.apply(to: .zero) == Point(60, 70))
    }

    @Test("Masking to bounds clips descendants to the ancestors' shared region")
    func clipping() {
        let root = makeLayer(Rect(0, 0, 300, 300), color: nil)
        let outer = makeLayer(Rect(0, 0, 100, 100)), inner = makeLayer(Rect(50, 50, 100, 100))
        let leaf = makeLayer(Rect(0, 0, 200, 200))
        outer.masksToBounds = true
        inner.masksToBounds = true
        root.addSublayer(outer)
        outer.addSublayer(inner)
        inner.addSublayer(leaf)

        let items = RenderList(root: root).items

        #expect(items[0].clip == nil)
        #expect(items[1].clip?.bounds == Rect(0, 0, 100, 100))
        #expect(items[2].clip?.bounds == Rect(50, 50, 50, 50))
    }

    @Test("Content keys change with content, not with movement")
    func contentKeys() {
        let root = makeLayer(Rect(0, 0, 300, 300), color: nil)
        let layer = makeLayer(Rect(0, 0, 10, 10))
        root.addSublayer(layer)
        let before = RenderList(root: root).items[0].contentKey

        layer.position = Point(100, 100)
        let moved = RenderList(root: root).items[0].contentKey
        layer.backgroundColor = .blue
        let recoloured = RenderList(root: root).items[0].contentKey

        #expect(moved == before)
        #expect(recoloured != before)
    }

    @Test("A thin line in a large shape layer is rasterized over its own reach, on the same whole-point grid")
    func shapeContentCoversItsPath() {
        let line = ShapeLayer()
        line.frame = Rect(0, 0, 343, 216)
        var path = Path()
        path.move(to: Point(10, 100.25))
        path.addLine(to: Point(333, 104.5))
        line.path = path
        line.strokeColor = .white
        line.lineWidth = 2
        line.lineJoin = .round
        line.shadowOpacity = 1
        line.shadowRadius = 4
        let whole = line.bounds.insetBy(dx: -line.contentOutset, dy: -line.contentOutset)

        let content = line.contentBounds
        // The stroke's 2, the shadow's 8 and its offset's 3.
        let reach = path.controlPointBounds.insetBy(dx: -13, dy: -13)
        #expect(content.intersection(reach) == reach)
        #expect(content.height <= reach.height + 2)
        // Each side moved in by whole points from the whole rectangle's.
        for (a, b) in [(content.minX, whole.minX), (content.minY, whole.minY), (content.maxX, whole.maxX), (content.maxY, whole.maxY)] {
            #expect((a - b).rounded() == a - b)
        }

        line.backgroundColor = .black
        #expect(line.contentBounds == whole, "with a background the whole bounds are drawn")
    }

    @Test("Layers with nothing to draw produce no item, but their children do")
    func emptyLayers() {
        let root = makeLayer(Rect(0, 0, 300, 300), color: nil)
        let group = makeLayer(Rect(0, 0, 100, 100), color: nil)
        group.addSublayer(makeLayer(Rect(0, 0, 10, 10)))
        root.addSublayer(group)

        #expect(RenderList(root: root).items.count == 1)
    }
}
