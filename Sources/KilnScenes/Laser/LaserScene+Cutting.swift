import Foundation
import KilnCore

/// Where the card is in its life.
enum CardState: Equatable {
    /// At home (or springing back to it); the hint may nudge it.
    case resting
    /// Following the user's drag.
    case dragging
    /// Going the rest of the way through after a release past the threshold (L8).
    case finishing
    /// Deleted; the next pocket (if any) appears soon.
    case gone
}

extension LaserScene {
    /// The share of the card's height that has passed the beam, 0…1.
    /// Measured from the card's position, not its frame: the shake of L7 must not move the cut.
    public var cutProgress: Double {
        let height = pocket.bounds.height
        guard height > 0 else { return 0 }
        let bottom = pocket.position.y + (1 - pocket.anchorPoint.y) * height
        return min(max((bottom - beamY) / height, 0), 1)
    }

    func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            guard state == .resting else { return }
            state = .dragging
            let presented = pocket.position
            pocket.removeAllAnimations()
            pocket.position = presented
            dragStartY = presented.y
            Transaction.animate(duration: 0.2, { arrow.opacity = 0 })
            deepestThisDrag = 0
            touchedBeamThisDrag = false
            charredThisRetraction = false
        case .changed:
            guard state == .dragging else { return }
            let wanted = dragStartY + pan.translation(in: nil).y
            // Above home the card resists, like a scroll view past its edge.
            let y = wanted < pocketHome.y ? pocketHome.y - Self.aboveHome.offset(for: pocketHome.y - wanted) : wanted
            moveCard(toY: y)
        case .ended, .cancelled:
            guard state == .dragging else { return }
            release(velocity: pan.velocity(in: nil))
        default:
            break
        }
        lastInteraction = now
    }

    /// Above home the card follows the finger one to one at first and stretches 60 points at most.
    private static let aboveHome = RubberBand(dimension: 60, coefficient: 1)

    /// Moves the card and reacts to its depth in the beam (L5, L6).
    private func moveCard(toY y: Double) {
        let dy = y - pocket.position.y
        pocket.position.y = y
        let progress = cutProgress
        guard progress > 0 else {
            charredThisRetraction = false
            return
        }
        if !touchedBeamThisDrag {
            touchedBeamThisDrag = true
            context.emit("pocket.cut.begin", at: now, ["id": .string(currentPocket?.id ?? "")])
            context.audio.startLoop(.sizzle, volume: 0)
        }
        deepestThisDrag = max(deepestThisDrag, progress)
        if dy > 0.01 {
            lastPlunge = now
            charredThisRetraction = false
            if nextImpact < now { nextImpact = now }
        } else if dy < -0.01 && !charredThisRetraction {
            charredThisRetraction = true
            addChar()
        }
        cardSpeed = max(cardSpeed, abs(dy) / max(1.0 / 120, now - lastMoveTime))
        lastMoveTime = now
    }

    /// Whether the card is being pushed into the beam right now.
    var isPlunging: Bool {
        (state == .dragging && cutProgress > 0 && now - lastPlunge < 0.08) || state == .finishing
    }

    /// Decides the card's fate on release (L8).
    private func release(velocity: Point) {
        let progress = cutProgress
        // "More than 60 %": a card at exactly the threshold, give or take rounding far below a
        // pixel, is spared.
        if progress > tuning.deleteThreshold + 1e-6 {
            finishThrough()
            return
        }
        state = .resting
        Transaction.animate(duration: 0.4, { arrow.opacity = 1 })
        if touchedBeamThisDrag {
            addChar()
            context.emit("pocket.spared", at: now, ["progress": .number((progress * 1000).rounded() / 1000)])
        }
        context.audio.stopLoop(.sizzle, fadeOut: 0.15)
        let from = pocket.position
        pocket.position = pocketHome
        let spring = SpringAnimation(.position, from: from, to: pocketHome,
                                     initialVelocity: Point(x: 0, y: velocity.y), spring: tuning.returnSpring)
        pocket.add(spring, forKey: "home")
    }

    /// The rest of the way through, debris on, then the delete (L8).
    private func finishThrough() {
        state = .finishing
        let from = pocket.position
        let through = Point(x: pocketHome.x, y: beamY + pocket.bounds.height / 2 + 2)
        pocket.position = through
        let finish = BasicAnimation(.position, from: from, to: through, duration: tuning.finishDuration,
                                    timing: .easeIn)
        finish.completion = { [weak self] done in
            if done { self?.deleteCurrentPocket() }
        }
        pocket.add(finish, forKey: "finish")
    }

    /// Per frame while cutting: debris, sizzle, felt impacts and the visible shake (L3, L6, L7).
    func updateCutting(dt: Double) {
        let firing = isPlunging
        let target = firing ? 1.0 : 0.0
        // The birth rate eases up when the cut starts and down when the motion stops.
        let rate = firing ? 18.0 : 10.0
        debrisLevel += (target - debrisLevel) * min(1, rate * dt)
        if debrisLevel < 0.01 && !firing { debrisLevel = 0 }
        placeDebris(level: debrisLevel)
        cardSpeed *= exp(-dt * 10)
        if state == .dragging || state == .finishing {
            let loudness = state == .finishing ? 0.9 : min(1, 0.25 + cardSpeed / 900)
            context.audio.setVolume(cutProgress > 0 ? loudness : 0, forLoop: .sizzle)
        }
        guard firing else {
            if pocket.transform != .identity { pocket.transform = .identity }
            return
        }
        while nextImpact <= now {
            context.haptics.impact(intensity: 0.9, duration: 0.04)
            impactCount += 1
            nextImpact += tuning.impactInterval
            pocket.transform = Transform(translationX: random.spread(1.8), y: random.spread(0.9))
        }
    }
}
