import Kiln

extension PressureScene {
    /// The container with its faint track, the ring and the label; hidden until a press (P1).
    func buildRing() {
        let d = tuning.ringDiameter
        ring.name = "ring"
        ring.frame = Rect(0, 0, d, d)
        ring.opacity = 0
        ring.isHitTestable = false
        ring.zPosition = 20
        ringCircle.name = "ringCircle"
        ringCircle.frame = ring.bounds
        ring.addSublayer(ringCircle)
        for layer in [track, circle] {
            layer.frame = ringCircle.bounds
            layer.path = Path(circleCenter: Point(d / 2, d / 2), radius: d / 2)
            layer.lineWidth = tuning.ringLineWidth
            layer.lineCap = .round
            ringCircle.addSublayer(layer)
        }
        track.strokeColor = tuning.idleColor.withAlpha(tuning.trackOpacity)
        circle.name = "ringStroke"
        circle.strokeColor = tuning.idleColor
        circle.strokeEnd = 0
        circle.shadowColor = tuning.idleColor
        circle.shadowOpacity = 1
        circle.shadowRadius = tuning.glowRadius
        circle.shadowOffset = .zero
        ringLabel.name = "ringLabel"
        ringLabel.frame = Rect(0, d / 2 - 8, d, 16)
        ringLabel.fontSize = tuning.labelFontSize
        ringLabel.fontWeight = .semibold
        ringLabel.foregroundColor = .white
        ringLabel.alignmentMode = .center
        ring.addSublayer(ringLabel)
        root.addSublayer(ring)

        hoverDot.name = "hoverDot"
        let dot = tuning.hoverDotDiameter
        hoverDot.frame = Rect(0, 0, dot, dot)
        hoverDot.path = Path(ellipseIn: Rect(0, 0, dot, dot))
        hoverDot.fillColor = Color(white: 1, alpha: 0.35)
        hoverDot.strokeColor = Color(white: 1, alpha: 0.9)
        hoverDot.lineWidth = 1
        hoverDot.shadowColor = .white
        hoverDot.shadowOpacity = 0.6
        hoverDot.shadowRadius = 3
        hoverDot.shadowOffset = .zero
        hoverDot.opacity = 0
        hoverDot.isHitTestable = false
        hoverDot.zPosition = 30
        root.addSublayer(hoverDot)
    }

    /// The delete button's press recognizer moved on: begin, follow or end the ring.
    func handlePress() {
        switch press.state {
        case .began:
            beginRing()
        case .changed:
            guard isTracking else { return }
            follow()
        case .ended, .cancelled:
            guard isTracking else { return }
            follow()
            endRing(cancelled: press.state == .cancelled)
        default:
            break
        }
    }

    /// A press began on the button: the ring appears above it, empty (P1).
    private func beginRing() {
        guard !store.photos.isEmpty else { return }
        isTracking = true
        let location = press.location(in: nil)
        let d = tuning.ringDiameter
        let container = Rect(location.x - d / 2, location.y - d - d / 2, d, d)
        let pressure = press.pressure
        model.begin(containerFrame: container, pressure: pressure)
        pressSource = latestEvent?.pressureSource ?? (pressure == nil ? "timed" : "unknown")
        ring.removeAllAnimations()
        circle.removeAllAnimations()
        ringCircle.removeAllAnimations()
        ring.position = container.center
        showLooks(for: .updating)
        circle.strokeEnd = model.strokeEnd
        ring.opacity = 1
        ring.add(BasicAnimation(.opacity, from: 0, to: 1, duration: 0.12, timing: .easeOut), forKey: "appear")
        // The container pops; the circle inside keeps its state's scale (P4).
        ring.add(SpringAnimation(.scale, from: 0.8, to: 1, spring: Spring(dampingRatio: 0.8, response: 0.3)),
                 forKey: "pop")
        Transaction.animate(duration: 0.1, { deleteButton.backgroundColor = PhotoPalette.raisedCell })
        context.emit("ring.began", at: now, ["source": .string(pressSource ?? "timed")])
        context.audio.play(.tick, volume: 0.3)
        follow()
    }

    /// Feeds the press's duration, pressure and place to the model; the ring shows the intention (P3).
    private func follow() {
        // A press that had pressure and now comes without it lost its pen (a tablet
        // unplugged): it goes on, timed from where it stands (P2).
        if !model.isTimed && press.pressure == nil && model.fallBackToTime(heldFor: press.duration) {
            pressureLost()
        }
        let changed = model.update(heldFor: press.duration, pressure: press.pressure,
                                   location: press.location(in: nil))
        circle.strokeEnd = model.strokeEnd
        if let changed { enter(changed) }
    }

    /// The press's pressure source went away: the HUD's source turns to the timed fallback,
    /// the hint says the press goes on, and `ring.fallback` names the source that was lost.
    private func pressureLost() {
        context.emit("ring.fallback", at: now, ["lost": .string(pressSource ?? "unknown")])
        pressSource = "timed"
        showHint(isPressureLost: true)
    }

    /// A real state change (P6): new looks, its event, its sound and feel.
    private func enter(_ state: ConfirmState) {
        Transaction.animate(duration: tuning.transitionDuration, timing: .easeOut, { showLooks(for: state) })
        switch state {
        case .selected:
            context.emit("ring.selected", at: now)
            context.audio.play(.tick, volume: tuning.selectedVolume)
            context.haptics.impact(intensity: 0.7, duration: 0.05)
        case .confirmed:
            context.emit("ring.confirmed", at: now)
            context.audio.play(.confirm, volume: tuning.confirmedVolume)
            context.haptics.impact(intensity: 0.5, duration: 0.04)
        case .idle, .updating:
            break
        }
    }

    /// Colour, glow, scale and label of a state (P4).
    func showLooks(for state: ConfirmState) {
        let (color, scale, label): (Color, Double, String) = switch state {
        case .idle, .updating: (tuning.idleColor, 1, "")
        case .selected: (tuning.selectedColor, tuning.selectedScale, "CONFIRM")
        case .confirmed: (tuning.confirmedColor, tuning.confirmedScale, "OK")
        }
        circle.strokeColor = color
        circle.shadowColor = color
        track.strokeColor = color.withAlpha(tuning.trackOpacity)
        ringCircle.transform = Transform(scaleX: scale, y: scale)
        if ringLabel.string != label {
            ringLabel.string = label
            ringLabel.add(BasicAnimation(.opacity, from: 0, to: 1, duration: tuning.transitionDuration,
                                         timing: .easeOut), forKey: "label")
        }
    }

    /// The press ended: the action fires in `confirmed`, anything else cancels (P5). The ring
    /// unwinds and fades, and takes its idle looks once gone.
    private func endRing(cancelled: Bool) {
        isTracking = false
        // A pointer the system cancelled never confirms, whatever the ring showed.
        let outcome = model.end() == .confirmed && !cancelled ? ConfirmOutcome.confirmed : .cancelled
        Transaction.animate(duration: 0.1, { deleteButton.backgroundColor = PhotoPalette.groupedCell })
        // A quick tap ends while the ring is still fading in: the fade-out takes over from
        // where that is, as two animations of one property would fight over its value.
        let shown = ring.opacity
        ring.removeAnimation(forKey: "appear")
        ring.opacity = shown
        Transaction.animate(duration: 0.22, timing: .easeIn, {
            ring.opacity = 0
            circle.strokeEnd = 0
        }, completion: { [weak self] in
            guard let self, self.model.state == .idle else { return }
            self.showLooks(for: .idle)
        })
        switch outcome {
        case .confirmed:
            context.emit("action.confirmed", at: now)
            context.audio.play(.chime, volume: 0.7)
            context.haptics.impact(intensity: 1, duration: 0.08)
            deleteSelectedPhoto()
        case .cancelled:
            context.emit("ring.cancelled", at: now)
        }
        pressSource = nil
        showHint(isPressureLost: false)
    }

    /// A pen hovering without contact shows a small dot under it (P8); not at a place that
    /// is not finite, which only a glitching device reports.
    func handleHover(_ event: PointerEvent) {
        guard event.device == .pen || event.device == .eraser, event.location.isFinite else { return }
        lastHoverAt = event.timestamp
        hoverDot.position = event.location
        if hoverDot.opacity < 1 {
            hoverDot.removeAllAnimations()
            hoverDot.opacity = 1
        }
    }

    /// Hides the hover dot once the pen touches down or has gone quiet.
    func updateHoverDot() {
        guard let last = lastHoverAt else { return }
        let touching = latestEvent.map { $0.phase == .began || $0.phase == .moved } ?? false
        if touching {
            // The tip is down: the dot would only hide what is pressed.
            lastHoverAt = nil
            hoverDot.removeAllAnimations()
            hoverDot.opacity = 0
        } else if now - last > tuning.hoverTimeout {
            lastHoverAt = nil
            Transaction.animate(duration: 0.2, { hoverDot.opacity = 0 })
        }
    }
}
