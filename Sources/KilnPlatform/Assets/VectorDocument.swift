// Reads SVG documents with librsvg, and finds their elements with ids with Foundation's
// XML parser (libxml2), so that each can be drawn on its own: a Figma frame as layers.
import CRsvg
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import KilnCore

/// One version of an SVG file: its size, its elements with ids, and librsvg handles that
/// draw it (one for each user stylesheet), used under a lock of their own.
final class VectorDocument: @unchecked Sendable {
    let url: URL
    let size: Size
    private(set) var elements: [VectorElement]
    /// What the document's root layer shows: runs of unnamed drawing and elements with ids.
    private(set) var parts: [VectorPart]
    /// The stylesheet every drawing of the tree starts with: elements with ids drawn at full
    /// opacity, since their layers carry it.
    let treeStyle: String
    private let lock = NSLock()
    private var handles: [String: UnsafeMutablePointer<RsvgHandle>] = [:]

    /// Reads the file at `url`; a one-line error names the file when librsvg refuses it or
    /// its canvas is larger than `AssetError.maximumSide`.
    init(url: URL) throws(AssetError) {
        self.url = url
        let name = url.lastPathComponent
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw AssetError.unopenable(url)
        }
        let whole = try Self.load(url, style: "")
        var width = 0.0, height = 0.0
        guard kiln_svg_size(whole, &width, &height) != 0, width.isFinite, height.isFinite, width > 0, height > 0 else {
            kiln_svg_free(whole)
            throw AssetError(file: name, reason: "an SVG with no width, height or viewBox")
        }
        let limit = Double(AssetError.maximumSide)
        guard width <= limit, height <= limit else {
            kiln_svg_free(whole)
            throw AssetError.oversized(name, width, height, unit: "pt", what: "an SVG canvas of ")
        }
        size = Size(width: width, height: height)
        handles[""] = whole
        let outline = VectorOutline.read(url)
        var ids: [String] = []
        func gather(_ nodes: [VectorOutline.Node]) { for node in nodes { ids.append(node.id); gather(node.children) } }
        gather(outline.roots)
        treeStyle = ids.isEmpty ? "" : ids.map { "#" + Self.cssIdentifier($0) }.joined(separator: ", ")
            + " { opacity: 1 !important; }"
        // Measured once the document's own fields are set; the handles it loads are freed
        // here when it fails, as no deinit runs for an object not made.
        parts = []
        elements = []
        do throws(AssetError) {
            let measure = VectorMeasure(document: self, measuresPixels: outline.hasFilters)
            let placed = try measure.elements(outline.roots)
            elements = placed.elements
            parts = try measure.parts(of: nil, items: outline.items, children: outline.roots, kept: placed.kept).parts
        } catch {
            for handle in handles.values { kiln_svg_free(handle) }
            handles = [:]
            throw error
        }
    }

    deinit {
        for handle in handles.values { kiln_svg_free(handle) }
    }

    /// The stylesheet that draws the tree's parts with the elements `hidden` (CSS selectors)
    /// left out.
    func style(hiding hidden: [String]) -> String {
        treeStyle + (hidden.isEmpty ? "" : " " + hidden.joined(separator: ", ") + " { display: none !important; }")
    }

    /// Draws the element `id` (the whole document when `nil`) on the Cairo context `cairo`
    /// under the user stylesheet `style`, as the document lays it out in `viewport`.
    func render(id: String?, style: String = "", on cairo: UnsafeMutableRawPointer, viewport: Rect) throws(AssetError) {
        lock.lock()
        defer { lock.unlock() }
        let handle = try handle(style)
        var message: UnsafeMutablePointer<CChar>?
        let drawn = kiln_svg_render(handle, cairo, id.map { "#" + $0 }, viewport.minX, viewport.minY,
                                    viewport.width, viewport.height, &message)
        guard drawn != 0 else {
            let reason = LibraryMessage.take(message)
            throw AssetError(file: url.lastPathComponent, reason: "librsvg could not draw it (\(reason))")
        }
    }

    /// The ink rectangle of the element `id` (the whole document when `nil`) under `style`,
    /// in the document's coordinates; `nil` when there is no such element.
    func ink(of id: String?, style: String) throws(AssetError) -> Rect? {
        lock.lock()
        defer { lock.unlock() }
        let handle = try handle(style)
        var ink = [Double](repeating: 0, count: 4)
        guard kiln_svg_element_ink(handle, id.map { "#" + $0 }, size.width, size.height, &ink) != 0 else { return nil }
        return Rect(x: ink[0], y: ink[1], width: max(ink[2], 0), height: max(ink[3], 0))
    }

    /// The handle for `style`, loaded on first use. Called under the lock.
    private func handle(_ style: String) throws(AssetError) -> UnsafeMutablePointer<RsvgHandle> {
        if let cached = handles[style] { return cached }
        let handle = try Self.load(url, style: style)
        handles[style] = handle
        return handle
    }

    /// A handle on the file under the user stylesheet `css`.
    private static func load(_ url: URL, style css: String) throws(AssetError) -> UnsafeMutablePointer<RsvgHandle> {
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
