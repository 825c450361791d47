// The outline of an SVG document as libxml2 reads it: its elements with ids, nested, and for
// each the order in which its own drawing and its children come, so that a layer tree can
// draw the parts in the document's order. Each piece of unnamed drawing between them gets
// an id of its own in the tree librsvg is given, so that one librsvg handle draws and
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
        var outline = Outline()
        reader.collect(VectorXML.elements(of: root), items: &outline.items, children: &outline.roots)
        outline.hasFilters = reader.hasFilters
        return outline
    }

    private struct Reader {
        let xml: VectorXML
        var ids: Set<String> = []
        var hasFilters = false
        var runs = 0
        var pieceNumber = 0

        /// Every id in the document, so that the ids given to pieces are new; and whether
        /// any element is filtered.
        mutating func gatherIDs(_ node: xmlNodePtr) {
            if let id = xml.attribute("id", of: node) { ids.insert(id) }
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

        /// Adds `elements` to an element's items: those with ids as children, unnamed ones
        /// that hold some by their own contents, the rest as pieces of runs.
        mutating func collect(_ elements: [xmlNodePtr], items: inout [Item], children: inout [Node]) {
            for element in elements where !skipped.contains(VectorXML.localName(element)) {
                if let id = name(of: element) {
                    xml.set(runMark, "", on: element)
                    children.append(node(for: element, id: id))
                    items.append(.child(children.count - 1))
                } else if holdsIDs(element) {
                    collect(VectorXML.elements(of: element), items: &items, children: &children)
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
            collect(VectorXML.elements(of: element), items: &node.items, children: &node.children)
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
