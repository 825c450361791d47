import Kiln

extension LaserScene {
    /// The pocket shown on the card, if any.
    var currentPocket: Pocket? {
        shownPocketID.flatMap { id in store.pockets.first { $0.id == id } }
    }

    /// Deletes through the store, as the original app called its API, and offers Undo.
    func deleteCurrentPocket() {
        guard let pocketValue = currentPocket else { return }
        store.delete(id: pocketValue.id)
        state = .gone
        pocket.isHidden = true
        pocket.removeAllAnimations()
        context.audio.stopLoop(.sizzle, fadeOut: 0.3)
        context.emit("pocket.deleted", at: now, ["id": .string(pocketValue.id)])
        showToast()
        nextPocketAt = now + 0.9
    }

    /// Brings back the last deleted pocket (Undo in the toast, or Ctrl+Z; X7).
    func undo() {
        guard let restored = store.restoreLast() else { return }
        hideToast()
        presentCard(restored)
        context.emit("pocket.restored", at: now, ["id": .string(restored.id)])
        context.audio.play(.chime, volume: 0.6)
    }

    /// Puts a pocket on a fresh card at home, fading and scaling in.
    func presentCard(_ value: Pocket?) {
        nextPocketAt = nil
        shownPocketID = value?.id
        showPocket(value)
        clearChar()
        pocket.removeAllAnimations()
        pocket.transform = .identity
        pocket.position = pocketHome
        state = value == nil ? .gone : .resting
        lastInteraction = now
        guard value != nil else { return }
        Transaction.animate(duration: 0.4, { arrow.opacity = 1 })
        pocket.add(BasicAnimation(.opacity, from: 0, to: 1, duration: 0.35, timing: .easeOut), forKey: "appear")
        pocket.add(SpringAnimation(.scale, from: 0.86, to: 1, spring: Spring(dampingRatio: 0.7, response: 0.4)),
                   forKey: "pop")
    }

    func showToast() {
        toast.show(at: now, for: tuning.toastDuration)
    }

    func hideToast() {
        toast.hide()
    }

    /// Timers: the toast, the next card, the idle hint (L4).
    func updateTimers() {
        toast.update(now: now)
        if let at = nextPocketAt, now >= at { presentCard(store.pockets.first) }
        guard state == .resting, isLaserOn, !pocket.hasAnimations,
              now - lastInteraction >= tuning.hintDelay else { return }
        lastInteraction = now
        let y = pocketHome.y
        let nudge = KeyframeAnimation(.positionY, values: [y, y + 42, y - 4, y], keyTimes: [0, 0.45, 0.8, 1],
                                      duration: 1.3)
        nudge.timingFunctions = [.easeInEaseOut, .easeInEaseOut, .easeInEaseOut]
        pocket.add(nudge, forKey: "hint")
        context.emit("pocket.hint", at: now)
    }
}
