import Kiln

/// A dating app's card stack: drag the top card and it turns about a point near its foot,
/// a LIKE or NOPE stamp fading in with the direction; let go past the threshold (where the
/// release velocity would carry it) and it flies off at that velocity, otherwise it springs
/// back. The card behind grows to full size as the top one leaves. A like bursts (Lottie).
final class CardStackScene: TunedScene {
    /// What the top card is doing.
    enum TopCard {
        case resting
        case dragging
        /// Springing back to the middle along both axes.
        case returning(x: ValueSpring, y: ValueSpring)
        /// Leaving the screen at `velocity`, points per second.
        case leaving(Verdict, velocity: Point)
    }

    /// What the user decided about a profile.
    enum Verdict: String {
        case like, nope
    }

    static let name = "card-stack"
    let root = Layer()
    let backgroundColor = Color(hex: 0xF4F4F7)
    let context: SceneContext
    let tuning: CardStackTuning
    /// The cards, the top one first; a card that leaves goes to the back.
    private(set) var cards: [ProfileCard] = []
    /// Holds the cards; its pan drags the top one.
    let deck = Layer()
    /// Plays over the stack on a like.
    let burst = LottieLayer(named: "like-burst.json")
    let cardFrame: Rect
    var topCard = TopCard.resting
    /// The top card's offset from its place, as drawn.
    var offset = Point.zero
    var dragStartOffset = Point.zero
    var now = 0.0
    private var lastUpdate: Double?

    init(context: SceneContext, tuning: CardStackTuning) {
        self.context = context
        self.tuning = tuning
        let size = context.canvasSize
        root.bounds = Rect(origin: .zero, size: size)
        root.position = Point(size.width / 2, size.height / 2)
        cardFrame = Rect(14, 104, size.width - 28, min(560, size.height - 270))
        build(size: size)
        layout()
    }

    static var sounds: [Sound] { [.cardLike, .cardNope] }

    /// The top card's resting position: its anchor, near its foot.
    var home: Point { Point(cardFrame.midX, cardFrame.minY + tuning.pivot * cardFrame.height) }

    private func build(size: Size) {
        root.addSublayer(StatusBar.make(width: size.width, color: Palette.label))
        root.addSublayer(TextLayer.make("Discover", frame: Rect(20, 52, 200, 40), size: 30, weight: .bold))
        deck.name = "deck"
        deck.frame = root.bounds
        root.addSublayer(deck)
        for profile in Profile.all.reversed() {
            let card = ProfileCard(profile: profile, size: cardFrame.size, pivot: tuning.pivot)
            cards.insert(card, at: 0)
            deck.addSublayer(card.layer)
        }
        for card in cards { card.layer.position = home }
        let pan = PanGestureRecognizer { [weak self] in self?.handlePan($0) }
        pan.minimumDistance = 3
        deck.addGestureRecognizer(pan)

        burst.name = "burst"
        burst.frame = Rect(cardFrame.midX - 180, cardFrame.midY - 180, 360, 360)
        burst.isHidden = true
        burst.isHitTestable = false
        burst.zPosition = 20
        root.addSublayer(burst)
        addButtons(size: size)
        root.addSublayer(StatusBar.homeIndicator(size: size, color: Palette.label))
    }

    /// Round NOPE and LIKE buttons under the stack, each sending the top card off.
    private func addButtons(size: Size) {
        let y = cardFrame.maxY + 24
        for (verdict, icon, x) in [(Verdict.nope, "cross.svg", size.width / 2 - 62), (.like, "like-heart.svg", size.width / 2 + 62)] {
            let button = Layer.make(frame: Rect(x - 34, y, 68, 68), color: .white, cornerRadius: 34,
                                    name: "\(verdict.rawValue)Button")
            button.applyCardShadow()
            let glyph = ImageLayer(named: icon)
            glyph.frame = Rect(18, 18, 32, 32)
            glyph.contentsGravity = .resizeAspect
            glyph.isHitTestable = false
            button.addSublayer(glyph)
            root.addSublayer(button)
            let tap = TapGestureRecognizer { [weak self] in
                if $0.state == .ended { self?.send(verdict) }
            }
            button.addGestureRecognizer(tap)
        }
    }

    func update(time: Double) {
        let dt = lastUpdate.map { min(max(0, time - $0), 0.1) } ?? 0
        lastUpdate = time
        now = time
        switch topCard {
        case .returning(let x, let y):
            offset = Point(x.value(at: time), y.value(at: time))
            if x.isSettled(at: time) && y.isSettled(at: time) {
                offset = .zero
                topCard = .resting
            }
            layout()
        case .leaving(let verdict, let velocity):
            offset = Point(offset.x + velocity.x * dt, offset.y + velocity.y * dt)
            layout()
            if abs(offset.x) > context.canvasSize.width + cardFrame.width / 2 { finishLeaving(verdict) }
        case .resting, .dragging:
            break
        }
        if burst.isHidden == false, !burst.isPlaying { burst.isHidden = true }
    }

    /// Places the top card at `offset`, turned and stamped by it, and grows the card behind.
    func layout() {
        guard let top = cards.first else { return }
        top.layer.position = Point(home.x + offset.x, home.y + offset.y)
        top.layer.transform = Transform(rotationAngle: offset.x * tuning.rotationPerPoint * Double.pi / 180)
        top.likeStamp.opacity = min(1, max(0, offset.x / tuning.stampFullAt))
        top.nopeStamp.opacity = min(1, max(0, -offset.x / tuning.stampFullAt))
        let shown = min(1, abs(offset.x) / tuning.swipeDistance)
        for (i, card) in cards.enumerated().dropFirst() {
            let scale = i == 1 ? tuning.nextScale + (1 - tuning.nextScale) * shown : tuning.nextScale
            card.layer.transform = Transform(scaleX: scale, y: scale)
        }
    }

    /// The top card goes to the back, and the next one is on top.
    private func finishLeaving(_ verdict: Verdict) {
        let card = cards.removeFirst()
        card.layer.removeFromSuperlayer()
        deck.insertSublayer(card.layer, at: 0)
        cards.append(card)
        offset = .zero
        topCard = .resting
        layout()
        if let next = cards.first { context.emit("card.shown", at: now, ["profile": .string(next.profile.name)]) }
    }
}
