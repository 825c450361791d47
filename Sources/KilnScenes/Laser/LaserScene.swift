import Foundation
import KilnCore

/// The laser card burner (SPEC L1–L9): drag a Pocket through a laser to delete it.
public final class LaserScene: Scene {
    public let name = "laser"
    public let root = Layer()
    public let backgroundColor = Color(hex: 0x0C0B12)
    public let store: PocketStore
    let context: SceneContext
    let tuning: LaserTuning
    let canvas: Size
    var random: SplitMix64
    let beamY: Double

    // Layers the scene drives (names in SPEC and scripts: instruction, pocket, arrow, laser,
    // beamUp, beamDown, debris, toast).
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
    let toast = Layer()
    /// The card's resting place.
    var pocketHome = Point.zero
    /// Scene time of the last update.
    var now = 0.0
    var isLaserOn = false

    public init(context: SceneContext, tuning: LaserTuning = LaserTuning(), store: PocketStore = PocketStore()) {
        self.context = context
        self.tuning = tuning
        self.store = store
        canvas = context.canvasSize
        random = SplitMix64(seed: context.seed)
        beamY = (canvas.height * tuning.beamFraction).rounded()
        root.frame = Rect(origin: .zero, size: canvas)
        buildLayout()
        ignite()
    }

    public func update(time: Double) {
        now = time
        guard isLaserOn || time > 0 else { return }
        applyFlicker(at: time)
    }

    public func handle(_ event: PointerEvent) {}
}
