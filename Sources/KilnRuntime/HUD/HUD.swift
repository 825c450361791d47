/// The heads-up display (X3): a small panel with the frame-time graph and the
/// pressure graph, the scene's threshold guides and, on request, every layer's bounds.
///
/// It is a layer tree of its own, drawn by the host after the scene's, so a recording can
/// leave it out. Hosts feed it what they measure (`record`) and bring it up to date once
/// a frame (`update`); the graphs and their numbers are redrawn only a few times a second
/// and text only when it changes, so the HUD costs little to composite.
import KilnCore

package final class HUD {
    /// The HUD's layers, sized to the canvas; draw them over the scene.
    package let root = Layer()
    /// Whether the HUD shows (F1).
    package var isVisible: Bool {
        didSet { root.isHidden = !isVisible }
    }
    /// Whether every visible layer of the scene is outlined (F2); a click then picks the
    /// layer whose motion the Motion panel plots, and turning it off forgets the pick.
    package var showsBounds = false {
        didSet {
            if showsBounds != oldValue { refreshKeys() }
            if !showsBounds { clearPick() }
        }
    }
    /// The scene's speed, or "PAUSED", shown on the keys line; `nil` at full speed.
    package var speedLabel: String? {
        didSet { if speedLabel != oldValue { refreshKeys() } }
    }
    /// The frames of the last two seconds.
    package private(set) var frames = FrameTimeHistory(window: 2)
    /// The pressure of the last contacts.
    package private(set) var pressure = PressureGraph()
    /// The picked layer's motion over the last two seconds of scene time.
    package internal(set) var motion = MotionHistory(window: 2)
    /// Seconds between redraws of the graphs and their numbers.
    package var refreshInterval = 0.15

    let canvas: Size
    let panel = Layer()
    let frameValues = TextLayer()
    let framesPerSecond = TextLayer()
    let frameGraph: FrameTimeGraph
    let updateBars = ShapeLayer()
    let renderBars = ShapeLayer()
    let presentBars = ShapeLayer()
    let pressureValue = TextLayer()
    let pressureLine = ShapeLayer()
    let keys = TextLayer()
    let lossNotice = TextLayer()
    let outlines = HairlineLayer()
    let guideLines = HairlineLayer()
    let guideLabels = Layer()
    let pickedOutline = HairlineLayer()
    let pickedTrail = HairlineLayer()
    let motionPanel: MotionPanel

    var lastRefresh = -Double.infinity
    var drawnPressureRevision = -1
    var shownGuides: [ThresholdGuide]?
    var shownQuads: [[Point]] = []
    /// The pen loss being reported, while it matters.
    var penLoss: PenLossNotice?
    /// Whether the latest recorded pointer event left the pointer down.
    var isPointerDown = false
    var picked: PickedLayer?
    var heldPress: HeldPress?
    var drawnMotionRevision = -1

    /// A HUD for a canvas of `canvasSize` points, shown or not.
    package init(canvasSize: Size, isVisible: Bool = false) {
        canvas = canvasSize
        self.isVisible = isVisible
        frameGraph = FrameTimeGraph(size: Size(HUD.contentWidth, 34))
        motionPanel = MotionPanel(canvas: canvasSize)
        root.frame = Rect(origin: .zero, size: canvasSize)
        root.isHitTestable = false
        root.isHidden = !isVisible
        buildOverlays()
        buildPanel()
        buildMotion()
    }

    /// F1 shows or hides the HUD; F2 turns the layer bounds on or off (showing the HUD).
    /// Returns whether the key was the HUD's.
    package func handle(_ key: KeyPress) -> Bool {
        guard key.modifiers.isEmpty else { return false }
        switch key.key {
        case "f1":
            isVisible.toggle()
        case "f2":
            showsBounds.toggle()
            if showsBounds { isVisible = true }
        default:
            return false
        }
        return true
    }

    /// Adds a measured frame.
    package func record(_ sample: FrameSample) {
        frames.append(sample)
    }

    /// Adds a pointer event's pressure.
    package func record(_ event: PointerEvent) {
        pressure.record(event)
        follow(event)
    }

    /// Forgets the frames, the pressure samples and the pick (a new scene, or a fixed picture).
    package func reset() {
        frames.removeAll()
        pressure = PressureGraph(span: pressure.span)
        drawnPressureRevision = -1
        lastRefresh = -.infinity
        penLoss = nil
        isPointerDown = false
        showLossNotice()
        clearPick()
    }

    /// Brings the layers up to date at time `now` (on the frames' clock), the scene being at
    /// `sceneTime` (`nil`: `now`): the guides, outlines and picked layer's samples follow the
    /// scene every frame, the graphs and numbers every `refreshInterval`.
    package func update(now: Double, scene: Layer, guides: [ThresholdGuide], sceneTime: Double? = nil) {
        guard isVisible else { return }
        if guides != shownGuides { showGuides(guides) }
        updateLossNotice(now: now)
        showOutlines(showsBounds ? LayerOutlines.quads(of: scene) : [])
        followPick(in: scene, at: sceneTime ?? now)
        guard now - lastRefresh >= refreshInterval || now < lastRefresh else { return }
        lastRefresh = now
        refreshFrames(now: now)
        if pressure.revision != drawnPressureRevision { refreshPressure() }
        refreshMotion()
    }
}
