import Kiln

/// An iOS-style bottom sheet over a map: three detents chosen by where a release would
/// carry the sheet, rubber banding past the ends, a scrim that darkens as it rises, and a
/// list inside that scrolls only once the sheet is at its top, in the same gesture.
final class BottomSheetScene: TunedScene {
    /// Where the sheet is going, if anywhere.
    enum SheetState {
        case resting(Detent)
        case dragging
        /// Springing towards a detent; `hasArrived` once it first reached it.
        case settling(ValueSpring, target: Detent, hasArrived: Bool)
    }

    static let name = "bottom-sheet"
    let root = Layer()
    let backgroundColor = MapBackdrop.land
    let context: SceneContext
    let tuning: BottomSheetTuning
    let detents: DetentHeights
    let sheet: SheetLayers
    let scrim = Layer()
    let pan = PanGestureRecognizer()

    var sheetState = SheetState.resting(.collapsed)
    /// The list (inner) inside the sheet (outer, its offset the sheet's height): one drag
    /// scrolls both, handing over at the top detent and at the list's top.
    var scroll: NestedScroll
    /// Points of sheet showing above the canvas's bottom edge, as drawn.
    internal(set) var height: Double
    /// How far the list is scrolled, as drawn.
    var listOffset: Double { scroll.inner.contentOffset }
    /// The detent the sheet last reached.
    private(set) var detent = Detent.collapsed
    var now = 0.0

    /// The drag in progress.
    var drag = DragState()

    struct DragState {
        var lastTranslation = 0.0
        var beganInList = false
        /// Whether the list moved since it last came to rest.
        var listMoved = false
    }

    init(context: SceneContext, tuning: BottomSheetTuning) {
        self.context = context
        self.tuning = tuning
        let size = context.canvasSize
        detents = DetentHeights(tuning: tuning, canvasHeight: size.height)
        height = detents.collapsed
        sheet = SheetLayers(size: size, viewportHeight: detents.large - SheetLayers.headerHeight,
                            cornerRadius: tuning.cornerRadius)
        scroll = Self.makeScroll(tuning: tuning, detents: detents, canvasHeight: size.height, sheet: sheet)
        root.bounds = Rect(origin: .zero, size: size)
        root.position = Point(size.width / 2, size.height / 2)
        build(size: size)
        layout()
    }

    private func build(size: Size) {
        root.addSublayer(MapBackdrop.make(size: size))
        scrim.name = "scrim"
        scrim.frame = root.bounds
        scrim.backgroundColor = tuning.scrimColor
        scrim.isHitTestable = false
        root.addSublayer(scrim)
        root.addSublayer(sheet.card)
        root.addSublayer(StatusBar.make(width: size.width, color: Palette.label))
        root.addSublayer(StatusBar.homeIndicator(size: size, color: Palette.label))

        pan.minimumDistance = 4
        pan.onChange { [weak self] _ in self?.panChanged() }
        sheet.card.addGestureRecognizer(pan)
    }

    /// The sheet's height between its lowest and highest detent, and the list in its viewport,
    /// both rubber-banding with the tuning's coefficient.
    private static func makeScroll(tuning: BottomSheetTuning, detents: DetentHeights, canvasHeight: Double,
                                   sheet: SheetLayers) -> NestedScroll {
        var outer = ScrollPhysics(range: detents.collapsed...detents.large, dimension: canvasHeight)
        outer.decelerationRate = tuning.decelerationRate
        outer.bounceSpring = tuning.releaseSpring
        outer.rubberBandCoefficient = tuning.rubberBandCoefficient
        var inner = ScrollPhysics(contentSize: sheet.contentHeight, viewportSize: sheet.viewport.bounds.height)
        inner.decelerationRate = tuning.listDecelerationRate
        inner.bounceSpring = tuning.listBounceSpring
        inner.rubberBandCoefficient = tuning.rubberBandCoefficient
        return NestedScroll(inner: inner, outer: outer)
    }

    /// The furthest the list scrolls.
    var maxListOffset: Double { scroll.inner.maximumOffset }

    func update(time: Double) {
        now = time
        advanceSheet(to: time)
        advanceList(to: time)
        layout()
    }

    func handle(_ event: PointerEvent) {
        if event.phase == .began {
            let inViewport = sheet.viewport.convert(event.location, from: nil)
            drag.beganInList = sheet.viewport.bounds.contains(inViewport)
        }
    }

    /// The grabber: where a replayed recording presses first.
    var primaryControl: Point? { sheet.grabber.convert(Point(18, 2.5), to: nil) }

    /// The three detents, for the HUD.
    var guides: [ThresholdGuide] {
        let size = context.canvasSize
        return Detent.allCases.map {
            .horizontal($0.rawValue, y: size.height - detents[$0], from: 0, to: size.width)
        }
    }

    static var sounds: [Sound] { [.sheetDetent] }

    /// Puts the layers where the sheet and the list are.
    func layout() {
        sheet.card.position.y = context.canvasSize.height - height
        sheet.content.position.y = -listOffset
        sheet.headerRule.opacity = modulate(listOffset, from: (0, 8), to: (0, 1), clamped: true)
        scrim.opacity = SheetPhysics.scrimOpacity(
            atHeight: height, detents: detents,
            opacities: (tuning.scrimCollapsed, tuning.scrimMedium, tuning.scrimLarge))
    }

    // MARK: Motion

    private func advanceSheet(to time: Double) {
        guard case .settling(let spring, let target, var hasArrived) = sheetState else { return }
        let isSettled = scroll.outer.advance(to: time)
        height = scroll.outer.contentOffset
        // Arriving is reaching the detent, or passing it on an overshoot.
        if !hasArrived, abs(height - spring.to) < 1 || (height - spring.to) * (spring.from - spring.to) < 0 {
            hasArrived = true
            reach(target)
        }
        if isSettled {
            sheetState = .resting(target)
        } else {
            sheetState = .settling(spring, target: target, hasArrived: hasArrived)
        }
    }

    private func advanceList(to time: Double) {
        if scroll.inner.advance(to: time) { listCameToRest() }
    }

    /// The sheet has reached `target`: said, and heard if it is a new detent.
    func reach(_ target: Detent) {
        guard target != detent else { return }
        detent = target
        context.emit("sheet.detent.changed", at: now, ["detent": .string(target.rawValue)])
        if tuning.detentVolume > 0 { context.audio.play(.sheetDetent, volume: tuning.detentVolume) }
    }

    func listCameToRest() {
        guard drag.listMoved else { return }
        drag.listMoved = false
        context.emit("list.scrolled", at: now, ["offset": .number(listOffset.rounded())])
    }

    func startSettling(to target: Detent, velocity: Double) {
        guard !scroll.outer.settle(on: detents[target], velocity: velocity, at: now),
              case .springing(let spring) = scroll.outer.phase else {
            reach(target)
            sheetState = .resting(target)
            return
        }
        sheetState = .settling(spring, target: target, hasArrived: false)
    }

}
