@_spi(Fuzzing) import KilnCore
import KilnRuntime

/// D: tints, over each frame, where the scene's layers changed since the frame before, as a
/// browser's paint flashing does: what an offline render draws again (`kiln render
/// --show-damage` shows the same). Each tint fades over a few frames, so that a change made
/// in one frame can be seen. The window draws only what changed too (`WindowCanvas`), with its
/// own renderer's rule for what may be drawn in part; the tints show the offline rule.
final class DamageView: WindowComponent {
    private let context: HostContext
    private let root = Layer()
    private var tracker: DamageTracker?
    /// The boxes of recent frames, in canvas points, with when they were drawn.
    private var recent: [(box: Rect, time: Double)] = []

    /// How long a tint takes to fade, in seconds.
    static let fade = 0.4
    /// The most tints shown at once; the oldest go first.
    static let mostTints = 48

    init(context: HostContext, canvasSize: Size) {
        self.context = context
        root.frame = Rect(origin: .zero, size: canvasSize)
    }

    /// Whether the damage is shown.
    var isShowing: Bool { tracker != nil }

    func handle(_ key: KeyPress, at time: Double) -> Bool {
        guard key.key == "d" && key.modifiers.isEmpty else { return false }
        tracker = tracker == nil ? DamageTracker() : nil
        recent = []
        root.sublayers.forEach { $0.removeFromSuperlayer() }
        context.warn(isShowing ? "showing what each frame changes; D hides it" : "damage hidden")
        return true
    }

    func sceneDidChange(from previous: String?) {
        tracker?.reset()
    }

    /// Finds what `list` (the scene and what is drawn over it, without these tints) changes
    /// since the last frame, and tints it.
    func measure(_ list: RenderList, compositor: Compositor, viewport: Viewport, canvas: Size) {
        guard let tracker else { return }
        let boxes = compositor.measureDamage(of: list, viewport: viewport, canvas: canvas, tracker: tracker)
        let now = context.clock.now
        recent.removeAll { now - $0.time > Self.fade }
        recent += boxes.map { box in
            (Rect(x: (Double(box.minX) - viewport.offset.x) / viewport.scale,
                  y: (Double(box.minY) - viewport.offset.y) / viewport.scale,
                  width: Double(box.width) / viewport.scale, height: Double(box.height) / viewport.scale), now)
        }
        recent = Array(recent.suffix(Self.mostTints))
        while root.sublayers.count > recent.count { root.sublayers.last?.removeFromSuperlayer() }
        while root.sublayers.count < recent.count {
            let tint = Layer()
            tint.backgroundColor = Color(red: 1, green: 0.18, blue: 0.63, alpha: 0.22)
            tint.borderColor = Color(red: 1, green: 0.18, blue: 0.63, alpha: 0.85)
            tint.borderWidth = 1
            root.addSublayer(tint)
        }
        for (tint, shown) in zip(root.sublayers, recent) {
            tint.frame = shown.box
            tint.opacity = max(0.05, 1 - (now - shown.time) / Self.fade)
        }
    }

    var overlays: [Layer] { isShowing ? [root] : [] }
}
