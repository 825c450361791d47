/// Where a gesture recognizer is in its life, on UIKit's state machine.
///
/// Continuous gestures go `possible → began → changed… → ended | cancelled`; discrete ones
/// (a tap) go `possible → ended`, `ended` meaning recognized. Either may go
/// `possible → failed`. After a final state and once every pointer has lifted, the
/// recognizer is reset to `possible` when the next touch begins.
public enum GestureState: String, Sendable, CaseIterable {
    /// Not recognized yet: the state before a touch and while deciding.
    case possible
    /// A continuous gesture was recognized.
    case began
    /// A running continuous gesture moved on.
    case changed
    /// A continuous gesture finished, or a discrete one was recognized.
    case ended
    /// A running gesture was interrupted (a cancelled pointer, disabling, removal).
    case cancelled
    /// The touch turned out not to be this gesture.
    case failed

    /// Whether the gesture is over: ended, cancelled or failed.
    public var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }

    /// Whether the gesture has been recognized and is running or done (began, changed, ended).
    public var isRecognized: Bool { self == .began || self == .changed || self == .ended }
}

/// The base of every recognizer: the state machine, pointer bookkeeping, failure requirements.
///
/// Added to a layer (`card.addGestureRecognizer(pan)`), a recognizer sees the pointers that
/// land on the layer or inside it and each frame's time, and calls `onChange` on `began`,
/// each `changed`, and on `ended` or `cancelled`, as UIKit calls its target's action.
/// Failing calls nothing.
/// Subclasses override the `pointer…` hooks and request states with `transition(to:)`.
///
/// Write a recognizer of your own by subclassing: the base class keeps the pointers, the
/// state machine and the failure requirements; a subclass decides when the gesture begins,
/// changes, ends or fails. Override ``reset()`` to clear your own state, calling `super`.
///
/// ```swift
/// final class LongSwipe: GestureRecognizer {
///     private var start: Point?
///     override func pointerBegan(_ event: PointerEvent) { start = start ?? event.location }
///     override func pointerEnded(_ event: PointerEvent) {
///         let distance = start.map { event.location.distance(to: $0) } ?? 0
///         transition(to: distance > 200 ? .ended : .failed)
///     }
///     override func reset() { super.reset(); start = nil }
/// }
/// ```
open class GestureRecognizer {
    /// Where the recognizer is in its state machine.
    public internal(set) var state: GestureState = .possible
    /// A disabled recognizer receives nothing; disabling it cancels a running gesture.
    public var isEnabled = true {
        didSet { if !isEnabled && oldValue { cancelTracking() } }
    }
    /// The layer the recognizer is attached to, set by the dispatcher.
    public internal(set) weak var layer: Layer?
    /// Called on every transition out of `possible` except failure, and on each change;
    /// set through `onChange(_:)`, which gives it the recognizer as its own class.
    var action: ((GestureRecognizer) -> Void)?
    /// A name for logs and tests.
    public var name: String?
    /// Whether this recognizer may recognize while `other`, sharing one of its pointers,
    /// recognizes too: UIKit's `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`.
    /// As in UIKit, two run together when either one's closure allows the other. Unlike
    /// UIKit, where recognizers without a delegate run alone, `nil` (the default) has no say
    /// and two without a closure run together; `{ _ in false }` makes this one exclusive of
    /// every partner that does not allow it, `{ $0 === pinch }` lets only the pinch run along.
    public var recognizesSimultaneously: ((GestureRecognizer) -> Bool)?
    /// The dispatcher the recognizer is attached through, which knows who shares its pointers.
    weak var dispatcher: GestureDispatcher?
    /// Whether it was attached with `Layer.addGestureRecognizer(_:)` rather than through a
    /// dispatcher of the scene's own.
    var isAttachedToLayer = false
    /// Told the time of every frame the recognizer is ticked at, touched or not: what it
    /// drives that moves by itself (a scroller's glide).
    package var clock: ((Double) -> Void)?

    /// Locations of the pointers currently down on this recognizer, in canvas points.
    public internal(set) var pointerLocations: [Int: Point] = [:]
    /// The centroid of the pointers, kept after they lift.
    var lastLocation: Point = .zero
    /// Whether the recognizer has seen a touch begin since its last reset.
    var isParticipating = false
    /// Transitions held back while a failure requirement is undecided, oldest first.
    var deferredStates: [GestureState] = []
    var failureRequirements: [WeakRecognizer] = []
    var dependents: [WeakRecognizer] = []

    /// A recognizer with no action yet; give it one with `onChange(_:)`.
    public required init() {}

    /// The state the recognizer has asked for, counting transitions held back by a requirement.
    public var intendedState: GestureState { deferredStates.last ?? state }

    /// Whether the recognizer is finished and every pointer has lifted, so it may reset.
    ///
    /// A recognition held back by a failure requirement is not finished: a touch elsewhere
    /// must not drop a single tap that is waiting for a double tap's interval to pass.
    var isReadyToReset: Bool { state.isFinal && pointerLocations.isEmpty }

    /// Where the gesture is (the centroid of its pointers, or where they lifted) in a layer's coordinates (`nil`: the canvas).
    public func location(in layer: Layer?) -> Point {
        layer?.convert(lastLocation, from: nil) ?? lastLocation
    }

    /// The number of pointers currently down on the recognizer.
    public var numberOfPointers: Int { pointerLocations.count }

    /// Feeds one pointer event; events of pointers this recognizer never saw begin are ignored.
    package func handle(_ event: PointerEvent) {
        if let accepted = accept(event) { respond(to: accepted) }
    }

    /// The bookkeeping half of `handle(_:)`: resets a finished recognizer on a new touch and
    /// follows the pointer; returns the event to pass on to `respond(to:)`, or `nil`.
    ///
    /// A location that is not finite (a device glitch) never reaches the gesture, so a
    /// translation or velocity never turns NaN: a touch cannot begin there, a move there is
    /// dropped, and a pointer that lifts there lifts where it was last seen.
    ///
    /// The dispatcher lets every recognizer of a touch accept it before any responds, so
    /// that all of them are taking part before one of them checks its requirements.
    func accept(_ event: PointerEvent) -> PointerEvent? {
        guard isEnabled else { return nil }
        var event = event
        if !event.location.isFinite {
            guard event.phase == .ended || event.phase == .cancelled,
                  let last = pointerLocations[event.id] else { return nil }
            event.location = last
        }
        switch event.phase {
        case .hover:
            return nil
        case .began:
            if isReadyToReset { reset() }
            pointerLocations[event.id] = event.location
            isParticipating = true
        case .moved:
            guard pointerLocations[event.id] != nil else { return nil }
            pointerLocations[event.id] = event.location
        case .ended, .cancelled:
            guard pointerLocations.removeValue(forKey: event.id) != nil else { return nil }
        }
        updateLastLocation(fallback: event.location)
        return event
    }

    /// The gesture half of `handle(_:)`: passes an accepted event to the subclass's hooks.
    func respond(to event: PointerEvent) {
        guard isEnabled, !intendedState.isFinal else { return }
        forward(event)
    }

    /// Tells the recognizer the time of a frame, so time-based gestures move without input.
    package func tick(at time: Double) {
        clock?(time)
        guard isEnabled, isParticipating, !intendedState.isFinal else { return }
        pointerTicked(at: time)
    }

    /// Back to `possible` with no pointers, forgetting the gesture; subclasses clear their own state too.
    open func reset() {
        state = .possible
        deferredStates = []
        pointerLocations = [:]
        isParticipating = false
        // A recognizer waiting for this one to fail must not wait for a gesture forgotten.
        for dependent in dependents.compactMap(\.value) {
            dependent.requirementDidChange()
        }
    }

    // MARK: Hooks for subclasses

    /// A pointer touched down (already counted in `pointerLocations`).
    open func pointerBegan(_ event: PointerEvent) {}
    /// A known pointer moved.
    open func pointerMoved(_ event: PointerEvent) {}
    /// A known pointer lifted (already removed from `pointerLocations`).
    open func pointerEnded(_ event: PointerEvent) {}
    /// A known pointer was cancelled by the system; by default the gesture is abandoned.
    open func pointerCancelled(_ event: PointerEvent) { abandon() }
    /// A frame passed with the gesture undecided or running.
    open func pointerTicked(at time: Double) {}

    // MARK: Internals

    private func forward(_ event: PointerEvent) {
        switch event.phase {
        case .began: pointerBegan(event)
        case .moved: pointerMoved(event)
        case .ended: pointerEnded(event)
        case .cancelled: pointerCancelled(event)
        case .hover: break
        }
    }

    private func updateLastLocation(fallback: Point) {
        guard !pointerLocations.isEmpty else { lastLocation = fallback; return }
        let sum = pointerLocations.values.reduce(Point.zero, +)
        lastLocation = sum / Double(pointerLocations.count)
    }

    /// Cancels a running gesture or fails an undecided one.
    func abandon() {
        transition(to: intendedState.isRecognized ? .cancelled : .failed)
    }

    /// Abandons the gesture and forgets its pointers (on disabling or removal).
    func cancelTracking() {
        if isParticipating && !intendedState.isFinal { abandon() }
        reset()
    }
}

/// A weak reference, for the links between recognizers made by `require(toFail:)`.
struct WeakRecognizer {
    weak var value: GestureRecognizer?
}
