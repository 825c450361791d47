// Reads SVG documents with librsvg, and finds their elements with ids with Foundation's
// XML parser (libxml2), so that each can be drawn on its own: a Figma frame as layers.
import CRsvg
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import KilnCore

/// One version of an SVG file: its size, its elements with ids, and librsvg handles that
/// draw it (one for each set of elements left out), used under a lock of their own.
final class VectorDocument: @unchecked Sendable {
    let url: URL
    let size: Size
    let elements: [VectorElement]
    private let lock = NSLock()
    private var handles: [[String]: UnsafeMutablePointer<RsvgHandle>] = [:]

    /// Reads the file at `url`; a one-line error names the file when librsvg refuses it or
    /// its canvas is larger than `AssetError.maximumSide`.
    init(url: URL) throws(AssetError) {
        self.url = url
        let name = url.lastPathComponent
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw AssetError.unopenable(url)
        }
        let whole = try Self.load(url, hiding: [])
        var width = 0.0, height = 0.0
        guard kiln_svg_size(whole, &width, &height) != 0, width.isFinite, height.isFinite, width > 0, height > 0 else {
            kiln_svg_free(whole)
            throw AssetError(file: name, reason: "an SVG with no width, height or viewBox")
        }
        let limit = Double(AssetError.maximumSide)
        guard width <= limit, height <= limit else {
            kiln_svg_free(whole)
            throw AssetError(file: name, reason: "an SVG canvas of \(Int(width))×\(Int(height)) pt is larger than \(Int(limit)) on a side; refused")
        }
        size = Size(width: width, height: height)
        let tree = IdentifiedElements.read(url)
        func place(_ nodes: [IdentifiedElements.Node]) -> [VectorElement] {
            nodes.compactMap { node in
                var ink = [Double](repeating: 0, count: 4)
                guard kiln_svg_element_ink(whole, "#" + node.id, width, height, &ink) != 0 else { return nil }
                let frame = ink[2] > 0 && ink[3] > 0 ? Rect(x: ink[0], y: ink[1], width: ink[2], height: ink[3])
                                                      : Rect(x: ink[0], y: ink[1], width: 0, height: 0)
                return VectorElement(id: node.id, frame: frame, children: place(node.children))
            }
        }
        elements = place(tree)
        handles[[]] = whole
    }

    deinit {
        for handle in handles.values { kiln_svg_free(handle) }
    }

    /// Draws the element `id` (the whole document when `nil`) on the Cairo context `cairo`,
    /// leaving out the elements `hidden`, as the document lays it out in `viewport`.
    func render(id: String?, hiding hidden: [String], on cairo: UnsafeMutableRawPointer, viewport: Rect) throws(AssetError) {
        lock.lock()
        defer { lock.unlock() }
        let handle: UnsafeMutablePointer<RsvgHandle>
        if let cached = handles[hidden] {
            handle = cached
        } else {
            handle = try Self.load(url, hiding: hidden)
            handles[hidden] = handle
        }
        var message: UnsafeMutablePointer<CChar>?
        let drawn = kiln_svg_render(handle, cairo, id.map { "#" + $0 }, viewport.minX, viewport.minY,
                                    viewport.width, viewport.height, &message)
        guard drawn != 0 else {
            let reason = LibraryMessage.take(message)
            throw AssetError(file: url.lastPathComponent, reason: "librsvg could not draw it (\(reason))")
        }
    }

    /// A handle on the file with the elements `hidden` left out by a user stylesheet.
    private static func load(_ url: URL, hiding hidden: [String]) throws(AssetError) -> UnsafeMutablePointer<RsvgHandle> {
        let css = hidden.isEmpty ? "" : hidden.map { "#" + cssIdentifier($0) }.joined(separator: ", ")
            + " { display: none !important; }"
        var message: UnsafeMutablePointer<CChar>?
        let bytes = Array(css.utf8)
        let handle = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                kiln_svg_load(url.path, $0.baseAddress, $0.count, &message)
            }
        }
        guard let handle else {
            let reason = LibraryMessage.take(message)
            throw AssetError(file: url.lastPathComponent, reason: "not an SVG librsvg can read (\(reason))")
        }
        return handle
    }

    /// `id` written so that CSS reads it as one identifier: every character but letters,
    /// digits, `-` and `_` escaped by its code point.
    static func cssIdentifier(_ id: String) -> String {
        var out = ""
        for (index, scalar) in id.unicodeScalars.enumerated() {
            let plain = (scalar.properties.isAlphabetic && scalar.isASCII) || scalar == "_" || scalar == "-"
                || (scalar.isASCII && scalar.properties.numericType != nil && index > 0)
            out += plain ? String(scalar) : "\\" + String(scalar.value, radix: 16) + " "
        }
        return out
    }
}

/// The elements with ids that draw something, nested as in the document: not those inside
/// `defs`, gradients, clip paths, masks, patterns, markers, symbols or filters.
enum IdentifiedElements {
    struct Node {
        let id: String
        var children: [Node]
    }

    static let drawn: Set<String> = ["g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
                                     "text", "image", "use", "svg", "a", "switch", "foreignObject"]
    static let skipped: Set<String> = ["defs", "clipPath", "mask", "pattern", "marker", "symbol", "filter",
                                       "linearGradient", "radialGradient", "style", "script", "title", "desc",
                                       "metadata"]

    /// The nested elements with ids of the SVG at `url`; empty when it cannot be parsed
    /// (librsvg then says what is wrong with it).
    static func read(_ url: URL) -> [Node] {
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        guard parser.parse() else { return [] }
        return collector.roots
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var roots: [Node] = []
        /// For each open element: whether it opened a node, or `nil` inside a skipped part.
        private var open: [Bool?] = []
        private var stack: [Node] = []
        private var skipping = 0
        private var depth = 0

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            depth += 1
            let local = element.split(separator: ":").last.map(String.init) ?? element
            if skipping > 0 || IdentifiedElements.skipped.contains(local) {
                skipping += 1
                open.append(nil)
                return
            }
            // The outermost <svg> is the document itself, not one of its layers.
            guard depth > 1, IdentifiedElements.drawn.contains(local), let id = attributes["id"], !id.isEmpty else {
                open.append(false)
                return
            }
            stack.append(Node(id: id, children: []))
            open.append(true)
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
            guard let opened = open.popLast() else { return }
            guard let opened else { skipping -= 1; return }
            guard opened, let node = stack.popLast() else { return }
            if stack.isEmpty { roots.append(node) } else { stack[stack.count - 1].children.append(node) }
        }
    }
}
