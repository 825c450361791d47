import Kiln

/// An iOS-style bottom sheet over a map: three detents chosen by where a release would
/// carry the sheet, rubber banding past the ends, a scrim that darkens as it rises, and a
/// list inside that scrolls only once the sheet is at its top, in the same gesture.
final class BottomSheetScene: Scene {
    /// Where the sheet is going, if anywhere.
    enum SheetState {
        case resting(Detent)
        case dragging
        /// Springing towards a detent; `hasArrived` once it first reached it.
        case settling(ValueSpring, target: Detent, hasArrived: Bool)
    }

    /// What the list is doing.
    enum ListState {
        case still
        case dragging
        case flinging(Decay)
        /// Springing back inside its content from past an end.
        case bouncing(ValueSpring)
    }

    let name = "bottom-sheet"
    let root = Layer()
    let backgroundColor = MapBackdrop.land
    let context: SceneContext
    let tuning: BottomSheetTuning
    let detents: DetentHeights
    let sheet: SheetLayers
    let scrim = Layer()
    let dispatcher: GestureDispatcher
    let pan = PanGestureRecognizer()

    var sheetState = SheetState.resting(.collapsed)
    var listState = ListState.still
    /// Points of sheet showing above the canvas's bottom edge, as drawn.
    private(set) var height: Double
    /// How far the list is scrolled, as drawn.
    private(set) var listOffset = 0.0
    /// The detent the sheet last reached.
    private(set) var detent = Detent.collapsed
    var now = 0.0

    /// The drag in progress: the finger's heights before rubber banding, and where the
    /// last bit of motion went.
    var drag = DragState()

    struct DragState {
        var sheetHeight = 0.0
        var listOffset = 0.0
        var lastTranslation = 0.0
        var beganInList = false
        var isScrollingList = false
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
        dispatcher = GestureDispatcher(root: root)
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
        root.addSublayer(StatusBar.make(width: size.width))
        root.addSublayer(StatusBar.homeIndicator(size: size))

        pan.minimumDistance = 4
        pan.onChange { [weak self] _ in self?.panChanged() }
        dispatcher.add(pan, to: sheet.card)
    }

    /// The furthest the list scrolls.
    var maxListOffset: Double { max(0, sheet.contentHeight - sheet.viewport.bounds.height) }

    func update(time: Double) {
        now = time
        dispatcher.tick(at: time)
        advanceSheet(to: time)
        advanceList(to: time)
        layout()
    }

    func handle(_ event: PointerEvent) {
        if event.phase == .began {
            let inViewport = sheet.viewport.convert(event.location, from: nil)
            drag.beganInList = sheet.viewport.bounds.contains(inViewport)
        }
        dispatcher.handle(event)
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
        height = spring.value(at: time)
        // Arriving is reaching the detent, or passing it on an overshoot.
        if !hasArrived, abs(height - spring.to) < 1 || (height - spring.to) * (spring.from - spring.to) < 0 {
            hasArrived = true
            reach(target)
        }
        if spring.isSettled(at: time) {
            height = spring.to
            sheetState = .resting(target)
        } else {
            sheetState = .settling(spring, target: target, hasArrived: hasArrived)
        }
    }

    private func advanceList(to time: Double) {
        switch listState {
        case .flinging(let fling):
            listOffset = fling.value(at: time)
            let bound = min(max(listOffset, 0), maxListOffset)
            if bound != listOffset {
                listState = .bouncing(ValueSpring(from: listOffset, to: bound, initialVelocity: fling.velocity(at: time),
                                                  spring: tuning.listBounceSpring, start: time))
            } else if abs(fling.velocity(at: time)) < 4 {
                listCameToRest()
            }
        case .bouncing(let spring):
            listOffset = spring.value(at: time)
            if spring.isSettled(at: time) {
                listOffset = spring.to
                listCameToRest()
            }
        case .still, .dragging:
            break
        }
    }

    /// The sheet has reached `target`: said, and heard if it is a new detent.
    func reach(_ target: Detent) {
        guard target != detent else { return }
        detent = target
        context.emit("sheet.detent.changed", at: now, ["detent": .string(target.rawValue)])
        if tuning.detentVolume > 0 { context.audio.play(.sheetDetent, volume: tuning.detentVolume) }
    }

    func listCameToRest() {
        listState = .still
        guard drag.listMoved else { return }
        drag.listMoved = false
        context.emit("list.scrolled", at: now, ["offset": .number(listOffset.rounded())])
    }

    /// Sets what is drawn from the drag's unbanded heights.
    func showDrag() {
        height = RubberBand(dimension: context.canvasSize.height, coefficient: tuning.rubberBandCoefficient)
            .clamp(drag.sheetHeight, to: detents.collapsed...detents.large)
        listOffset = RubberBand(dimension: sheet.viewport.bounds.height, coefficient: tuning.rubberBandCoefficient)
            .clamp(drag.listOffset, to: 0...maxListOffset)
        layout()
    }

    func startSettling(to target: Detent, velocity: Double) {
        let spring = ValueSpring(from: height, to: detents[target], initialVelocity: velocity,
                                 spring: tuning.releaseSpring, start: now)
        sheetState = .settling(spring, target: target, hasArrived: false)
    }

}
