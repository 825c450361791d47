import Foundation
import Kiln

/// A catalogue of every layer kind and option, and the reference for visual regressions.
public final class GalleryScene: Scene {
    public let name = "gallery"
    public let root = Layer()
    public let backgroundColor = Palette.groupedBackground
    let context: SceneContext
    /// The width of a section card.
    let cardWidth: Double
    let dispatcher: GestureDispatcher
    let draggable = GradientLayer()
    var draggableHome = Point.zero
    var dragStart = Point.zero
    var now = 0.0
    /// The emitters that `update(time:)` steps.
    var emitters: [EmitterLayer] = []
    /// The time of the last update; `nil` before the first.
    var lastUpdateTime: Double?

    /// A gallery laid out on the context's canvas.
    public init(context: SceneContext) {
        self.context = context
        root.bounds = Rect(origin: .zero, size: context.canvasSize)
        root.position = Point(x: context.canvasSize.width / 2, y: context.canvasSize.height / 2)
        cardWidth = context.canvasSize.width - 32
        dispatcher = GestureDispatcher(root: root)
        build()
        buildDraggable()
    }

    public func update(time: Double) {
        now = time
        dispatcher.tick(at: time)
        stepEmitters(to: time)
    }

    public func handle(_ event: PointerEvent) {
        dispatcher.handle(event)
    }

    /// The draggable tile's centre: where a replayed pen recording lands.
    public var primaryControl: Point? { root.convert(draggable.position, to: nil) }

    private func build() {
        var y = 34.0
        root.addSublayer(TextLayer.make("Gallery", frame: Rect(16, y, cardWidth, 40), size: 32, weight: .bold))
        root.addSublayer(TextLayer.make("Every layer kind and option Kiln draws",
                                        frame: Rect(16, y + 40, cardWidth, 20), size: 14,
                                        color: Palette.secondaryLabel))
        buildFountain(frame: Rect(cardWidth + 16 - 92, 24, 92, 74))
        y += 68
        y = addSection("STROKES AND FILLS", at: y, height: 150, build: buildStrokes)
        y = addSection("GRADIENTS", at: y, height: 108, dark: true, build: buildGradients)
        y = addSection("TEXT", at: y, height: 140, build: buildText)
        y = addSection("SHADOWS AND GLOWS", at: y, height: 92, build: buildShadows)
        _ = addSection("CLIPPING, TRANSFORMS, IMAGES", at: y, height: 96, build: buildTransforms)
    }

    /// A caption and a card; `build` fills the card. Returns the y below it.
    private func addSection(_ caption: String, at y: Double, height: Double, dark: Bool = false,
                            build: (Layer) -> Void) -> Double {
        root.addSublayer(TextLayer.make(caption, frame: Rect(32, y, cardWidth - 16, 16), size: 12,
                                        weight: .semibold, color: Palette.secondaryLabel))
        let card = Layer.make(frame: Rect(16, y + 20, cardWidth, height),
                              color: dark ? Palette.night : Palette.card, cornerRadius: 14)
        card.applyCardShadow()
        root.addSublayer(card)
        build(card)
        return y + 20 + height + 10
    }
}
