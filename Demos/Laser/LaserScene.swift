import Foundation
import Kiln

/// The laser card burner (L1–L9): drag a Pocket through a laser to delete it.
public final class LaserScene: TunedScene {
    public static let name = "laser"
    /// The laser's voices and the chime of a deleted Pocket.
    public static let sounds: [Sound] = [.ignition, .hum, .sizzle, .chime]
    public let root = Layer()
    public let backgroundColor = Color(hex: 0x0C0B12)
    /// The pockets shown, and what is left of them after a burn.
    public let store: PocketStore
    let context: SceneContext
    let tuning: LaserTuning
    let canvas: Size
    var random: SplitMix64
    let beamY: Double

    // Layers scripts and tests find by name: instruction, pocket, arrow, laser, beamUp,
    // beamDown, debris, toast.
    let instruction = TextLayer()
    let cutZone = Layer()
    let pocket = GradientLayer()
    let pocketName = TextLayer()
    let pocketBalance = TextLayer()
    let arrow = ShapeLayer()
    let laser = Layer()
    let halo = GradientLayer()
    let flare = GradientLayer()
    let beamUp = GradientLayer()
    let beamDown = GradientLayer()
    let debris: EmitterLayer
    let toast = UndoToast()

    // The card's state.
    var state = CardState.resting
    var pocketHome = Point.zero
    var shownPocketID: String?
    var dragStartY = 0.0
    var deepestThisDrag = 0.0
    var touchedBeamThisDrag = false
    var charredThisRetraction = false
    var charLayers: [Layer] = []
    var emberLayers: [Layer] = []
    var lastPlunge = -Double.infinity
    var lastMoveTime = 0.0
    var cardSpeed = 0.0
    var debrisLevel = 0.0
    var nextImpact = 0.0
    /// Felt impacts so far (L7).
    public internal(set) var impactCount = 0

    // Time.
    var now = 0.0
    var lastUpdate: Double?
    var lastInteraction = 0.0
    var isLaserOn = false
    var nextPocketAt: Double?

    /// A laser scene on the context's canvas, with `tuning`, showing the sample pockets.
    public convenience init(context: SceneContext, tuning: LaserTuning) {
        self.init(context: context, tuning: tuning, store: PocketStore())
    }

    /// A laser scene on the context's canvas, with `tuning`, showing the pockets of `store`.
    public init(context: SceneContext, tuning: LaserTuning, store: PocketStore) {
        self.context = context
        self.tuning = tuning
        self.store = store
        canvas = context.canvasSize
        random = SplitMix64(seed: context.seed)
        beamY = (canvas.height * tuning.beamFraction).rounded()
        debris = EmitterLayer(configuration: EmitterPresets.laserDebris(
            center: Point(x: canvas.width / 2, y: (canvas.height * tuning.beamFraction).rounded()),
            spanWidth: 200, seed: context.seed &+ 7))
        root.frame = Rect(origin: .zero, size: canvas)
        buildLayout()
        shownPocketID = store.pockets.first?.id
        attachGestures()
        ignite()
    }

    private func attachGestures() {
        let pan = PanGestureRecognizer { [weak self] in self?.handlePan($0) }
        pan.minimumDistance = 4
        pocket.addGestureRecognizer(pan)
        let tap = TapGestureRecognizer { [weak self] in
            if $0.state == .ended { self?.undo() }
        }
        toast.layer.addGestureRecognizer(tap)
    }

    /// The debris emitter's birth rate: above zero only while the card is pushed into the beam.
    public var debrisBirthRate: Double { debris.birthRate }

    /// The card's centre: where a replayed pen recording lands.
    public var primaryControl: Point? { pocket.superlayer?.convert(pocket.position, to: nil) }

    public func update(time: Double) {
        let dt = lastUpdate.map { min(max(time - $0, 0), 0.1) } ?? 0
        lastUpdate = time
        now = time
        applyFlicker(at: time)
        updateCutting(dt: dt)
        updateTimers()
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
