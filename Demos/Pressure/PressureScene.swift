import Kiln

/// The pressure confirm ring (P1–P9): a destructive button confirmed by pressing hard
/// with a pen, or by holding a mouse, then sliding into the ring and releasing.
public final class PressureScene: TunedScene {
    public static let name = "pressure"
    /// Ticks as the ring fills and changes state, a chime on confirming, a whoosh for the photo.
    public static let sounds: [Sound] = [.tick, .chime, .whoosh, .confirm]
    public let root = Layer()
    public let backgroundColor = Color(hex: 0x000000)
    /// The photos shown, and what is left of them after deletions.
    public let store: PhotoStore
    let context: SceneContext
    let tuning: PressureTuning
    let canvas: Size
    let press = PressGestureRecognizer()

    // Layers scripts and tests find by name: list, photo.<id>, deleteButton, ring, ringCircle,
    // ringLabel, hud, hoverDot, toast.
    let list = Layer()
    var rows: [String: Layer] = [:]
    let emptyLabel = TextLayer()
    let deleteButton = Layer()
    let buttonLabel = TextLayer()
    let hint = TextLayer()
    let ring = Layer()
    let ringCircle = Layer()
    let track = ShapeLayer()
    let circle = ShapeLayer()
    let ringLabel = TextLayer()
    let hoverDot = ShapeLayer()
    let toast = UndoToast()
    let hud = Layer()
    let hudSource = TextLayer()
    let hudValues = TextLayer()
    let graphLimit = ShapeLayer()
    let graphPressure = ShapeLayer()
    let graphIntention = ShapeLayer()

    // The press.
    var model: PressureIntention
    /// The latest pointer event, for what the recognizer does not keep (the pressure's source).
    var latestEvent: PointerEvent?
    /// The source of the press in progress ("evemu", "xinput2", "timed"), `nil` when none.
    public internal(set) var pressSource: String?
    /// Whether the current press began on the button and drives the ring.
    var isTracking = false

    // Time.
    var now = 0.0
    var lastHoverAt: Double?
    var graph: PressureGraph

    /// A pressure scene on the context's canvas, with `tuning`, showing the sample photos.
    public convenience init(context: SceneContext, tuning: PressureTuning) {
        self.init(context: context, tuning: tuning, store: PhotoStore())
    }

    /// A pressure scene on the context's canvas, with `tuning`, showing the photos of `store`.
    public init(context: SceneContext, tuning: PressureTuning, store: PhotoStore) {
        self.context = context
        self.tuning = tuning
        self.store = store
        canvas = context.canvasSize
        model = PressureIntention(tuning: tuning)
        graph = PressureGraph(span: .seconds(tuning.graphDuration))
        root.frame = Rect(origin: .zero, size: canvas)
        buildLayout()
        buildRing()
        buildHUD()
        attachGestures()
    }

    private func attachGestures() {
        press.name = "press"
        press.onChange { [weak self] _ in self?.handlePress() }
        deleteButton.addGestureRecognizer(press)
        let tap = TapGestureRecognizer { [weak self] in
            if $0.state == .ended { self?.undo() }
        }
        toast.layer.addGestureRecognizer(tap)
    }

    /// Where the press stands (P4).
    public var state: ConfirmState { model.state }

    /// The intention, 0…1 (P2).
    public var intention: Double { model.intention }

    /// The centre of the delete button: where a replayed pen recording lands.
    public var primaryControl: Point? {
        deleteButton.superlayer?.convert(deleteButton.position, to: nil) ?? deleteButton.position
    }

    public func update(time: Double) {
        now = time
        updateTimers()
        updateHUD()
    }

    public func handle(_ event: PointerEvent) {
        latestEvent = event
        // Events arrive between frames; what they cause happens at their own time.
        now = max(now, event.timestamp)
        if event.phase == .hover { handleHover(event) }
    }

    public func handle(_ key: KeyPress) -> Bool {
        guard key == KeyPress("z", modifiers: .ctrl) else { return false }
        undo()
        return true
    }

    public func leave() {
        context.audio.stopAll(fadeOut: 0.15)
    }
}
