// The outline of an SVG document read with Foundation's XML parser (libxml2): its elements
// with ids, nested, and for each the order in which its own drawing and its children come,
// so that a layer tree can draw the parts in the document's order.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

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
        /// Its content in document order: leaves of its own drawing and its children.
        var items: [Item]
    }

    /// A piece of an element's content.
    enum Item {
        /// A subtree holding no element with an id, found by its element path from the root.
        case leaf([Int])
        /// The child at this index.
        case child(Int)
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

    /// A CSS selector for the element at `path` (1-based places among element siblings).
    static func selector(_ path: [Int]) -> String {
        ":root" + path.map { " > :nth-child(\($0))" }.joined()
    }

    /// The outline of the SVG at `url`; empty when it cannot be parsed (librsvg then says
    /// what is wrong with it).
    static func read(_ url: URL) -> Outline {
        guard let data = FileManager.default.contents(atPath: url.path) else { return Outline() }
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        guard parser.parse(), let root = collector.root else { return Outline() }
        var outline = Outline(hasFilters: collector.hasFilters)
        collect(root.children, items: &outline.items, children: &outline.roots)
        return outline
    }

    private static func node(for element: Element, id: String) -> Node {
        var node = Node(id: id, opacity: element.opacity, hasEffect: element.hasEffect, children: [], items: [])
        collect(element.children, items: &node.items, children: &node.children)
        return node
    }

    /// Adds `elements` to an element's items: those with ids as children, unnamed ones that
    /// hold some by their own contents, the rest as leaves.
    private static func collect(_ elements: [Element], items: inout [Item], children: inout [Node]) {
        for element in elements where !skipped.contains(element.name) {
            if drawn.contains(element.name), let id = element.id {
                children.append(node(for: element, id: id))
                items.append(.child(children.count - 1))
            } else if element.holdsIDs {
                collect(element.children, items: &items, children: &children)
            } else {
                items.append(.leaf(element.path))
            }
        }
    }

    private final class Element {
        let name: String
        let id: String?
        let path: [Int]
        let opacity: Double
        let hasEffect: Bool
        var children: [Element] = []

        init(name: String, attributes: [String: String], path: [Int]) {
            self.name = name
            self.path = path
            id = attributes["id"].flatMap { $0.isEmpty ? nil : $0 }
            let style = Self.declarations(attributes["style"] ?? "")
            opacity = Self.number(style["opacity"] ?? attributes["opacity"])
            hasEffect = ["filter", "mask", "clip-path"].contains { name in
                (style[name] ?? attributes[name]).map { $0 != "none" } ?? false
            }
        }

        /// Whether an element with an id that draws is inside it.
        var holdsIDs: Bool {
            children.contains { !skipped.contains($0.name) && (($0.id != nil && drawn.contains($0.name)) || $0.holdsIDs) }
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

    private final class Collector: NSObject, XMLParserDelegate {
        var root: Element?
        var hasFilters = false
        private var stack: [Element] = []

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            let local = element.split(separator: ":").last.map(String.init) ?? element
            let path = (stack.last?.path ?? []) + (stack.last.map { [$0.children.count + 1] } ?? [])
            let made = Element(name: local, attributes: attributes, path: path)
            if attributes["filter"] != nil || (attributes["style"] ?? "").contains("filter") { hasFilters = true }
            if let parent = stack.last { parent.children.append(made) } else { root = made }
            stack.append(made)
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            _ = stack.popLast()
        }
    }
}
