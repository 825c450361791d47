// The outline of an SVG document as libxml2 reads it: its elements with ids, nested, and for
// each the order in which its own drawing and its children come, so that a layer tree can
// draw the parts in the document's order. Each piece of unnamed drawing between them (a
// stretch of sibling elements, wrapped in a plain group) gets an id of its own in the tree
// librsvg is given, so that one librsvg handle draws and
// measures any part by its id, and a mark of the run it belongs to, so that a stylesheet can
// also show one run alone.
import CLibXML2
import Foundation

/// The elements with ids that draw something, nested as in the document: not those inside
/// `defs`, gradients, clip paths, masks, patterns, markers, symbols or filters.
enum VectorOutline {
    /// An element with an id.
    struct Node {
        let id: String
        let opacity: Double
        /// Whether it has a filter, a mask or a clip path, which a drawing of its parts apart
        /// would change (a clip's soft edge where parts overlap, say).
        let hasEffect: Bool
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

    /// The document's elements with ids, the root's items, and whether any element is filtered.
    struct Outline {
        var roots: [Node] = []
        var items: [Item] = []
        var hasFilters = false
    }

    static let drawn: Set<String> = ["g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
                                     "text", "image", "use", "svg", "a", "switch", "foreignObject"]
    static let skipped: Set<String> = ["defs", "clipPath", "mask", "pattern", "marker", "symbol", "filter",
                                       "linearGradient", "radialGradient", "style", "script", "title", "desc",
                                       "metadata"]

    /// The attribute marking each piece of unnamed drawing with its run's number, and each
    /// element with an id with an empty one (which the tree's stylesheet selects).
    static let runMark = "data-kiln-run"

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
        reader.collect(in: root, items: &outline.items, children: &outline.roots)
        outline.hasFilters = reader.hasFilters
        return outline
    }

    private struct Reader {
        let xml: VectorXML
        var ids: Set<String> = []
        var hasFilters = false
        var runs = 0
        var pieceNumber = 0
        /// Whether the document has CSS, whose selectors (`svg > rect`) a wrapper would change.
        var hasCSS = false

        /// Every id in the document, so that the ids given to pieces are new; and whether
        /// any element is filtered.
        mutating func gatherIDs(_ node: xmlNodePtr) {
            if let id = xml.attribute("id", of: node) { ids.insert(id) }
            if VectorXML.localName(node) == "style" { hasCSS = true }
            if xml.attribute("filter", of: node) != nil || (xml.attribute("style", of: node) ?? "").contains("filter") {
                hasFilters = true
            }
            for child in VectorXML.elements(of: node) { gatherIDs(child) }
        }

        /// The id of a named element that draws, `nil` for any other.
        func name(of node: xmlNodePtr) -> String? {
            guard Self.isNamed(node, xml) else { return nil }
            return xml.attribute("id", of: node)
        }

        static func isNamed(_ node: xmlNodePtr, _ xml: VectorXML) -> Bool {
            drawn.contains(VectorXML.localName(node)) && !(xml.attribute("id", of: node) ?? "").isEmpty
        }

        /// Whether an element with an id that draws is inside `node`.
        func holdsIDs(_ node: xmlNodePtr) -> Bool {
            VectorXML.elements(of: node).contains { child in
                !skipped.contains(VectorXML.localName(child)) && (Self.isNamed(child, xml) || holdsIDs(child))
            }
        }

        /// Whether `element` is a piece of a run: it draws, has no id, and holds no element with one.
        func isPiece(_ element: xmlNodePtr) -> Bool {
            !skipped.contains(VectorXML.localName(element)) && name(of: element) == nil && !holdsIDs(element)
        }

        /// Wraps each stretch of two or more sibling pieces of `parent` in a plain group, which
        /// is then one piece: librsvg measures and draws an element by walking past each of its
        /// ancestors' children, so a document of many unnamed elements would cost their square.
        /// A plain `<g>` changes no drawing; not done where CSS could select by the nesting,
        /// nor in a `<switch>`, which draws its first fitting child.
        mutating func wrapPieces(in parent: xmlNodePtr) {
            guard !hasCSS, ["svg", "g", "a"].contains(VectorXML.localName(parent)) else { return }
            var stretch: [xmlNodePtr] = []
            func wrap() {
                defer { stretch = [] }
                guard stretch.count > 1, let first = stretch.first, let last = stretch.last,
                      let wrapper = xmlNewDocNode(xml.document, parent.pointee.ns, "g", nil) else { return }
                xmlAddPrevSibling(first, wrapper)
                var node: xmlNodePtr? = first
                while let current = node {
                    node = current == last ? nil : current.pointee.next
                    xmlUnlinkNode(current)
                    xmlAddChild(wrapper, current)
                }
            }
            for element in VectorXML.elements(of: parent) {
                if isPiece(element) { stretch.append(element) } else { wrap() }
            }
            wrap()
        }

        /// Adds `parent`'s elements to an element's items: those with ids as children, unnamed
        /// ones that hold some by their own contents, the rest as pieces of runs.
        mutating func collect(in parent: xmlNodePtr, items: inout [Item], children: inout [Node]) {
            wrapPieces(in: parent)
            for element in VectorXML.elements(of: parent) where !skipped.contains(VectorXML.localName(element)) {
                if let id = name(of: element) {
                    xml.set(runMark, "", on: element)
                    children.append(node(for: element, id: id))
                    items.append(.child(children.count - 1))
                } else if holdsIDs(element) {
                    collect(in: element, items: &items, children: &children)
                } else {
                    let piece = pieceID(for: element)
                    if case .run(var run) = items.last {
                        run.pieces.append(piece)
                        items[items.count - 1] = .run(run)
                    } else {
                        runs += 1
                        items.append(.run(Run(number: runs, pieces: [piece])))
                    }
                    if case .run(let run) = items.last { xml.set(runMark, String(run.number), on: element) }
                }
            }
        }

        mutating func node(for element: xmlNodePtr, id: String) -> Node {
            let style = Self.declarations(xml.attribute("style", of: element) ?? "")
            let opacity = Self.number(style["opacity"] ?? xml.attribute("opacity", of: element))
            let hasEffect = ["filter", "mask", "clip-path"].contains { name in
                (style[name] ?? xml.attribute(name, of: element)).map { $0 != "none" } ?? false
            }
            var node = Node(id: id, opacity: opacity, hasEffect: hasEffect, children: [], items: [])
            collect(in: element, items: &node.items, children: &node.children)
            return node
        }

        /// The id `element` is drawn by: its own when it has one, else a new one.
        mutating func pieceID(for element: xmlNodePtr) -> String {
            if let id = xml.attribute("id", of: element), !id.isEmpty { return id }
            var made: String
            repeat {
                pieceNumber += 1
                made = "kiln-piece-\(pieceNumber)"
            } while ids.contains(made)
            xml.set("id", made, on: element)
            return made
        }

        static func declarations(_ style: String) -> [String: String] {
            var out: [String: String] = [:]
            for pair in style.split(separator: ";") {
                let parts = pair.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2 { out[parts[0]] = parts[1] }
            }
            return out
        }

        static func number(_ text: String?) -> Double {
            guard let text = text?.trimmingCharacters(in: .whitespaces) else { return 1 }
            let value = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
            return min(max(value ?? 1, 0), 1)
        }
    }
}
