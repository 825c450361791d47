// Reads an SVG's tree into its outline (VectorOutline), marking the tree librsvg is given:
// the ids of pieces of unnamed drawing, the marks the stylesheets select, the plain groups
// that wrap long stretches of siblings, and no id given twice.
import CLibXML2
import Foundation

extension VectorOutline {
    /// Where in the tree an element lies: how many groups drawn whole and marked hold it, and
    /// whether one of its ancestors (or itself) is drawn again elsewhere.
    struct Context {
        var depth = 0
        var isDrawnElsewhere = false
        static let top = Context()
    }

    struct Reader {
        let xml: VectorXML
        var ids: Set<String> = []
        /// The ids a `href="#…"` names: elements drawn again elsewhere.
        var referenced: Set<String> = []
        /// Elements whose id an earlier element already has.
        var repeated: [xmlNodePtr] = []
        var inkFallsShort = false
        var wholeDepths: [String: Int] = [:]
        var runs = 0
        var pieceNumber = 0
        /// Whether the document has CSS, whose selectors (`svg > rect`) a wrapper would change.
        var hasCSS = false

        /// Every id in the document, so that the ids given to pieces are new; the ids named by
        /// references; and whether librsvg's ink rectangles can fall short of the drawing.
        mutating func gatherIDs(_ node: xmlNodePtr) {
            if let id = xml.attribute("id", of: node), !id.isEmpty {
                if ids.insert(id).inserted == false { repeated.append(node) }
            }
            let name = VectorXML.localName(node)
            if name == "style" { hasCSS = true }
            if ["image", "marker", "feImage"].contains(name) || xml.attribute("filter", of: node) != nil
                || (xml.attribute("style", of: node) ?? "").contains("filter") {
                inkFallsShort = true
            }
            for attribute in VectorXML.attributes(of: node) where VectorXML.localName(attribute) == "href" && name != "a" {
                let reference = xml.value(of: attribute).trimmingCharacters(in: .whitespaces)
                if reference.hasPrefix("#") {
                    referenced.insert(String(reference.dropFirst()))
                } else if !reference.isEmpty {
                    // Another file's drawing (a `<use>` of another SVG) is not measured either.
                    inkFallsShort = true
                }
            }
            for child in VectorXML.elements(of: node) { gatherIDs(child) }
        }

        /// Takes each id given again off its element, which librsvg's references never reach
        /// (they name the first), so that each layer draws its own element. Where CSS could
        /// select an element by that id, nothing is changed, and `false` says the document is
        /// to be drawn whole.
        mutating func dropRepeatedIDs() -> Bool {
            guard !repeated.isEmpty else { return true }
            guard !hasCSS else { return false }
            for node in repeated { xmlUnsetProp(node, "id") }
            return true
        }

        /// The id of a named element that draws, `nil` for any other.
        func name(of node: xmlNodePtr) -> String? {
            guard Self.isNamed(node, xml) else { return nil }
            return xml.attribute("id", of: node)
        }

        static func isNamed(_ node: xmlNodePtr, _ xml: VectorXML) -> Bool {
            drawn.contains(VectorXML.localName(node)) && !(xml.attribute("id", of: node) ?? "").isEmpty
        }

        /// Whether an element with an id that draws is inside `node` as a part of its own: not
        /// inside a `<switch>`, which is drawn as one.
        func holdsIDs(_ node: xmlNodePtr) -> Bool {
            guard VectorXML.localName(node) != "switch" else { return false }
            return VectorXML.elements(of: node).contains { child in
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
        mutating func collect(in parent: xmlNodePtr, items: inout [Item], children: inout [Node], within context: Context) {
            guard holdsIDs(parent) else { return }
            wrapPieces(in: parent)
            for element in VectorXML.elements(of: parent) where !skipped.contains(VectorXML.localName(element)) {
                if let id = name(of: element) {
                    children.append(node(for: element, id: id, within: context))
                    items.append(.child(children.count - 1))
                } else if holdsIDs(element) {
                    collect(in: element, items: &items, children: &children, within: context)
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

        /// The node of the element `id`. Its layer carries its opacity, and the tree's
        /// stylesheets lift it to full opacity (the marks), unless it is drawn elsewhere too.
        mutating func node(for element: xmlNodePtr, id: String, within context: Context) -> Node {
            var inner = context
            inner.isDrawnElsewhere = context.isDrawnElsewhere || referenced.contains(id)
            let style = Self.declarations(xml.attribute("style", of: element) ?? "")
            let opacity = inner.isDrawnElsewhere ? 1 : Self.number(style["opacity"] ?? xml.attribute("opacity", of: element))
            let hasEffect = ["filter", "mask", "clip-path"].contains { name in
                (style[name] ?? xml.attribute(name, of: element)).map { $0 != "none" } ?? false
            }
            let isComposited = holdsIDs(element) && (opacity < 1 || hasEffect || inner.isDrawnElsewhere)
            if !inner.isDrawnElsewhere {
                xml.set(runMark, "", on: element)
                xml.set(depthMark, String(context.depth), on: element)
                if isComposited {
                    wholeDepths[id] = context.depth
                    inner.depth += 1
                }
            }
            var node = Node(id: id, opacity: opacity, isComposited: isComposited, children: [], items: [])
            collect(in: element, items: &node.items, children: &node.children, within: inner)
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
