/// Routes pointer events to the gesture recognizers attached to layers, as UIKit's window does.
///
/// When a pointer touches down, the dispatcher hit-tests the tree from `root` and hands
/// the pointer to the recognizers of the hit layer and of all its ancestors (the hit layer's
/// first). Those recognizers keep the pointer until it lifts, wherever it goes. Recognizers
/// sharing a pointer all receive its events and may recognize together; `require(toFail:)`
/// orders them. Events of pointers that never began here are ignored.
package final class GestureDispatcher {
    /// The layer tree's root; hit testing starts here, with canvas points.
    package var root: Layer {
        get { heldRoot ?? routedRoot ?? Layer() }
        set { if routesAttached { routedRoot = newValue } else { heldRoot = newValue } }
    }
    private var heldRoot: Layer?
    /// The session's router lives on its root, which it must not keep alive.
    private weak var routedRoot: Layer?
    /// Receives hover events (a pen or mouse moving without contact), which no recognizer sees.
    package var onHover: ((PointerEvent) -> Void)?

    /// Attached recognizers, in the order they were added.
    package private(set) var recognizers: [GestureRecognizer] = []
    /// For each pointer down, the recognizers that captured it.
    private var captures: [Int: [GestureRecognizer]] = [:]

    /// Whether it routes to the recognizers attached to the layers of `root`'s tree (the
    /// session's own router) rather than to those added to it.
    private let routesAttached: Bool

    /// A dispatcher for the tree under `root`.
    package init(root: Layer) {
        heldRoot = root
        routesAttached = false
    }

    /// The session's router for `root`'s tree: touches go to the recognizers attached to
    /// its layers.
    init(routingAttachedTo root: Layer) {
        routedRoot = root
        routesAttached = true
    }

    /// Drops an attached recognizer from the touches it was given.
    func forget(_ recognizer: GestureRecognizer) {
        for id in captures.keys {
            captures[id]?.removeAll { $0 === recognizer }
        }
    }

    /// Attaches a recognizer to a layer, moving it from any layer it was on.
    package func add(_ recognizer: GestureRecognizer, to layer: Layer) {
        if recognizer.isAttachedToLayer { recognizer.detach() }
        remove(recognizer)
        recognizer.layer = layer
        recognizer.dispatcher = self
        recognizers.append(recognizer)
    }

    /// Detaches a recognizer, cancelling any gesture it was tracking.
    package func remove(_ recognizer: GestureRecognizer) {
        guard recognizers.contains(where: { $0 === recognizer }) else { return }
        recognizers.removeAll { $0 === recognizer }
        for id in captures.keys {
            captures[id]?.removeAll { $0 === recognizer }
        }
        recognizer.cancelTracking()
        recognizer.layer = nil
        recognizer.dispatcher = nil
    }

    /// The recognizers attached to one layer, in the order they were added.
    package func recognizers(on layer: Layer) -> [GestureRecognizer] {
        recognizers.filter { $0.layer === layer }
    }

    /// The recognizers holding a pointer, or an empty list for a pointer not down.
    package func recognizers(capturing pointerID: Int) -> [GestureRecognizer] {
        captures[pointerID] ?? []
    }

    /// The other recognizers holding any pointer that `recognizer` holds.
    func peers(of recognizer: GestureRecognizer) -> [GestureRecognizer] {
        var peers: [GestureRecognizer] = []
        for chain in captures.values where chain.contains(where: { $0 === recognizer }) {
            for peer in chain where peer !== recognizer && !peers.contains(where: { $0 === peer }) {
                peers.append(peer)
            }
        }
        return peers
    }

    /// Delivers one pointer event: capture on `began`, the same recognizers until `ended` or `cancelled`.
    package func handle(_ event: PointerEvent) {
        switch event.phase {
        case .hover:
            onHover?(event)
        case .began:
            begin(event)
        case .moved:
            deliver(event)
        case .ended, .cancelled:
            deliver(event)
            captures[event.id] = nil
        }
    }

    /// Tells every enabled recognizer the frame time, for gestures that change with time alone.
    package func tick(at time: Double) {
        let ticked = routesAttached ? root.recognizersInTree() : recognizers
        // A disabled recognizer's tick tells only its clock (a scroller glides on).
        for recognizer in ticked {
            recognizer.tick(at: time)
        }
    }

    /// The recognizers a touch at a canvas point goes to: the hit layer's, then its ancestors'.
    package func recognizers(at point: Point) -> [GestureRecognizer] {
        var chain: [GestureRecognizer] = []
        var layer = root.hitTest(point)
        while let current = layer {
            if routesAttached {
                for recognizer in current.attachedRecognizers where recognizer.isEnabled {
                    recognizer.dispatcher = self
                    chain.append(recognizer)
                }
            } else {
                chain += recognizers.filter { $0.layer === current && $0.isEnabled }
            }
            layer = current.superlayer
        }
        return chain
    }

    private func begin(_ event: PointerEvent) {
        if captures[event.id] != nil {
            // A pointer cannot begin twice: treat the missing end as a cancellation.
            handle(PointerEvent(id: event.id, phase: .cancelled, location: event.location,
                                timestamp: event.timestamp, device: event.device))
        }
        // Finished recognizers start afresh before any sees the new touch, so a stale
        // `ended` cannot decide a `require(toFail:)` for the next gesture.
        for recognizer in routesAttached ? root.recognizersInTree() : recognizers where recognizer.isReadyToReset {
            recognizer.reset()
        }
        let chain = recognizers(at: event.location)
        captures[event.id] = chain
        deliver(event)
    }

    /// Lets every capturing recognizer accept the event before any responds to it.
    private func deliver(_ event: PointerEvent) {
        let chain = captures[event.id] ?? []
        let accepting = chain.compactMap { recognizer in recognizer.accept(event).map { (recognizer, $0) } }
        // An action may remove or disable a recognizer meanwhile; a reset one hears no more.
        for (recognizer, accepted) in accepting where recognizer.isParticipating {
            recognizer.respond(to: accepted)
        }
    }
}
