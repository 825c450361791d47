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
/// Untouched, the tree draws as the document does: drawing without an id keeps its place
/// between the layers with ids (as unnamed sublayers), an element's `opacity` is its layer's,
/// and a filtered element's layer covers what its filter draws. A group with an opacity, a
/// filter, a mask or a clip path over elements with ids draws in one piece until code changes one of
/// them; from then on each part draws through the group's effects, in the document's order.
/// So does an element the document draws again elsewhere (by a `<use>`, a mask, a clip path
/// or a filter's `feImage`), whose drawing keeps its own opacity and whose layer starts at 1.
///
/// One element can also be a layer of its own, to place anywhere in the scene: it draws that
/// element and what is inside it, as the document draws it there, and nothing else; its
/// bounds are the element's box in the document.
///
/// ```swift
/// let card = SVGLayer(named: "Wallet.svg", element: "card")
/// card.position = Point(195, 700)
/// canvas.addSublayer(card)
/// ```
///
/// Input scripts find the same layers by name (`{"layer": "likeButton"}`). The scene's own
/// layers come first: where the scene has a layer called `card`, `layer(named: "card")`
/// finds it, and `"screen/card"` finds the element `card` of the SVG layer named `screen`
/// (see ``Layer/layer(named:)``). Each layer is drawn by librsvg at its size on screen, so it
/// stays crisp however it is scaled. A file that cannot be read, or an element id it does not
/// have, shows a crossed box, and one line naming the file goes to standard error.
public final class SVGLayer: Layer {
    /// How a layer of the tree draws.
    package enum Role: Equatable, Sendable {
        /// Its element, whole: an element without children with ids, or one whose parts
        /// cannot be drawn apart (an opacity, a filter, a mask or a clip over children with ids).
        case whole
        /// Nothing of its own: its sublayers are its element's parts in document order.
        case split
        /// A run of its superlayer's element's own drawing, between two children.
        case run
        /// An element inside one drawn whole: nothing of its own. Once code changes the
        /// geometry, opacity or visibility of a member, the element drawn whole is drawn apart.
        case member
    }

    /// The document.
    public private(set) var image: Image?
    /// The element this layer draws; `nil` for the document's root and for the unnamed
    /// runs of drawing between elements with ids.
    public let elementID: String?
    /// The part of the document, in its coordinates, the layer's bounds show.
    package private(set) var documentFrame: Rect
    /// The element librsvg draws for this layer: its own, or for a run its owner's; `nil`
    /// for the whole document.
    package private(set) var drawnID: String?
    /// How the layer draws.
    package private(set) var role: Role = .whole
    /// CSS selectors of what a run's drawing leaves out.
    package private(set) var hiddenSelectors: [String] = []
    /// Whether the tree is built, so that a change to a layer is code's.
    private var isPlaced = false
    /// Whether the document's tree made this layer, for an element or a run of drawing inside
    /// a layer code made; a name lookup finds the scene's own layers before these.
    package private(set) var isTreePart = false
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
        buildTree(document.elements, parts: document.parts)
    }

    /// The element `id` of the SVG file `name` from the scene's asset folders, as a layer of
    /// its own: its bounds are the element's box in the document, in points, and it draws the
    /// element with what is inside it (elements with ids as its sublayers), as the document
    /// draws it there, and none of the rest. The layer is named `id`. A file that cannot be
    /// read, or that has no element `id`, is said in one line naming both, and the layer shows
    /// a crossed box 44 points square until the file has it.
    ///
    /// ```swift
    /// let card = SVGLayer(named: "Wallet.svg", element: "card")
    /// card.position = Point(195, 700)   // the card alone, placed elsewhere in the scene
    /// ```
    public convenience init(named name: String, element id: String) {
        do {
            try self.init(image: Image(named: name), element: id)
        } catch {
            self.init(elementID: id, documentFrame: Rect(x: 0, y: 0, width: 44, height: 44))
            bounds = documentFrame
            wanted = AssetRequest(name: name, kind: .image, placeholderBounds: bounds)
            show(error)
        }
    }

    /// The element `id` of the SVG `image` as a layer of its own, as `init(named:element:)`
    /// makes it. Throws when `image` is not an SVG, when its elements cannot be read, or when
    /// it has no element `id` that it draws.
    public convenience init(image: Image, element id: String) throws(AssetError) {
        guard image.kind == .vector else {
            throw AssetError(file: image.url.lastPathComponent, reason: "not an SVG document")
        }
        let document = try Assets.reader(for: image.url.lastPathComponent).vectorDocument(of: image.url)
        let element = try Self.element(id, in: document.elements, of: image)
        self.init(elementID: id, documentFrame: Self.placed(element.frame))
        self.image = image
        bounds = Rect(origin: .zero, size: documentFrame.size)
        opacity = element.opacity
        buildTree(element.children, parts: element.parts, whole: element.isComposited)
    }

    /// The element `id` of `elements`, or the one-line error naming the file and the id.
    private static func element(_ id: String, in elements: [VectorElement], of image: Image) throws(AssetError) -> VectorElement {
        guard let element = find(id, in: elements) else {
            throw AssetError(file: image.url.lastPathComponent, reason: "no element with the id \"\(id)\" to draw")
        }
        return element
    }

    /// Builds the tree of `elements` and `parts` under this layer, made by code: the
    /// document's root or one element; `whole` when its parts cannot be drawn apart.
    private func buildTree(_ elements: [VectorElement], parts: [VectorPart], whole: Bool = false) {
        role = whole || elements.isEmpty ? .whole : .split
        build(parts, elements, member: whole, reusing: [:])
        for case let layer as SVGLayer in allLayers { layer.isPlaced = true }
    }

    private init(elementID: String?, documentFrame: Rect) {
        self.elementID = elementID
        self.documentFrame = documentFrame
        drawnID = elementID
        super.init()
        name = elementID
    }

    /// Adds a sublayer for each of `parts`, else of `elements`, placed in this layer's
    /// coordinates; `member` inside an element drawn whole. A layer in `reused` for an
    /// element's id is kept, with its place, and takes the element's size.
    private func build(_ parts: [VectorPart], _ elements: [VectorElement], member: Bool, reusing reused: [String: SVGLayer]) {
        for part in member || parts.isEmpty ? elements.indices.map(VectorPart.child) : parts {
            switch part {
            case .run(let run):
                let layer = SVGLayer(elementID: nil, documentFrame: Self.placed(run.frame))
                layer.drawnID = drawnID
                layer.role = .run
                layer.hiddenSelectors = run.hidden
                // A hit on a run is a hit on its element's layer.
                layer.isHitTestable = false
                layer.isTreePart = true
                attach(layer, keepingPlace: false)
            case .child(let index):
                let element = elements[index]
                let old = reused[element.id]
                let layer = old ?? SVGLayer(elementID: element.id, documentFrame: .zero)
                layer.documentFrame = Self.placed(element.frame)
                layer.role = member ? .member : element.isComposited || element.children.isEmpty ? .whole : .split
                if old == nil { layer.opacity = element.opacity }
                layer.isTreePart = true
                attach(layer, keepingPlace: old != nil)
                layer.build(element.parts, element.children, member: member || element.isComposited, reusing: reused)
            }
        }
    }

    /// Adds `layer` showing this document at its document frame, or keeping its place.
    private func attach(_ layer: SVGLayer, keepingPlace: Bool) {
        layer.image = image
        layer.problem = nil
        let frame = layer.documentFrame
        if keepingPlace {
            layer.bounds.size = frame.size
        } else {
            layer.frame = Rect(x: frame.minX - documentFrame.minX, y: frame.minY - documentFrame.minY,
                               width: frame.width, height: frame.height)
        }
        addSublayer(layer)
        layer.invalidateContent()
    }

    /// Reads the document again after its file changed: every layer of the tree draws the
    /// new file, and takes its element's new size; where code moved a layer, it stays.
    package func reload(_ image: Image) throws(AssetError) {
        let document = try Assets.reader(for: image.url.lastPathComponent).vectorDocument(of: image.url)
        self.image = image
        problem = nil
        if elementID == nil {
            documentFrame = Rect(origin: .zero, size: document.size)
            rebuild(role: document.elements.isEmpty ? .whole : .split, parts: document.parts, document.elements, member: false)
        } else if let element = Self.find(elementID, in: document.elements) {
            documentFrame = Self.placed(element.frame)
            bounds.size = documentFrame.size
            let drawnWhole = role == .member || element.isComposited || element.children.isEmpty
            rebuild(role: role == .member ? .member : drawnWhole ? .whole : .split,
                    parts: element.parts, element.children, member: drawnWhole)
        } else if let elementID, !isTreePart {
            // The element code made a layer of is gone from the file: a crossed box until it is back.
            rebuild(role: .whole, parts: [], [], member: false)
            show(AssetError(file: image.url.lastPathComponent, reason: "no element with the id \"\(elementID)\" to draw"))
        }
    }

    /// Lays the tree under this layer out again as `role` with `parts` and `elements`,
    /// keeping the layers of elements with ids, and where code put them.
    private func rebuild(role: Role, parts: [VectorPart], _ elements: [VectorElement], member: Bool) {
        var named: [String: SVGLayer] = [:]
        let tree = allLayers.compactMap { $0 as? SVGLayer }.filter { $0.image?.url == image?.url }
        for layer in tree {
            layer.isPlaced = false
            if let id = layer.elementID, layer !== self { named[id] = layer }
            for case let sublayer as SVGLayer in layer.sublayers where sublayer.image?.url == image?.url {
                sublayer.removeFromSuperlayer()
            }
        }
        self.role = role
        build(parts, elements, member: member, reusing: named)
        invalidateContent()
        for case let layer as SVGLayer in allLayers { layer.isPlaced = true }
    }

    private static func find(_ id: String?, in elements: [VectorElement]) -> VectorElement? {
        for element in elements {
            if element.id == id { return element }
            if let found = find(id, in: element.children) { return found }
        }
        return nil
    }

    /// Whether the layer draws a part of the document itself.
    package var drawsItself: Bool {
        role == .whole || role == .run
    }

    public override var position: Point { didSet { codeChanged() } }
    public override var bounds: Rect { didSet { codeChanged() } }
    public override var transform: Transform { didSet { codeChanged() } }
    public override var anchorPoint: Point { didSet { codeChanged() } }
    public override var opacity: Double { didSet { codeChanged() } }
    public override var isHidden: Bool { didSet { codeChanged() } }

    /// When code changes a member of an element drawn whole, that element is drawn apart
    /// from then on: each part through the element's effects, in the document's order, so
    /// the member moves with its own pixels.
    private func codeChanged() {
        guard isPlaced, role == .member else { return }
        var above = superlayer as? SVGLayer
        while let layer = above, layer.role == .member { above = layer.superlayer as? SVGLayer }
        guard let whole = above, whole.role == .whole, let id = whole.elementID, let image = whole.image,
              let document = try? Assets.reader(for: image.url.lastPathComponent).vectorDocument(of: image.url),
              let element = Self.find(id, in: document.elements) else { return }
        whole.rebuild(role: .split, parts: element.parts, element.children, member: false)
    }

    /// Shows `image` in place of the crossed box `init(named:)` or `init(named:element:)`
    /// made, as a tree of layers; a box code did not size again takes the document's size, or
    /// its element's. Throws when the document has no such element.
    package func adopt(_ image: Image) throws(AssetError) {
        let document = try Assets.reader(for: image.url.lastPathComponent).vectorDocument(of: image.url)
        let element = try elementID.map { id throws(AssetError) in try Self.element(id, in: document.elements, of: image) }
        let sized = wanted.map { bounds == $0.placeholderBounds } ?? false
        self.image = image
        problem = nil
        wanted = nil
        documentFrame = element.map { Self.placed($0.frame) } ?? Rect(origin: .zero, size: document.size)
        if sized { bounds.size = documentFrame.size }
        if let element {
            // The element's own opacity, unless code set one on the crossed box.
            if opacity == 1 { opacity = element.opacity }
            buildTree(element.children, parts: element.parts, whole: element.isComposited)
        } else {
            buildTree(document.elements, parts: document.parts)
        }
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

    public override var hasContent: Bool { super.hasContent || (image != nil && drawsItself) || problem != nil }
}
