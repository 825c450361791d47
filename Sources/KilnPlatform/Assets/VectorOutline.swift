// The outline of an SVG document as libxml2 reads it: its elements with ids, nested, and for
// each the order in which its own drawing and its children come, so that a layer tree can
// draw the parts in the document's order. Each piece of unnamed drawing between them (a
// stretch of sibling elements, wrapped in a plain group) gets an id of its own in the tree
// librsvg is given, so that one librsvg handle draws and
// measures any part by its id, and a mark of the run it belongs to, so that a stylesheet can
// also show one run alone.
//
// Drawn apart, a part must draw as it does in the document. Where it cannot, its subtree is
// drawn whole: a group with an opacity, a filter, a mask or a clip over elements with ids,
// and an element another one draws again (a `<use>`, a mask's or a clip's content, a
// filter's `feImage`), which keeps its own opacity in every drawing, since the stylesheet
// that lifts it to full opacity for its layer would lift its copies too. A `<switch>` is one
// piece (librsvg draws its chosen child by any of its children's ids). An id given again
// names its first element, as librsvg's references take it; the later ones lose it and draw
// as unnamed drawing, or, where CSS could select them by it, the document is drawn whole.
import CLibXML2
import Foundation

/// The elements with ids that draw something, nested as in the document: not those inside
/// `defs`, gradients, clip paths, masks, patterns, markers, symbols or filters.
enum VectorOutline {
    /// An element with an id.
    struct Node {
        let id: String
        /// The opacity its layer carries: its own, or 1 where its drawing keeps it.
        let opacity: Double
        /// Whether its subtree is drawn whole while untouched: it holds elements with ids and
        /// has an opacity, a filter, a mask or a clip path (which a drawing of its parts apart
        /// would change: a clip's soft edge where parts overlap, say), or is drawn again
        /// elsewhere.
        let isComposited: Bool
        var children: [Node]
        /// Its content in document order: runs of its own drawing and its children.
        var items: [Item]
    }

    /// A piece of an element's content.
    enum Item {
        /// Consecutive subtrees holding no element with an id: a run of drawing.
        case run(Run)
        /// The child at this index.
        case child(Int)
    }

    /// A run of unnamed drawing between an element's children.
    struct Run {
        /// Its number in the document, marked on each of its pieces.
        let number: Int
        /// The ids its pieces are drawn by, in document order.
        var pieces: [String]
    }

    /// The document's elements with ids, the root's items, where librsvg's ink rectangles
    /// fall short, and how deep each element drawn whole lies.
    struct Outline {
        var roots: [Node] = []
        var items: [Item] = []
        /// Whether an element's drawing can reach past its ink rectangle as librsvg gives it,
        /// which leaves out filters' reach, images and markers: then each part's pixels are
        /// searched too.
        var inkFallsShort = false
        /// For each element drawn whole that the tree's stylesheet would lift to full
        /// opacity, how many such elements hold it: what `wholeStyle(depth:)` it is drawn with.
        var wholeDepths: [String: Int] = [:]
    }

    static let drawn: Set<String> = ["g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
                                     "text", "image", "use", "svg", "a", "switch", "foreignObject"]
    static let skipped: Set<String> = ["defs", "clipPath", "mask", "pattern", "marker", "symbol", "filter",
                                       "linearGradient", "radialGradient", "style", "script", "title", "desc",
                                       "metadata"]

    /// The attribute marking each piece of unnamed drawing with its run's number, and each
    /// element with an id with an empty one (which the tree's stylesheet selects).
    static let runMark = "data-kiln-run"
    /// The attribute giving each element with an id marked by `runMark` how many groups drawn
    /// whole hold it.
    static let depthMark = "data-kiln-depth"

    /// The stylesheet that draws an element drawn whole at `depth` with it and the elements
    /// with ids around it at full opacity, as their layers carry it, and the elements inside
    /// it with their own.
    static func wholeStyle(depth: Int) -> String {
        (0...max(depth, 0)).map { "[\(depthMark)=\"\($0)\"]" }.joined(separator: ", ") + " { opacity: 1 !important; }"
    }

    /// The CSS selector of everything inside the element `owner` (the root when `nil`) that
    /// is not of run `number`.
    static func hidingAllBut(run number: Int, in owner: String?) -> String {
        let scope = owner.map { "#" + VectorDocument.cssIdentifier($0) } ?? ":root"
        return "\(scope) [\(runMark)]:not([\(runMark)=\"\(number)\"])"
    }

    /// The outline of `xml`, whose pieces of unnamed drawing it gives ids and run marks.
    static func read(_ xml: VectorXML) -> Outline {
        guard let root = xml.root else { return Outline() }
        var reader = Reader(xml: xml)
        reader.gatherIDs(root)
        var node = xml.document.pointee.children
        while let current = node {
            if current.pointee.type == XML_PI_NODE, VectorXML.localName(current) == "xml-stylesheet" { reader.hasCSS = true }
            node = current.pointee.next
        }
        var outline = Outline()
        outline.inkFallsShort = reader.inkFallsShort
        guard reader.dropRepeatedIDs() else { return outline }
        reader.collect(in: root, items: &outline.items, children: &outline.roots, within: .top)
        outline.wholeDepths = reader.wholeDepths
        return outline
    }
}
