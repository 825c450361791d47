import Synchronization

/// A rectangular node of the scene: geometry, appearance and sublayers, on Core Animation's model.
///
/// Geometry (`position`, `transform`, `opacity`) is applied when compositing; appearance
/// (`backgroundColor`, `cornerRadius`, border, shadow, `contents`, and each subclass's own
/// content) is rasterized into a bitmap once and again only when it changes, which the
/// `contentRevision` counter tracks.
///
/// `Layer` is open for composition: a subclass builds and arranges sublayers (a card with
/// its label and icon) and may refine hit testing by overriding `containsPoint(_:)`. The
/// content layers (`ShapeLayer`, `TextLayer`, `GradientLayer`, `EmitterLayer`,
/// `HairlineLayer`) are `final`, because the renderer draws each kind itself: a subclass
/// could add no drawing of its own. Compose them instead.
///
/// ```swift
/// final class Badge: Layer {
///     let label = TextLayer()
///     init(text: String) {
///         super.init()
///         backgroundColor = Palette.tint
///         cornerRadius = 10
///         label.string = text
///         addSublayer(label)
///     }
/// }
/// ```
open class Layer {
    private static let nextID = Atomic<Int>(1)

    /// A number unique to this layer for the life of the process.
    public let id: Int
    /// The name that scripts and tests find the layer by.
    public var name: String?
    /// The gesture recognizers attached with `addGestureRecognizer(_:)`, in the order added.
    package var attachedRecognizers: [GestureRecognizer] = []
    /// On a scene's root: what routes pointers to the recognizers attached in its tree.
    package var touchRouter: GestureDispatcher?
    /// The clock time the layer's content last advanced to (an emitter's particles).
    package var contentTime: Double?

    /// Moves content that runs by itself (an emitter's particles) on to `time`, from the
    /// time it last advanced to; time that goes back moves nothing. Called with the
    /// layer's animations, once a frame.
    package func advanceContent(to time: Double) {}

    /// The layer's own coordinate space; its size is the layer's size.
    public var bounds: Rect = .zero {
        didSet {
            if bounds.size != oldValue.size { invalidateContent() }
            implicitChange(.bounds, from: oldValue)
        }
    }
    /// Where the anchor point sits in the superlayer's coordinates.
    public var position: Point = .zero { didSet { implicitChange(.position, from: oldValue) } }
    /// The point of the bounds, in unit coordinates, that `position` and `transform` refer to.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// Applied around the anchor point.
    public var transform: Transform = .identity { didSet { implicitChange(.transform, from: oldValue) } }
    /// The rotation and uniform scale last written through those views of `transform`, with
    /// the transform they made: while it stands, they read back exactly as written.
    var transformParts: (rotation: Double, scale: Double, transform: Transform)?
    /// Front-to-back order among siblings; larger draws later. Equal values keep insertion order.
    public var zPosition: Double = 0
    /// How opaque the layer and its sublayers are, 0 (invisible) to 1; animatable.
    public var opacity: Double = 1 { didSet { implicitChange(.opacity, from: oldValue) } }
    /// Whether the layer and its sublayers are left out of drawing and hit testing.
    public var isHidden = false
    /// Clip sublayers to the bounds (rounded by `cornerRadius`).
    public var masksToBounds = false
    /// Whether hit testing can find this layer or any below it (UIKit's
    /// `isUserInteractionEnabled`): false for light, particles and other decoration on top.
    public var isHitTestable = true

    /// The colour filling the bounds (rounded by `cornerRadius`) behind any content; `nil` draws nothing.
    public var backgroundColor: Color? {
        didSet {
            invalidateContent()
            implicitChange(.backgroundColor, from: oldValue ?? .clear)
        }
    }
    /// The radius of the rounded corners of the background, border and, with `masksToBounds`, the clip.
    public var cornerRadius: Double = 0 { didSet { contentChanged(.cornerRadius, from: oldValue) } }
    /// The width of the border drawn inside the bounds; 0 draws none.
    public var borderWidth: Double = 0 { didSet { contentChanged(.borderWidth, from: oldValue) } }
    /// The border's colour.
    public var borderColor: Color = .black { didSet { contentChanged(.borderColor, from: oldValue) } }
    /// The shadow's colour; with a zero offset and a bright colour it is a glow.
    public var shadowColor: Color = .black { didSet { contentChanged(.shadowColor, from: oldValue) } }
    /// How opaque the shadow is, 0 (none) to 1.
    public var shadowOpacity: Double = 0 { didSet { contentChanged(.shadowOpacity, from: oldValue) } }
    /// How far the shadow blurs, in points.
    public var shadowRadius: Double = 3 { didSet { contentChanged(.shadowRadius, from: oldValue) } }
    /// How far the shadow falls from the layer, in points.
    public var shadowOffset = Point(x: 0, y: -3) { didSet { contentChanged(.shadowOffset, from: oldValue) } }
    /// An image drawn stretched over the bounds (after the background, before subclass content).
    public var contents: Bitmap? { didSet { invalidateContent() } }
    /// Where `contents` sits in the bounds; `.resize` stretches it to fill them.
    public var contentsGravity: ContentsGravity = .resize { didSet { invalidateContent() } }
    /// Pixels a point of `contents`: its size in points, for a gravity that keeps it, is
    /// its pixel size divided by this.
    public var contentsScale: Double = 1 { didSet { invalidateContent() } }
    /// Add the layer's pixels to what is behind (light, sparks) instead of covering it.
    public var isAdditive = false

    /// Counts changes to anything that is rasterized; moving, scaling or fading leave it alone.
    package private(set) var contentRevision = 0

    /// Running animations in the order they were added, with their keys.
    var animationEntries: [(key: String, animation: Animation)] = []
    /// Set while animations write presented values, so those writes start no implicit animation.
    var isApplyingPresentation = false

    /// The layer this one is a sublayer of; `nil` for a root.
    public private(set) weak var superlayer: Layer?
    /// The layer's sublayers, back to front as added (`zPosition` reorders drawing).
    public private(set) var sublayers: [Layer] = []

    /// An empty layer with no size, at the origin.
    public init() {
        id = Layer.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// Marks the rasterized content stale. Subclasses call it from their content properties.
    public func invalidateContent() {
        contentRevision &+= 1
    }

    // MARK: Geometry

    /// The layer's rectangle in its superlayer's coordinates (the bounding box if transformed).
    public var frame: Rect {
        get { convertToSuperlayer(bounds) }
        set {
            bounds.size = newValue.size
            position = Point(x: newValue.minX + anchorPoint.x * newValue.width,
                             y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    /// Maps the layer's own coordinates into its superlayer's.
    public var transformToSuperlayer: Transform {
        let anchor = Point(x: bounds.minX + anchorPoint.x * bounds.width,
                           y: bounds.minY + anchorPoint.y * bounds.height)
        return Transform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(transform)
            .concatenating(Transform(translationX: position.x, y: position.y))
    }

    func convertToSuperlayer(_ r: Rect) -> Rect { transformToSuperlayer.apply(to: r) }

    /// Maps the layer's own coordinates into the root layer's (the canvas).
    public var transformToRoot: Transform {
        var t = Transform.identity
        var layer: Layer? = self
        while let l = layer, l.superlayer != nil {
            t = t.concatenating(l.transformToSuperlayer)
            layer = l.superlayer
        }
        return t
    }

    /// Converts a point in this layer's coordinates into another layer's (`nil`: the root).
    public func convert(_ p: Point, to other: Layer?) -> Point {
        let root = transformToRoot.apply(to: p)
        guard let other, let inverse = other.transformToRoot.inverted() else { return root }
        return inverse.apply(to: root)
    }

    /// Converts a point from another layer's coordinates (`nil`: the root) into this layer's.
    public func convert(_ p: Point, from other: Layer?) -> Point {
        let root = other?.transformToRoot.apply(to: p) ?? p
        return transformToRoot.inverted()?.apply(to: root) ?? root
    }

    // MARK: Tree

    /// Appends a sublayer on top of the others, taking it from any previous superlayer.
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts a sublayer at an index of `sublayers` (0 is at the back).
    public func insertSublayer(_ layer: Layer, at index: Int) {
        precondition(layer !== self, "a layer cannot be its own sublayer")
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: min(max(index, 0), sublayers.count))
        layer.superlayer = self
    }

    /// Inserts a sublayer just below a sibling.
    public func insertSublayer(_ layer: Layer, below sibling: Layer) {
        let index = sublayers.firstIndex { $0 === sibling } ?? 0
        insertSublayer(layer, at: index)
    }

    /// Inserts a sublayer just above a sibling.
    public func insertSublayer(_ layer: Layer, above sibling: Layer) {
        let index = sublayers.firstIndex { $0 === sibling }.map { $0 + 1 } ?? sublayers.count
        insertSublayer(layer, at: index)
    }

    /// Detaches the layer from its superlayer.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Removes every sublayer.
    public func removeAllSublayers() {
        for layer in sublayers { layer.superlayer = nil }
        sublayers.removeAll()
    }

    /// Sublayers in drawing order: by `zPosition`, then by index.
    public var sublayersInDrawingOrder: [Layer] {
        guard sublayers.contains(where: { $0.zPosition != 0 }) else { return sublayers }
        return sublayers.enumerated()
            .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
            .map(\.element)
    }

    /// The layer of this subtree (self included) with the given name: the scene's own layers
    /// first, then the elements of SVG layers.
    ///
    /// The layer itself when it bears the name; else the first layer of the subtree, depth
    /// first, that code named so (an ``SVGLayer`` code made counts, by the name code gave it);
    /// else an element of an SVG layer in the subtree:
    ///
    /// - `"screen/card"` is the element `card` of the SVG layer named `screen`. The slash
    ///   reads as a path and is rare in ids (XML writes an id as a name, which has none); the
    ///   part before it is matched against the SVG layers' whole names, so a layer name or an
    ///   id with a slash of its own still finds its element.
    /// - A plain `"card"` is the first element layer called so, depth first, as it always
    ///   was where the scene has no layer of that name. When elements of two SVG layers answer
    ///   it, the first in the tree is used and one line says so, naming both.
    ///
    /// ```swift
    /// let screen = SVGLayer(named: "Wallet.svg")
    /// screen.name = "screen"
    /// let card = Layer()
    /// card.name = "card"
    /// root.addSublayer(screen)
    /// root.addSublayer(card)
    /// root.layer(named: "card")          // the scene's own card
    /// root.layer(named: "screen/card")   // the SVG's element card
    /// ```
    ///
    /// Input scripts find layers the same way (`{"layer": "screen/card"}`).
    public func layer(named name: String) -> Layer? {
        findLayer(named: name)
    }

    /// Every layer of the subtree, self first, depth first.
    public var allLayers: [Layer] {
        [self] + sublayers.flatMap(\.allLayers)
    }

    // MARK: Content

    /// How far the rasterized content reaches outside the bounds (shadow, stroke), in points.
    public var contentOutset: Double {
        guard shadowOpacity > 0, shadowColor.alpha > 0 else { return 0 }
        return shadowRadius * 2 + max(abs(shadowOffset.x), abs(shadowOffset.y))
    }

    /// The part of the layer's own coordinate space its rasterized content can cover: the
    /// bounds and `contentOutset` around them. Rasterizing covers this much, so a subclass
    /// that draws less (a thin line in a large layer) says so and rasterizes faster.
    public var contentBounds: Rect {
        let outset = contentOutset
        return bounds.insetBy(dx: -outset, dy: -outset)
    }

    /// Whether the layer draws anything of its own.
    public var hasContent: Bool {
        backgroundColor != nil || borderWidth > 0 || contents != nil
    }

    /// Whether `p`, in the layer's own coordinates, counts as inside for hit testing.
    open func containsPoint(_ p: Point) -> Bool {
        bounds.contains(p)
    }
}
