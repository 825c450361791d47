import Kiln

extension CardStackScene {
    /// Where a card released at `offset` with `velocity` would come to rest if it kept
    /// `swipe.deceleration_rate` of its speed each millisecond, as a scroll view decelerates.
    func projectedOffset(_ offset: Double, velocity: Double) -> Double {
        Decay.project(offset, velocity: velocity, rate: tuning.decelerationRate)
    }

    /// The verdict for a release, `nil` to spring back: the projection must land past
    /// `swipe.distance`, on the side the card is on (or, from the middle, flicked).
    func verdict(releasedAt offset: Double, velocity: Double) -> Verdict? {
        let projected = projectedOffset(offset, velocity: velocity)
        guard abs(projected) > tuning.swipeDistance else { return nil }
        return projected > 0 ? .like : .nope
    }

    func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            if case .leaving = topCard { return }
            // Catch the card where it is, even mid-spring.
            dragStartOffset = offset
            topCard = .dragging
        case .changed:
            guard case .dragging = topCard else { return }
            let t = pan.translation(in: nil)
            offset = Point(dragStartOffset.x + t.x, dragStartOffset.y + t.y)
            layout()
        case .ended, .cancelled:
            guard case .dragging = topCard else { return }
            release(velocity: pan.velocity(in: nil))
        default:
            break
        }
    }

    private func release(velocity: Point) {
        let decided = verdict(releasedAt: offset.x, velocity: velocity.x)
        context.emit("card.released", at: now, [
            "offset": .number(offset.x.rounded()),
            "velocity": .number(velocity.x.rounded()),
            "projected": .number(projectedOffset(offset.x, velocity: velocity.x).rounded()),
            "verdict": .string(decided?.rawValue ?? "back"),
        ])
        if let decided {
            leave(decided, velocity: velocity)
        } else {
            topCard = .returning(
                x: ValueSpring(from: offset.x, to: 0, initialVelocity: velocity.x, spring: tuning.returnSpring, start: now),
                y: ValueSpring(from: offset.y, to: 0, initialVelocity: velocity.y, spring: tuning.returnSpring, start: now))
            context.emit("card.returned", at: now, [:])
        }
    }

    /// Sends the top card off: by a button, or a release past the threshold. It keeps a
    /// flick's own speed, and leaves at `swipe.fly_off_speed` at least.
    func send(_ verdict: Verdict, velocity: Point = .zero) {
        switch topCard {
        case .resting, .returning: leave(verdict, velocity: velocity)
        case .dragging, .leaving: break
        }
    }

    private func leave(_ verdict: Verdict, velocity: Point) {
        guard let card = cards.first else { return }
        let side = verdict == .like ? 1.0 : -1.0
        let vx = side * max(tuning.flyOffSpeed, velocity.x * side)
        // Upwards or downwards as flicked, but mostly sideways.
        let vy = max(-abs(vx) * 0.6, min(abs(vx) * 0.6, velocity.y))
        topCard = .leaving(verdict, velocity: Point(vx, vy))
        context.emit(verdict == .like ? "card.liked" : "card.passed", at: now,
                     ["profile": .string(card.profile.name)])
        if tuning.soundVolume > 0 {
            context.audio.play(verdict == .like ? .cardLike : .cardNope, volume: tuning.soundVolume)
        }
        if verdict == .like {
            burst.isHidden = false
            burst.play(loops: false)
        }
    }
}
