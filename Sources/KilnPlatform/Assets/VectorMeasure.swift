// Measures the parts of an SVG layer tree: where each element with an id and each run of
// unnamed drawing between them lies, filters' reach included (librsvg's ink rectangle leaves
// out filter effects, images and markers, so in a document with any of them each part is
// also drawn and its pixels found). Every measure is of one element by its id on the tree's one librsvg handle, and a
// run's frame is the union of its pieces', so the work grows with the number of parts.
import Foundation
import KilnCore

/// Turns a document's outline into placed elements and parts.
struct VectorMeasure {
    let document: VectorDocument
    /// Whether a part's drawn pixels are searched too: only where the document has a filter,
    /// an image or a marker, which ink rectangles leave out.
    let measuresPixels: Bool

    /// The parts of the element `id` (the root when `nil`) whose content is `items`, with its
    /// `children` at their indices among the elements kept; none when it has no children.
    func parts(of id: String?, items: [VectorOutline.Item], children: [VectorOutline.Node],
               kept: [Int?]? = nil) throws(AssetError) -> (parts: [VectorPart], frame: Rect?) {
        let kept = kept ?? children.indices.map { $0 }
        guard !children.isEmpty else { return ([], nil) }
        var parts: [VectorPart] = [], union: Rect?
        for item in items {
            switch item {
            case .run(let run):
                var frame: Rect?
                for piece in run.pieces {
                    guard let drawn = try self.frame(of: piece, style: document.treeStyle), drawn.width > 0, drawn.height > 0
                    else { continue }
                    frame = frame.map { $0.union(drawn) } ?? drawn
                }
                guard let frame else { continue }
                let hidden = [VectorOutline.hidingAllBut(run: run.number, in: id)]
                document.addRun(hiding: hidden, pieces: run.pieces)
                parts.append(.run(VectorRun(frame: frame, hidden: hidden)))
                union = union.map { $0.union(frame) } ?? frame
            case .child(let index):
                if let at = kept[index] { parts.append(.child(at)) }
            }
        }
        return (parts, union)
    }

    /// The elements of `nodes` librsvg finds, placed, with their parts in document order
    /// (which an element drawn whole uses once code changes one of its children).
    func elements(_ nodes: [VectorOutline.Node]) throws(AssetError) -> (elements: [VectorElement], kept: [Int?]) {
        var made: [VectorElement] = [], kept: [Int?] = []
        for node in nodes {
            guard var frame = try frame(of: node.id, style: document.treeStyle) else { kept.append(nil); continue }
            let inner = try elements(node.children)
            let split = try parts(of: node.id, items: node.items, children: node.children, kept: inner.kept)
            if let runs = split.frame { frame = frame.union(runs) }
            for child in inner.elements where child.frame.width > 0 { frame = frame.union(child.frame) }
            var element = VectorElement(id: node.id, frame: frame, children: inner.elements)
            element.parts = split.parts
            element.opacity = node.opacity
            element.isComposited = !inner.elements.isEmpty && node.isComposited
            kept.append(made.count)
            made.append(element)
        }
        return (made, kept)
    }

    /// Where the element `id` (the whole document when `nil`) draws under `style`: its ink
    /// rectangle, grown to the pixels its filters reach. `nil` when librsvg has no such element.
    func frame(of id: String?, style: String) throws(AssetError) -> Rect? {
        guard let ink = try document.ink(of: id, style: style) else { return nil }
        guard measuresPixels, let drawn = try pixels(of: id, style: style) else { return ink }
        return ink.width > 0 && ink.height > 0 ? ink.union(drawn) : drawn
    }

    /// The box of the pixels the element draws at 1×, on a canvas reaching half the
    /// document's size past each side (a filter's region reaches no further here). `nil`
    /// when it draws none. The element is recorded first, and only the box its operations
    /// cover is drawn and searched.
    private func pixels(of id: String?, style: String) throws(AssetError) -> Rect? {
        document.countPixelSearch()
        let size = document.size
        let margin = min(max(size.width, size.height) / 2, 512).rounded(.up)
        let canvas = Rect(x: -margin, y: -margin, width: Double(Int(size.width + 2 * margin)),
                          height: Double(Int(size.height + 2 * margin)))
        let recording = VectorRecording(extent: canvas)
        try document.render(id: id, style: style, on: UnsafeMutableRawPointer(recording.cr),
                            viewport: Rect(x: 0, y: 0, width: size.width, height: size.height))
        guard let ink = recording.inkExtent else { return nil }
        let left = max(ink.minX.rounded(.down), canvas.minX), top = max(ink.minY.rounded(.down), canvas.minY)
        let right = min(ink.maxX.rounded(.up), canvas.maxX), bottom = min(ink.maxY.rounded(.up), canvas.maxY)
        let width = Int(right - left), height = Int(bottom - top)
        guard width > 0, height > 0 else { return nil }
        let box = CairoCanvas(width: width, height: height)
        recording.replay(on: box, origin: Point(x: left, y: top))
        var minX = width, minY = height, maxX = -1, maxY = -1
        box.withPixels { data, stride in
            for y in 0..<height {
                let row = data + y * stride
                for x in 0..<width where row[x * 4 + 3] != 0 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        guard maxX >= minX, maxY >= minY else { return nil }
        return Rect(x: Double(minX) + left, y: Double(minY) + top,
                    width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
    }
}
