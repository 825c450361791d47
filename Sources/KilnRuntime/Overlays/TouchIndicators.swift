import KilnCore

/// Soft circles where pointers touch the canvas, the way demo videos of phone prototypes
/// show fingers (X5, `--touches`).
///
/// An overlay drawn above a scene and fed the same pointer events the scene gets, so it
/// looks the same live and offline. A circle appears with a short pop when a contact
/// begins, follows it, grows with its pressure, and fades out, widening a little, after
/// the lift. Hovering shows nothing. Time comes in through `advance(to:)` only.
package final class TouchIndicators {
    /// How the circles look and move.
    package struct Style: Sendable {
        /// The circle's diameter at no pressure, in canvas points (about a fingertip).
        package var diameter = 44.0
        /// How much larger full pressure makes it: 0.8 is 80 % wider.
        package var pressureGrowth = 0.8
        /// The pop when a contact begins, in seconds.
        package var appearDuration = 0.09
        /// The fade after a lift, in seconds.
        package var fadeDuration = 0.3
        /// How much wider the circle gets while it fades.
        package var fadeGrowth = 0.3

        /// The style demo videos use.
        package init() {}
    }

    /// The overlay: canvas-sized, never found by hit testing.
    package let layer: Layer
    /// How the circles look and move.
    package let style: Style

    private struct Touch {
        let dot: GradientLayer
        var pressure: Double
        let beganAt: Double
        var liftedAt: Double?
    }

    /// Contacts still down, by pointer id.
    private var active: [Int: Touch] = [:]
    /// Lifted contacts still fading out, oldest first.
    private var fading: [Touch] = []

    /// An overlay for a canvas of `canvasSize` points.
    package init(canvasSize: Size, style: Style = Style()) {
        self.style = style
        layer = Layer()
        layer.name = "touch-indicators"
        layer.frame = Rect(origin: .zero, size: canvasSize)
        layer.isHitTestable = false
    }

    /// How many circles show (down or still fading).
    package var visibleCount: Int { active.count + fading.count }

    /// Follows one pointer event (the same one the scene gets).
    ///
    /// A place or a pressure that is not finite (a device glitch) is not shown: a circle
    /// stays where it was and keeps its size, and none appears at such a place.
    package func handle(_ event: PointerEvent) {
        let place = event.location.isFinite ? event.location : nil
        let pressure = event.pressure.flatMap { $0.isFinite ? $0 : nil }
        switch event.phase {
        case .began:
            if let old = active.removeValue(forKey: event.id) { lift(old, at: event.timestamp) }
            guard let place else { return }
            let dot = makeDot()
            dot.position = place
            layer.addSublayer(dot)
            active[event.id] = Touch(dot: dot, pressure: pressure ?? 0, beganAt: event.timestamp)
        case .moved:
            guard var touch = active[event.id] else { return }
            touch.dot.position = place ?? touch.dot.position
            touch.pressure = pressure ?? touch.pressure
            active[event.id] = touch
        case .ended, .cancelled:
            guard let touch = active.removeValue(forKey: event.id) else { return }
            touch.dot.position = place ?? touch.dot.position
            lift(touch, at: event.timestamp)
        case .hover:
            break
        }
    }

    /// Sizes and fades the circles for scene time `time`; removes those that have faded out.
    package func advance(to time: Double) {
        for touch in active.values {
            let pop = style.appearDuration > 0 ? min(max((time - touch.beganAt) / style.appearDuration, 0), 1) : 1
            let scale = (0.6 + 0.4 * TimingFunction.easeOut.value(at: pop)) * pressureScale(touch.pressure)
            touch.dot.transform = Transform(scaleX: scale, y: scale)
            touch.dot.opacity = 1
        }
        fading.removeAll { touch in
            let t = style.fadeDuration > 0 ? min(max((time - (touch.liftedAt ?? time)) / style.fadeDuration, 0), 1) : 1
            if t >= 1 {
                touch.dot.removeFromSuperlayer()
                return true
            }
            let eased = TimingFunction.easeOut.value(at: t)
            let scale = pressureScale(touch.pressure) * (1 + style.fadeGrowth * eased)
            touch.dot.transform = Transform(scaleX: scale, y: scale)
            touch.dot.opacity = 1 - eased
            return false
        }
    }

    private func pressureScale(_ pressure: Double) -> Double {
        1 + style.pressureGrowth * min(max(pressure, 0), 1)
    }

    private func lift(_ touch: Touch, at time: Double) {
        var touch = touch
        touch.liftedAt = time
        fading.append(touch)
    }

    /// A soft disc: a light centre, a grey rim that shows on white, a feathered edge.
    private func makeDot() -> GradientLayer {
        let dot = GradientLayer()
        dot.name = "touch"
        dot.bounds = Rect(0, 0, style.diameter, style.diameter)
        dot.type = .radial
        dot.startPoint = Point(0.5, 0.5)
        dot.endPoint = Point(1, 0.5)
        dot.colors = [Color(white: 1, alpha: 0.62), Color(white: 0.96, alpha: 0.55),
                      Color(white: 0.55, alpha: 0.5), Color(white: 0.45, alpha: 0)]
        dot.locations = [0, 0.6, 0.84, 1]
        dot.isHitTestable = false
        return dot
    }
}
