/// Picking a layer to plot (F2 on, a click on it) and following it once a frame.
///
/// While layers are outlined, a press is held back from the scene until it is known to be
/// a click: let go within `clickSlop` points and `clickDuration` seconds it picks, and the
/// scene never sees it; moved further or held longer, the scene gets the press late, as it
/// was, and everything after it.
import KilnCore

extension HUD {
    /// How far a click may move, in canvas points.
    static let clickSlop = 6.0
    /// How long a click may last, in seconds of the frames' clock.
    static let clickDuration = 0.35
    static let pickedColor = Color(white: 1, alpha: 0.95)

    /// A press held back while it may still be a click.
    struct HeldPress {
        var events: [PointerEvent]
        let since: Double
        var began: PointerEvent { events[0] }
    }

    /// The layer whose motion the HUD plots, if one is picked and still in the scene.
    package var pickedLayer: Layer? { picked?.layer }

    /// Whether the Motion panel shows: a layer is picked.
    package var showsMotion: Bool { !motionPanel.layer.isHidden }

    /// The picked layer's outline, the path its anchor point took (in the position row's
    /// colour), and the panel, above the main panel.
    func buildMotion() {
        for (hairline, color) in [(pickedTrail, MotionPanel.colors[.position]!), (pickedOutline, Self.pickedColor)] {
            hairline.frame = root.bounds
            hairline.lineColor = color
            root.addSublayer(hairline)
        }
        motionPanel.place(bottom: panel.frame.minY - 6)
        root.addSublayer(motionPanel.layer)
    }

    /// The pointer events that go on to the scene, given `event` at time `now` (the frames'
    /// clock) over the scene `root`: all of them unless the HUD outlines layers, where a
    /// click picks the layer under it (or clears the pick on empty space) instead.
    package func route(_ event: PointerEvent, root: Layer, now: Double) -> [PointerEvent] {
        guard let held = heldPress else {
            guard isVisible, showsBounds, event.phase == .began else { return [event] }
            heldPress = HeldPress(events: [event], since: now)
            return []
        }
        guard event.id == held.began.id else { return [event] }
        let isClose = event.location.distance(to: held.began.location) <= Self.clickSlop
        let isQuick = now - held.since <= Self.clickDuration
        switch event.phase {
        case .moved, .hover:
            if isClose && isQuick {
                heldPress?.events.append(event)
                return []
            }
        case .ended where isClose && isQuick:
            heldPress = nil
            pick(at: held.began.location, root: root)
            return []
        case .cancelled:
            // The scene never saw the press begin.
            heldPress = nil
            return []
        case .ended, .began:
            break
        }
        heldPress = nil
        return held.events + [event]
    }

    /// The held press, for the scene, once it has lasted too long to be a click by `now`.
    package func releaseHeldPress(now: Double) -> [PointerEvent] {
        guard let held = heldPress, now - held.since > Self.clickDuration else { return [] }
        heldPress = nil
        return held.events
    }

    /// Picks the frontmost layer under `point` (canvas points) that hit testing finds in
    /// `root`, and returns whether one was. Clicking the picked layer again picks the layer
    /// it sits in, and so on up, then the frontmost again. Empty space clears the pick.
    @discardableResult
    package func pick(at point: Point, root: Layer) -> Bool {
        var chain: [Layer] = []
        var layer = root.hitTest(canvasPoint: point)
        while let found = layer, found !== root {
            chain.append(found)
            layer = found.superlayer
        }
        guard let first = chain.first else {
            clearPick()
            return false
        }
        let next = pickedLayer.flatMap { current in chain.firstIndex { $0 === current } }
            .map { chain[($0 + 1) % chain.count] } ?? first
        picked = PickedLayer(next, in: root)
        motion.removeAll()
        // The panel comes up with the next frame rather than at the next refresh.
        lastRefresh = -.infinity
        return true
    }

    /// Forgets the picked layer and hides the Motion panel.
    package func clearPick() {
        picked = nil
        motion.removeAll()
        motionPanel.show(nil, title: "")
        pickedOutline.polylines = []
        pickedTrail.polylines = []
    }

    /// Samples the picked layer at scene time `time` and outlines it, with the path its
    /// anchor point took over the samples; forgets it when it has left `scene`.
    func followPick(in scene: Layer, at time: Double) {
        guard picked != nil else { return }
        guard let layer = picked?.resolve(in: scene) else {
            clearPick()
            return
        }
        motion.record(layer, at: time)
        let quad = layer.bounds.corners.map { MotionSample.transformToCanvas(of: layer).apply(to: $0) }
        pickedOutline.polylines = LayerOutlines.polylines(of: [quad])
        let trail = motion.samples.map(\.position)
        pickedTrail.polylines = trail.count > 1 ? [trail] : []
    }

    /// Redraws the Motion panel when the samples changed.
    func refreshMotion() {
        guard motion.revision != drawnMotionRevision else { return }
        drawnMotionRevision = motion.revision
        motionPanel.show(picked == nil ? nil : motion, title: picked?.title ?? "")
    }
}
