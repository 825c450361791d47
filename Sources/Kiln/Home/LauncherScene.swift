import KilnCore

/// The start screen (X1): a card per scene with a live preview; a key or a click opens it.
package final class LauncherScene: Scene {
    package let name = "launcher"
    package let root = Layer()
    package let backgroundColor = Palette.groupedBackground
    private let context: SceneContext
    private var cards: [(layer: Layer, name: String)] = []
    private var previews: [Scene] = []
    private var pressedCard: String?

    /// The launcher, a card for each scene of the catalogue.
    package init(context: SceneContext) {
        self.context = context
        let size = context.canvasSize
        root.bounds = Rect(origin: .zero, size: size)
        root.position = Point(x: size.width / 2, y: size.height / 2)
        build()
    }

    private func build() {
        let width = context.canvasSize.width - 32
        root.addSublayer(TextLayer.make("Kiln", frame: Rect(16, 44, width, 40), size: 34, weight: .bold))
        let hint = TextLayer.make("Touch interaction prototypes. Press a number or click a card; Esc comes back here.",
                                  frame: Rect(16, 86, width, 40), size: 14, color: Palette.secondaryLabel)
        hint.isWrapped = true
        root.addSublayer(hint)
        let frames = Self.cardFrames(canvas: context.canvasSize)
        for (index, entry) in SceneCatalog.entries.enumerated() {
            let card = makeCard(entry, index: index, frame: frames[index])
            root.addSublayer(card)
            cards.append((card, entry.name))
        }
    }

    /// Where the cards go on a canvas, in catalogue order: under the title, 16 pt apart, as
    /// tall as fits (190 pt at most).
    package static func cardFrames(canvas: Size) -> [Rect] {
        let count = Double(SceneCatalog.entries.count), top = 140.0
        let step = min(206, ((canvas.height - top - 16) / count).rounded(.down))
        return SceneCatalog.entries.indices.map { Rect(16, top + step * Double($0), canvas.width - 32, step - 16) }
    }

    /// A card's live preview window, in the card's coordinates: the scene's shape at the
    /// card's right, 12 pt in.
    package static func previewFrame(inCard card: Rect, canvas: Size) -> Rect {
        let height = card.height - 24
        let width = canvas.width * height / canvas.height
        return Rect(card.width - 12 - width, 12, width, height)
    }

    private func makeCard(_ entry: SceneCatalog.Entry, index: Int, frame: Rect) -> Layer {
        let card = Layer.make(frame: frame, color: Palette.card, cornerRadius: 16, name: "card.\(entry.name)")
        card.applyCardShadow()
        let window = makePreview(of: entry, cardFrame: frame)
        card.addSublayer(window)

        let textWidth = window.frame.minX - 32
        let badge = TextLayer.make("\(index + 1)", frame: Rect(16, 16, 28, 28), size: 15, weight: .bold,
                                   color: .white, alignment: .center)
        badge.backgroundColor = Palette.tint
        badge.cornerRadius = 14
        badge.isVerticallyCentered = true
        card.addSublayer(badge)
        card.addSublayer(TextLayer.make(entry.title, frame: Rect(16, 56, textWidth, 30), size: 22, weight: .bold))
        let subtitle = TextLayer.make(entry.subtitle, frame: Rect(16, 90, textWidth, 60), size: 14,
                                      color: Palette.secondaryLabel)
        subtitle.isWrapped = true
        card.addSublayer(subtitle)
        return card
    }

    /// A live, scaled-down instance of the scene in a rounded window at the card's right.
    private func makePreview(of entry: SceneCatalog.Entry, cardFrame: Rect) -> Layer {
        let canvas = context.canvasSize
        let frame = Self.previewFrame(inCard: cardFrame, canvas: canvas)
        let scale = frame.height / canvas.height
        let window = Layer.make(frame: frame, color: Palette.groupedBackground, cornerRadius: 10)
        window.masksToBounds = true
        // A touch on the preview is the card's: the scene inside keeps its recognizers to itself.
        window.isHitTestable = false
        window.borderWidth = 0.5
        window.borderColor = Palette.separator
        var previewContext = context
        previewContext.events = nil
        previewContext.openScene = { _ in }
        // Previews are seen, not heard.
        previewContext.audio = SilentAudio()
        previewContext.haptics = NoHaptics()
        let preview = entry.makeScene(context: previewContext)
        window.backgroundColor = preview.backgroundColor
        preview.root.transform = Transform(scaleX: scale, y: scale)
        preview.root.position = Point(x: window.bounds.width / 2, y: window.bounds.height / 2)
        window.addSublayer(preview.root)
        previews.append(preview)
        return window
    }

    package func update(time: Double) {
        for preview in previews { preview.update(time: time) }
    }

    package func handle(_ event: PointerEvent) {
        let hit = root.hitTest(event.location)
        let card = cards.first { hit?.isDescendant(of: $0.layer) == true }
        switch event.phase {
        case .began:
            pressedCard = card?.name
            card?.layer.opacity = 0.85
        case .ended, .cancelled:
            for c in cards { c.layer.opacity = 1 }
            if event.phase == .ended, let name = card?.name, name == pressedCard { context.openScene(name) }
            pressedCard = nil
        default:
            break
        }
    }

    package func handle(_ key: KeyPress) -> Bool {
        guard key.modifiers.isEmpty, let number = Int(key.key), number >= 1,
              number <= SceneCatalog.entries.count else { return false }
        context.openScene(SceneCatalog.entries[number - 1].name)
        return true
    }
}
