extension GestureRecognizer {
    /// Makes this recognizer wait for `other` to fail before it recognizes, and fail if `other` recognizes.
    ///
    /// A tap that requires a pan to fail fires on a quick tap (the pan fails on lift) and
    /// fails as soon as a drag makes the pan begin. Only a requirement that is taking part
    /// in the current touch holds the recognizer back.
    public func require(toFail other: GestureRecognizer) {
        precondition(other !== self, "a recognizer cannot wait for itself to fail")
        guard !failureRequirements.contains(where: { $0.value === other }) else { return }
        failureRequirements.append(WeakRecognizer(value: other))
        other.dependents.append(WeakRecognizer(value: self))
    }

    /// What the failure requirements say about recognizing now.
    enum RequirementVerdict {
        /// Every requirement failed or is not involved: go ahead.
        case clear
        /// A requirement is still deciding: hold the transition back.
        case undecided
        /// A requirement recognized: this recognizer must fail.
        case otherRecognized
    }

    var requirementVerdict: RequirementVerdict {
        var verdict = RequirementVerdict.clear
        for requirement in failureRequirements.compactMap(\.value) where requirement.isParticipating {
            if requirement.state.isRecognized || requirement.state == .cancelled {
                return .otherRecognized
            }
            if requirement.state == .possible { verdict = .undecided }
        }
        return verdict
    }

    /// Requests a state; recognition waits while a failure requirement is undecided.
    ///
    /// While held back, later requests queue up (consecutive changes merge) and replay in
    /// order once every requirement has failed; a cancellation while held back is a failure.
    public func transition(to newState: GestureState) {
        guard newState != .possible, newState != intendedState || newState == .changed else { return }
        if !deferredStates.isEmpty {
            deferWhileHeld(newState)
            return
        }
        if state == .possible && newState != .failed {
            switch requirementVerdict {
            case .otherRecognized:
                apply(.failed)
                return
            case .undecided:
                deferredStates = [newState]
                return
            case .clear:
                break
            }
        }
        apply(newState)
    }

    private func deferWhileHeld(_ newState: GestureState) {
        switch newState {
        case .failed, .cancelled:
            deferredStates = []
            apply(.failed)
        case .changed where deferredStates.last == .changed:
            break
        default:
            deferredStates.append(newState)
        }
    }

    /// Fails an undecided recognizer because one it may not run with has recognized.
    func transitionToFailedByPeer() {
        deferredStates = []
        apply(.failed)
    }

    /// Sets the state, tells the action, and lets dependents re-examine their requirements.
    private func apply(_ newState: GestureState) {
        let recognizing = state == .possible && (newState == .began || newState == .ended)
        if recognizing && isKeptOutByARunningPeer {
            deferredStates = []
            apply(.failed)
            return
        }
        state = newState
        if recognizing { keepOutExclusivePeers() }
        if newState != .failed, let action { SceneCode.run(.recognizerAction) { action(self) } }
        for dependent in dependents.compactMap(\.value) {
            dependent.requirementDidChange()
        }
    }

    /// A requirement changed state: release held-back transitions, or fail.
    func requirementDidChange() {
        guard isParticipating, state == .possible else { return }
        switch requirementVerdict {
        case .otherRecognized:
            deferredStates = []
            apply(.failed)
        case .clear:
            let held = deferredStates
            deferredStates = []
            for heldState in held { apply(heldState) }
        case .undecided:
            break
        }
    }
}
