// Reads SVG documents: the file's bytes are read once, checked and outlined by libxml2
// (VectorXML, VectorReferences, VectorOutline), and what libxml2 writes back is what
// librsvg draws, so that each element with an id can be drawn on its own: a Figma frame as
// layers. One librsvg handle draws and measures every part of the tree, by id: a run of
// unnamed drawing is its pieces drawn one after another, so the cost of splitting a
// document grows with its elements, not with their square.
import CRsvg
import Foundation
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
    /// The stylesheet of each element drawn whole whose layer carries its opacity: it and the
    /// elements around it at full opacity, those inside it with their own.
    private let wholeStyles: [String: String]
    /// The bytes librsvg reads: the file's, as libxml2 wrote them back after its checks. An
    /// array rather than `Data`: `Data` keeps its storage behind a tagged reference that the
    /// leak sanitizer does not follow, so a document held in the reader's cache read as leaked.
    private let bytes: [UInt8]
    private let lock = NSLock()
    private var handles: [String: UnsafeMutablePointer<RsvgHandle>] = [:]
    /// The stylesheet of each run of the tree (`style(hiding:)` of its `hidden`), and the ids
    /// of its pieces, which the tree's handle draws in turn.
    private var runs: [String: [String]] = [:]
    /// How much work reading and drawing took: handles loaded, ink rectangles asked of
    /// librsvg, and drawings searched for their pixels.
    private(set) var work = Work()

    struct Work: Equatable {
        var handles = 0
        var inks = 0
        var pixelSearches = 0
    }

    /// Reads the file at `url`; a one-line error names the file when it cannot be read,
    /// libxml2 or librsvg refuses it, or its canvas is larger than `AssetError.maximumSide`.
    init(url: URL) throws(AssetError) {
        // Everything that can fail before the fields are set is held in constants: a stored
        // property set before a throw was not released (65 bytes a refused file, under the
        // leak sanitizer).
        let name = url.lastPathComponent
        let xml = try VectorXML(try AssetFile.read(url), name: name)
        VectorReferences(folder: url.deletingLastPathComponent()).confine(xml)
        let outline = VectorOutline.read(xml)
        let written = try [UInt8](xml.written())
        let whole = try Self.load(written, url: url, style: "")
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
        self.url = url
        bytes = written
        size = Size(width: width, height: height)
        handles[""] = whole
        work.handles += 1
        // One selector for every element with an id (each is marked), not one for each: a
        // stylesheet of a thousand ids took a thousand tests of every element to apply.
        treeStyle = outline.roots.isEmpty ? "" : "[\(VectorOutline.runMark)=\"\"] { opacity: 1 !important; }"
        wholeStyles = outline.wholeDepths.mapValues(VectorOutline.wholeStyle(depth:))
        // Measured once the document's own fields are set; the handles it loads are freed
        // here when it fails, as no deinit runs for an object not made.
        parts = []
        elements = []
        do throws(AssetError) {
            let measure = VectorMeasure(document: self, measuresPixels: outline.inkFallsShort)
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

    /// The stylesheet that draws the element `id` as its layer shows it: the tree's, or for an
    /// element drawn whole, one that leaves the opacity of the elements inside it as it is.
    func style(drawing id: String?) -> String {
        id.flatMap { wholeStyles[$0] } ?? treeStyle
    }

    /// Notes that a run's drawing, `style(hiding: hidden)`, is its `pieces` drawn in turn.
    func addRun(hiding hidden: [String], pieces: [String]) {
        lock.lock()
        defer { lock.unlock() }
        runs[style(hiding: hidden)] = pieces
    }

    /// Draws the element `id` (the whole document when `nil`) on the Cairo context `cairo`
    /// under the user stylesheet `style`, as the document lays it out in `viewport`. A run's
    /// stylesheet draws the run's pieces.
    func render(id: String?, style: String = "", on cairo: UnsafeMutableRawPointer, viewport: Rect) throws(AssetError) {
        lock.lock()
        defer { lock.unlock() }
        if let pieces = runs[style] {
            let handle = try handle(treeStyle)
            for piece in pieces { try draw(piece, with: handle, on: cairo, viewport: viewport) }
            return
        }
        try draw(id, with: try handle(style), on: cairo, viewport: viewport)
    }

    /// Draws `id` with `handle`. Called under the lock.
    private func draw(_ id: String?, with handle: UnsafeMutablePointer<RsvgHandle>, on cairo: UnsafeMutableRawPointer,
                      viewport: Rect) throws(AssetError) {
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
        work.inks += 1
        var ink = [Double](repeating: 0, count: 4)
        guard kiln_svg_element_ink(handle, id.map { "#" + $0 }, size.width, size.height, &ink) != 0 else { return nil }
        return Rect(x: ink[0], y: ink[1], width: max(ink[2], 0), height: max(ink[3], 0))
    }

    /// Counts a drawing searched for its pixels.
    func countPixelSearch() {
        lock.lock()
        defer { lock.unlock() }
        work.pixelSearches += 1
    }

    /// The handle for `style`, loaded on first use. Called under the lock.
    private func handle(_ style: String) throws(AssetError) -> UnsafeMutablePointer<RsvgHandle> {
        if let cached = handles[style] { return cached }
        let handle = try Self.load(bytes, url: url, style: style)
        work.handles += 1
        handles[style] = handle
        return handle
    }

    /// A handle on the document `bytes` of the file `url` under the user stylesheet `css`.
    private static func load(_ bytes: [UInt8], url: URL, style css: String) throws(AssetError) -> UnsafeMutablePointer<RsvgHandle> {
        var message: UnsafeMutablePointer<CChar>?
        let style = Array(css.utf8)
        let handle = bytes.withUnsafeBytes { (document: UnsafeRawBufferPointer) in
            style.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    kiln_svg_load(document.baseAddress, document.count, url.path, $0.baseAddress, $0.count, &message)
                }
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
