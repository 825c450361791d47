import KilnCore
import KilnTestSupport
import Testing

/// A canvas of a card, a badge on it and a footer, with recognizers wired onto it by a
/// wiring function, fed through a dispatcher with frames between the events; it watches
/// each recognizer's states.
final class RecognizerFuzzTree: PointerFuzzTarget {
    static let canvas = Size(width: 390, height: 844)
    let root = Layer()
    let card = Layer()
    let badge = Layer()
    let footer = Layer()
    let dispatcher: GestureDispatcher
    private(set) var watches: [StateWatch] = []
    /// What went wrong, in the order it was seen.
    private(set) var violations: [String] = []
    /// The event being delivered, while it is.
    private var current: PointerEvent?

    /// The tree with the recognizers `wiring` attaches and names.
    init(wiring: (RecognizerFuzzTree) -> [(String, GestureRecognizer)] = RecognizerFuzzTree.scenes) {
        root.frame = Rect(origin: .zero, size: Self.canvas)
        card.frame = Rect(50, 100, 290, 300)
        badge.frame = Rect(20, 20, 60, 60)
        footer.frame = Rect(0, 700, 390, 144)
        root.addSublayer(card)
        card.addSublayer(badge)
        root.addSublayer(footer)
        dispatcher = GestureDispatcher(root: root)
        watches = wiring(self).map { StateWatch(name: $0.0, recognizer: $0.1) }
        for watch in watches {
            watch.recognizer.onChange { [unowned self, unowned watch] in self.reported($0, by: watch) }
        }
    }

    /// The recognizers wired the ways the scenes wire them. A card holds a pan and a tap
    /// that requires the pan to fail (the laser card and the Mailbox rows); a badge on the
    /// card holds a double tap; a press on the footer waits 0.3 s and may not stray; another
    /// press, held back until the card's pan fails, sits on the card too; and a two-finger
    /// pan and a screen edge pan from the left and right sit on the root.
    static func scenes(_ tree: RecognizerFuzzTree) -> [(String, GestureRecognizer)] {
        let pan = PanGestureRecognizer(), tap = TapGestureRecognizer(), doubleTap = TapGestureRecognizer()
        let press = PressGestureRecognizer(), cardPress = PressGestureRecognizer()
        let twoFingerPan = PanGestureRecognizer(), edgePan = ScreenEdgePanGestureRecognizer(edges: [.left, .right])
        tap.require(toFail: pan)
        doubleTap.numberOfTapsRequired = 2
        press.minimumPressDuration = 0.3
        press.allowableMovement = 10
        cardPress.require(toFail: pan)
        twoFingerPan.maximumNumberOfTouches = 2
        tree.dispatcher.add(pan, to: tree.card)
        tree.dispatcher.add(tap, to: tree.card)
        tree.dispatcher.add(cardPress, to: tree.card)
        tree.dispatcher.add(doubleTap, to: tree.badge)
        tree.dispatcher.add(press, to: tree.footer)
        tree.dispatcher.add(twoFingerPan, to: tree.root)
        tree.dispatcher.add(edgePan, to: tree.root)
        return [
            ("pan", pan), ("tap", tap), ("doubleTap", doubleTap), ("press", press), ("cardPress", cardPress),
            ("twoFingerPan", twoFingerPan), ("edgePan", edgePan),
        ]
    }

    /// Plays a script into a fresh tree wired by `wiring`, lifts every pointer still down,
    /// lets two seconds of frames pass, checks the tree is at rest, and returns what went wrong.
    static func violations(playing script: PointerFuzzScript,
                           wiring: (RecognizerFuzzTree) -> [(String, GestureRecognizer)]) -> [String] {
        played(script, wiring: wiring).violations
    }

    /// The tree after playing a script as `violations(playing:wiring:)` does.
    static func played(_ script: PointerFuzzScript,
                       wiring: (RecognizerFuzzTree) -> [(String, GestureRecognizer)]) -> RecognizerFuzzTree {
        let tree = RecognizerFuzzTree(wiring: wiring)
        let driver = PointerFuzzDriver(target: tree, canvas: canvas)

        driver.play(script)
        driver.settle(for: 2)
        tree.checkAtRest(at: driver.time)
        return tree
    }

    /// The points the scripts aim at: the card, the badge, the footer, the left edge.
    var anchors: [Point] {
        [Point(195, 250), Point(100, 150), Point(195, 770), Point(4, 420)]
    }

    func advance(to time: Double) {
        dispatcher.tick(at: time)
        observeAll(during: nil)
    }

    func handle(_ event: PointerEvent) {
        // A pointer that begins again is cancelled first, which may finish a recognizer
        // that held it and so let it reset within the same event.
        let isRepeat = event.phase == .began && !dispatcher.recognizers(capturing: event.id).isEmpty
        if event.phase == .began { noteTouchDown(event, isRepeat: isRepeat) }
        current = event
        dispatcher.handle(event)
        current = nil
        if isRepeat { forgetUnseenResets(chain: dispatcher.recognizers(capturing: event.id)) }
        observeAll(during: event)
    }

    /// After a pointer began again, a recognizer idle and out of the new touch was reset
    /// unseen: it is untouched. (One whose recognition a requirement holds back is not idle.)
    private func forgetUnseenResets(chain: [GestureRecognizer]) {
        for watch in watches where watch.recognizer.intendedState == .possible && watch.recognizer.numberOfPointers == 0
            && !chain.contains(where: { $0 === watch.recognizer }) {
            watch.touched = false
        }
    }

    func handle(_ key: KeyPress, at time: Double) {}

    /// A touch down resets every finished recognizer with no pointer left (any recognizer
    /// at all, for a pointer beginning again), then reaches the hit layer's recognizers and
    /// its ancestors'.
    private func noteTouchDown(_ event: PointerEvent, isRepeat: Bool) {
        let chain = dispatcher.recognizers(at: event.location)
        for watch in watches {
            if isRepeat { watch.resetAllowed = true }
            if watch.recognizer.state.isFinal && watch.recognizer.numberOfPointers == 0 {
                watch.touched = false
                watch.resetAllowed = true
            }
            if chain.contains(where: { $0 === watch.recognizer }) { watch.touched = true }
        }
    }

    /// An action call: the state it reports must be a legal step, and recognizing needs a touch.
    private func reported(_ recognizer: GestureRecognizer, by watch: StateWatch) {
        let state = recognizer.state
        if (state == .began || (state == .ended && watch.last == .possible)) && !watch.touched {
            violations.append("\(watch.name) reported \(state) without a touch down (during \(describe(current)))")
        }
        if let pan = recognizer as? PanGestureRecognizer {
            let values = [pan.translation(in: nil), pan.velocity(in: nil), pan.location(in: nil)]
            if !values.allSatisfy(\.isFinite) {
                violations.append("\(watch.name) reported \(state) with translation, velocity, location \(values)")
            }
        }
        if let values = Self.measures(of: recognizer), !values.allSatisfy(\.isFinite) {
            violations.append("\(watch.name) reported \(state) with values \(values)")
        }
        step(watch, to: state, during: current)
    }

    private func observeAll(during event: PointerEvent?) {
        for watch in watches where watch.recognizer.state != watch.last {
            step(watch, to: watch.recognizer.state, during: event)
        }
        for watch in watches { watch.resetAllowed = false }
    }

    private func step(_ watch: StateWatch, to state: GestureState, during event: PointerEvent?) {
        if let problem = watch.step(to: state) {
            violations.append("\(watch.name): \(problem) (during \(describe(event)))")
        }
    }

    private func describe(_ event: PointerEvent?) -> String {
        event.map { "#\($0.id) \($0.phase) at \($0.location)" } ?? "a frame"
    }

    /// After every pointer has lifted and time has passed: nothing holds a pointer or is
    /// still running, and a recognizer that took part in the last touch has decided.
    /// Recognizers reset when the next touch begins (see `GestureState`), so a touch that
    /// hits nothing must then find every one of them back at `possible`.
    func checkAtRest(at time: Double) {
        for watch in watches {
            let r = watch.recognizer
            if r.numberOfPointers != 0 { violations.append("\(watch.name) still holds \(r.numberOfPointers) pointers") }
            if r.state == .began || r.state == .changed {
                violations.append("\(watch.name) is still \(r.state) after every pointer lifted")
            }
            if watch.touched && r.state == .possible {
                violations.append("\(watch.name) took part in a touch and is still undecided after every pointer lifted")
            }
        }
        let probe = 99
        handle(PointerEvent(id: probe, phase: .began, location: Point(-500, -500), timestamp: time))
        for watch in watches where watch.recognizer.state != .possible {
            violations.append("\(watch.name) is \(watch.recognizer.state), not possible, at the next touch")
        }
        handle(PointerEvent(id: probe, phase: .ended, location: Point(-500, -500), timestamp: time))
    }
}

/// The states one recognizer has been seen in, checked against UIKit's state machine.
final class StateWatch {
    let name: String
    let recognizer: GestureRecognizer
    /// The latest state seen.
    private(set) var last = GestureState.possible
    /// How many times the recognizer has been seen to recognize (begin, or end from `possible`).
    private(set) var recognitions = 0
    /// Whether a touch has reached the recognizer since it was last reset.
    var touched = false
    /// Whether the event being delivered may reset the recognizer (a touch down while it is
    /// finished with no pointer left).
    var resetAllowed = false

    init(name: String, recognizer: GestureRecognizer) {
        self.name = name
        self.recognizer = recognizer
    }

    /// Records a step to `state`; returns what is wrong with it, if anything.
    func step(to state: GestureState) -> String? {
        defer {
            if state == .began || (state == .ended && (last == .possible || last.isFinal)) { recognitions += 1 }
            last = state
        }
        if last.isFinal {
            // The only way out of a final state is the reset at a touch down, which may be
            // followed at once by the new touch's own first step.
            guard resetAllowed else { return "left \(last) for \(state) without a reset at a touch down" }
            return state == .possible || Self.legal(from: .possible, to: state)
                ? nil : "went \(last) → (reset) → \(state)"
        }
        return Self.legal(from: last, to: state) ? nil : "went \(last) → \(state)"
    }

    /// UIKit's transitions: continuous `possible → began → changed… → ended | cancelled`,
    /// discrete `possible → ended`, and `possible → failed`.
    static func legal(from: GestureState, to: GestureState) -> Bool {
        switch (from, to) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
    }
}

@Suite("Gesture recognizers under random input")
struct GestureRecognizerPropertyTests {
    /// With one pointer id the scripts make more taps and presses; with three, more
    /// pointers join, leave and begin twice.
    @Test("Random pointer sequences keep every recognizer on UIKit's state machine, at rest once all pointers lift",
          arguments: [1, 3])
    func stateMachine(pointers: Int) {
        let scripts = PointerFuzz.scripts(canvas: RecognizerFuzzTree.canvas, length: 1...80, pointers: pointers)
        let failure = PointerFuzzCheck("recognizers, \(pointers) pointers", count: 250).run(scripts) { script in
            RecognizerFuzzTree.violations(playing: script, wiring: RecognizerFuzzTree.scenes)
        }
        #expect(failure == nil, "\(failure?.description ?? "")")
    }
}
