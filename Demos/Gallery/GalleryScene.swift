import Foundation
import Kiln

/// A catalogue of every layer kind and option, and the reference for visual regressions.
public final class GalleryScene: PrototypeScene {
    public static let name = "gallery"
    public let root = Layer()
    public let backgroundColor = Palette.groupedBackground
    let context: SceneContext
    /// The width of a section card.
    let cardWidth: Double
    let draggable = GradientLayer()
    var draggableHome = Point.zero
    var dragStart = Point.zero
    var now = 0.0
    /// The emitters, which the scene's clock steps.
    var emitters: [EmitterLayer] = []
    /// The pages side by side, slid left and right as a whole.
    let pages = Layer()
    /// The first page: every layer kind and option.
    let layersPage = Layer()
    /// The second page: photos, SVG and Lottie from files.
    let assetsPage = Layer()
    /// The segmented control's white thumb, under the page shown.
    let segmentThumb = Layer()
    /// The page shown, or sliding in.
    public internal(set) var shownPage = Page.layers
    /// A Lottie that loops on the assets page.
    let lottieLoop = LottieLayer(named: "pulse.json")
    /// A Lottie whose `progress` follows a horizontal drag.
    public let lottieScrub = LottieLayer(named: "burst.json")
    /// The knob on the scrubbed Lottie's track.
    let scrubKnob = Layer()
    /// The scrubbed Lottie's `progress` when the drag began.
    var scrubStart = 0.0

    /// A gallery laid out on the context's canvas.
    public init(context: SceneContext) {
        self.context = context
        root.bounds = Rect(origin: .zero, size: context.canvasSize)
        root.position = Point(x: context.canvasSize.width / 2, y: context.canvasSize.height / 2)
        cardWidth = context.canvasSize.width - 32
        build()
        buildDraggable()
    }

    public func update(time: Double) {
        now = time
    }

    /// The draggable tile's centre: where a replayed pen recording lands.
    public var primaryControl: Point? { root.convert(draggable.position, to: nil) }

    private func build() {
        // The pages first: the header above them takes its own taps.
        buildPages()
        root.addSublayer(TextLayer.make("Gallery", frame: Rect(16, 22, cardWidth, 40), size: 32, weight: .bold))
        buildSegmentedControl()
        buildFountain(frame: Rect(cardWidth + 16 - 92, 24, 92, 74))
        var y = 102.0
        y = addSection("STROKES AND FILLS", at: y, height: 150, in: layersPage, build: buildStrokes)
        y = addSection("GRADIENTS", at: y, height: 108, dark: true, in: layersPage, build: buildGradients)
        y = addSection("TEXT", at: y, height: 140, in: layersPage, build: buildText)
        y = addSection("SHADOWS AND GLOWS", at: y, height: 92, in: layersPage, build: buildShadows)
        _ = addSection("CLIPPING, TRANSFORMS, IMAGES", at: y, height: 96, in: layersPage, build: buildTransforms)
        buildAssetsPage()
    }

    /// A caption and a card on `page`; `build` fills the card. Returns the y below it.
    func addSection(_ caption: String, at y: Double, height: Double, dark: Bool = false, in page: Layer,
                    build: (Layer) -> Void) -> Double {
        page.addSublayer(TextLayer.make(caption, frame: Rect(32, y, cardWidth - 16, 16), size: 12,
                                        weight: .semibold, color: Palette.secondaryLabel))
        let card = Layer.make(frame: Rect(16, y + 20, cardWidth, height),
                              color: dark ? Palette.night : Palette.card, cornerRadius: 14)
        card.applyCardShadow()
        page.addSublayer(card)
        build(card)
        return y + 20 + height + 10
    }
}
