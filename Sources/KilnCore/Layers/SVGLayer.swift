import Foundation

/// An SVG document as a tree of layers: the Figma path. Export a frame from Figma as SVG
/// with "Include id attribute" checked, and every element with an `id` becomes a sublayer
/// named by it, at its place, drawing its own part of the document. Elements with ids
/// inside it become its sublayers in turn.
///
/// ```swift
/// let screen = SVGLayer(named: "Profile.svg")
/// canvas.addSublayer(screen)
/// let like = screen.layer(named: "likeButton")!  // moves, scales and fades alone
/// ```
///
/// Input scripts find the same layers by name (`{"layer": "likeButton"}`). Each layer is
/// drawn by librsvg at its size on screen, so it stays crisp however it is scaled. A file
/// that cannot be read shows a crossed box, and one line naming it goes to standard error.
public final class SVGLayer: Layer {
    /// The document.
    public private(set) var image: Image?
    /// The element this layer draws; `nil` for the document's root.
    public let elementID: String?
    /// The part of the document, in its coordinates, the layer's bounds show.
    package private(set) var documentFrame: Rect
    /// The elements drawn by sublayers instead of by this layer.
    package private(set) var delegatedIDs: [String]
    /// Why the layer shows a crossed box instead of its drawing, when it does.
    public private(set) var problem: AssetError?
    /// What a crossed box made by `init(named:)` asked for, so the file shows once it can.
    package var wanted: AssetRequest?

    /// The SVG file `name` from the scene's asset folders, as a tree of layers whose bounds
    /// are the document's size in points. A file that cannot be read is said in one line,
    /// and the layer shows a crossed box 44 points square.
    public convenience init(named name: String) {
        do {
            try self.init(image: Image(named: name))
        } catch {
            self.init(elementID: nil, documentFrame: Rect(x: 0, y: 0, width: 44, height: 44))
            bounds = documentFrame
            wanted = AssetRequest(name: name, kind: .image, placeholderBounds: bounds)
            show(error)
        }
    }

    /// The SVG `image` as a tree of layers. Throws when it is not an SVG, or when its
    /// elements cannot be read.
    public convenience init(image: Image) throws(AssetError) {
        guard image.kind == .vector else {
            throw AssetError(file: image.url.lastPathComponent, reason: "not an SVG document")
        }
        let document = try Assets.reader(for: image.url.lastPathComponent).vectorDocument(of: image.url)
        self.init(elementID: nil, documentFrame: Rect(origin: .zero, size: document.size))
        self.image = image
        bounds = Rect(origin: .zero, size: document.size)
        build(document.elements)
    }

    private init(elementID: String?, documentFrame: Rect) {
        self.elementID = elementID
        self.documentFrame = documentFrame
        delegatedIDs = []
        super.init()
        name = elementID
    }

    /// Adds a sublayer for each of `elements`, placed in this layer's coordinates.
    private func build(_ elements: [VectorElement]) {
        delegatedIDs = elements.map(\.id)
        for element in elements {
            let child = SVGLayer(elementID: element.id, documentFrame: Self.placed(element.frame))
            child.image = image
            let frame = child.documentFrame
            child.frame = Rect(x: frame.minX - documentFrame.minX, y: frame.minY - documentFrame.minY,
                               width: frame.width, height: frame.height)
            child.build(element.children)
            addSublayer(child)
        }
    }

    /// Reads the document again after its file changed: every layer of the tree draws the
    /// new file, and takes its element's new size; where code moved a layer, it stays.
    package func reload(_ image: Image) throws(AssetError) {
        let document = try Assets.reader(for: image.url.lastPathComponent).vectorDocument(of: image.url)
        var frames: [String: VectorElement] = [:]
        func index(_ elements: [VectorElement]) {
            for element in elements { frames[element.id] = element; index(element.children) }
        }
        index(document.elements)
        for case let layer as SVGLayer in allLayers where layer.image?.url == image.url {
            layer.image = image
            layer.problem = nil
            if let id = layer.elementID {
                if let element = frames[id] {
                    layer.documentFrame = Self.placed(element.frame)
                    layer.bounds.size = layer.documentFrame.size
                    layer.delegatedIDs = element.children.map(\.id)
                }
            } else {
                layer.documentFrame = Rect(origin: .zero, size: document.size)
                layer.delegatedIDs = document.elements.map(\.id)
            }
            layer.invalidateContent()
        }
    }

    /// Shows `image` in place of the crossed box `init(named:)` made, as a tree of layers; a
    /// box code did not size again takes the document's size.
    package func adopt(_ image: Image) throws(AssetError) {
        let document = try Assets.reader(for: image.url.lastPathComponent).vectorDocument(of: image.url)
        let sized = wanted.map { bounds == $0.placeholderBounds } ?? false
        self.image = image
        problem = nil
        wanted = nil
        documentFrame = Rect(origin: .zero, size: document.size)
        if sized { bounds.size = document.size }
        build(document.elements)
        invalidateContent()
    }

    /// The part of the document a layer for an element drawn over `ink` covers: the ink
    /// grown to whole points, so that at a whole canvas scale the layer's pixels fall on the
    /// canvas's own, exactly as the whole document draws them.
    static func placed(_ ink: Rect) -> Rect {
        ink.width > 0 && ink.height > 0 ? ink.integral : ink
    }

    /// Shows a crossed box for `error`, and says it once.
    package func show(_ error: AssetError) {
        problem = error
        invalidateContent()
        AssetProblems.report(error)
    }

    public override var hasContent: Bool { super.hasContent || image != nil || problem != nil }
}
