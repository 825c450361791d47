// Gesture recognizers attached to layers, as UIKit attaches them to views: the scene's
// session hit-tests each touch, delivers it to the recognizers of the layer under it and of
// that layer's superlayers, and ticks them with the scene's clock. A scene that only reacts
// to its recognizers needs no `handle` and no `update`.

extension Layer {
    /// The gesture recognizers attached to this layer, in the order they were added.
    public var gestureRecognizers: [GestureRecognizer] { attachedRecognizers }

    /// Attaches `recognizer`: touches that begin on this layer or its sublayers reach it,
    /// with the scene's clock. A recognizer belongs to one layer; adding it to another
    /// moves it there.
    ///
    /// ```swift
    /// let tap = TapGestureRecognizer { [weak self] in if $0.state == .ended { self?.open() } }
    /// card.addGestureRecognizer(tap)
    /// ```
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.detach()
        recognizer.layer = self
        recognizer.isAttachedToLayer = true
        attachedRecognizers.append(recognizer)
    }

    /// Detaches `recognizer` from this layer, cancelling a gesture it is recognizing.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.isAttachedToLayer, recognizer.layer === self else { return }
        recognizer.detach()
    }

    /// Every recognizer attached in this layer's tree, the layer's own first.
    package func recognizersInTree() -> [GestureRecognizer] {
        var found = attachedRecognizers
        for sublayer in sublayers { found += sublayer.recognizersInTree() }
        return found
    }

    /// What routes touches to the recognizers attached in this layer's tree, made the first
    /// time it is asked for (a scene's root).
    package var router: GestureDispatcher {
        if let touchRouter { return touchRouter }
        let made = GestureDispatcher(routingAttachedTo: self)
        touchRouter = made
        return made
    }
}

extension GestureRecognizer {
    /// Takes the recognizer off its layer or dispatcher, cancelling what it tracks.
    func detach() {
        if isAttachedToLayer {
            dispatcher?.forget(self)
            cancelTracking()
            layer?.attachedRecognizers.removeAll { $0 === self }
            layer = nil
            dispatcher = nil
            isAttachedToLayer = false
        } else {
            dispatcher?.remove(self)
        }
    }
}
