import Foundation
import KilnCore
import KilnPlatform
import Testing

/// Figma-like documents (Tests/Fixtures/Assets/Tree) as trees of layers, drawn untouched, against
/// `rsvg-convert` of the whole file: unnamed drawing between elements with ids, a group's
/// opacity over overlapping children, a blur and a Figma drop shadow on groups, nested ids,
/// transformed groups, a gradient mask and a clip path over overlapping children; and
/// elements that draw others or are drawn by others: a `<use>` of a `<symbol>` holding an
/// image, elements with ids used again, in a mask, a clip path and a filter's `feImage`,
/// markers (one inside a hidden group), a group hidden with its ids, a filter's colour taken
/// from its `<defs>` and one id given to three elements.
@Suite("An SVG as a tree of layers draws as the document does")
struct AssetTreeFidelityTests {
    static let files = ["stacking.svg", "group-opacity.svg", "group-blur.svg", "drop-shadow.svg", "nested.svg",
                        "mask-and-clip.svg", "symbol-image.svg", "referenced.svg", "markers.svg", "clip-and-filter.svg"]
    static let cases: [(String, Int)] = files.flatMap { file in [(file, 1), (file, 2)] } + [("drop-shadow.svg", 4)]

    static func url(_ name: String) -> URL {
        AssetFixtures.folder.appendingPathComponent("Tree").appendingPathComponent(name)
    }

    static func makeTree(_ name: String) throws -> SVGLayer {
        PlatformAssetReader.install()
        let tree = try SVGLayer(image: Image(contentsOf: url(name)))
        tree.frame = Rect(origin: .zero, size: tree.bounds.size)
        return tree
    }

    /// The box around `layer`'s bounds in `tree`'s coordinates.
    static func box(of layer: Layer, in tree: Layer) -> Rect {
        let b = layer.bounds
        let corners = [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.minX, y: b.maxY),
                       Point(x: b.maxX, y: b.maxY)].map { layer.convert($0, to: tree) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    @Test("The tree, untouched, equals rsvg-convert of the whole file",
          .enabled(if: AssetVectorTests.rsvgConvert != nil, "rsvg-convert is not installed (scripts/bootstrap installs librsvg2-bin)"),
          arguments: cases)
    func matchesDocument(file: String, zoom: Int) throws {
        let tree = try Self.makeTree(file)
        let size = tree.bounds.size

        let frame = try AssetFixtures.render(tree, canvas: size, scale: Double(zoom))
        let reference = try AssetVectorTests.rsvgConvertFrame(Self.url(file), zoom: zoom)

        try #require(frame.width == reference.width && frame.height == reference.height)
        // Each layer is drawn by librsvg and laid over the others by the compositor in 8 bits,
        // where librsvg paints them on one surface: a level or two of rounding, no more.
        let difference = AssetFixtures.difference(frame, reference, tolerance: 3)
        if difference.over > 0 {
            try FrameMatch.keep([("kiln", frame), ("rsvg", reference)], as: "tree-\(file.dropLast(4))@\(zoom)x")
        }
        let rootMeanSquare = AssetFixtures.rootMeanSquare(frame, reference)
        #expect(difference.over == 0, """
            \(file) at \(zoom)×: \(difference.over) pixels differ by more than 3/255 (worst \(difference.worst), \
            root mean square \(rootMeanSquare))
            """)
    }

    @Test("Runs of unnamed drawing are unnamed layers between the named ones, in document order")
    func runsKeepTheirPlace() throws {
        let tree = try Self.makeTree("stacking.svg")

        let stack = try #require(tree.layer(named: "Stack"))

        #expect(tree.sublayers.map(\.name) == [nil, "Stack"])
        #expect(stack.sublayers.map(\.name) == ["under", nil, "over", nil])
        #expect(stack.sublayers[1].frame == Rect(x: 20, y: 20, width: 60, height: 60))
    }

    @Test("A group's opacity is its layer's, and a filtered group's frame covers what its filter draws")
    func opacityAndFilterReach() throws {
        let faded = try #require(try Self.makeTree("group-opacity.svg").layer(named: "Faded"))
        let shadowed = try Self.makeTree("drop-shadow.svg")
        let button = try #require(shadowed.layer(named: "Button"))

        #expect(faded.opacity == 0.5)
        #expect(faded.sublayers.allSatisfy { $0.opacity == 1 })
        let inRoot = Self.box(of: button, in: shadowed)
        // The shape spans y 30…78; Figma's shadow falls 4 below with a blur of 4.
        #expect(inRoot.minX <= 33 && inRoot.maxX >= 167 && inRoot.maxY >= 85, "Button's frame \(inRoot)")
    }

    @Test("Moving a named layer changes only the pixels of its old and new frames, inside a shadowed group too",
          arguments: [("stacking.svg", "under"), ("drop-shadow.svg", "Label"), ("drop-shadow.svg", "Rectangle 1"),
                      ("group-opacity.svg", "second"), ("nested.svg", "avatar")])
    func movingOneLayer(file: String, name: String) throws {
        let tree = try Self.makeTree(file)
        let moved = try #require(tree.layer(named: name))
        let before = try AssetFixtures.render(tree, canvas: tree.bounds.size, scale: 2)
        let old = Self.box(of: moved, in: tree)

        moved.position = Point(x: moved.position.x + 7, y: moved.position.y + 5)
        let after = try AssetFixtures.render(tree, canvas: tree.bounds.size, scale: 2)
        let new = Self.box(of: moved, in: tree)

        let changes = AssetFigmaTests.changes(before, after, scale: 2, allowed: [old, new])
        #expect(changes.total > 50 && changes.outside == 0, "\(name): \(changes.outside) of \(changes.total) changed pixels outside")
    }

    @Test("Moving a child of a group drawn whole draws the group apart in the document's order")
    func movedChildKeepsOrder() throws {
        let tree = try Self.makeTree("drop-shadow.svg")
        let shape = try #require(tree.layer(named: "Rectangle 1"))

        shape.position = Point(x: shape.position.x - 12, y: shape.position.y + 4)
        let frame = try AssetFixtures.render(tree, canvas: tree.bounds.size, scale: 1)

        // The label (70…130 across, 48…60 down) still lies over its moved background.
        #expect(AssetFixtures.pixel(frame, 100, 54) == (255, 255, 255))
        #expect(AssetFixtures.pixel(frame, 45, 60) == (255, 45, 85), "the moved shape reaches x 28")
        #expect(tree.layer(named: "Button")?.sublayers.map(\.name) == ["Rectangle 1", "Label"])
    }
}
