import KilnCore
import KilnTestSupport
import Testing

extension RecognizerFuzzTree {
    /// Every kind of recognizer on the card at once, all sharing its pointers, some ordered by
    /// `require(toFail:)`: a pan and a two-finger pan, a pinch, a rotation, a swipe left or
    /// right and a two-finger swipe up or down, a long press and a two-finger one, a single
    /// tap waiting for a double tap and for the long press, a pan waiting for the swipe, a
    /// long press waiting for the pinch. The badge holds a tap-then-hold and a press that
    /// waits for the rotation; the root holds a screen edge pan. The two-finger swipe runs
    /// with no other, and the rotation with any but a swipe.
    static func everyKind(_ tree: RecognizerFuzzTree) -> [(String, GestureRecognizer)] {
        let pan = PanGestureRecognizer(), twoFingerPan = PanGestureRecognizer()
        twoFingerPan.minimumNumberOfTouches = 2
        twoFingerPan.maximumNumberOfTouches = 3
        let pinch = PinchGestureRecognizer(), rotate = RotationGestureRecognizer()
        let swipe = SwipeGestureRecognizer(), twoFingerSwipe = SwipeGestureRecognizer()
        swipe.direction = [.left, .right]
        twoFingerSwipe.direction = [.up, .down]
        twoFingerSwipe.numberOfTouchesRequired = 2
        let longPress = LongPressGestureRecognizer(), twoFingerPress = LongPressGestureRecognizer()
        twoFingerPress.numberOfTouchesRequired = 2
        twoFingerPress.minimumPressDuration = 0.3
        let tap = TapGestureRecognizer(), doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        let tapHold = LongPressGestureRecognizer(), press = PressGestureRecognizer()
        tapHold.numberOfTapsRequired = 1
        press.minimumPressDuration = 0.2
        let edgePan = ScreenEdgePanGestureRecognizer(edges: .left)

        tap.require(toFail: doubleTap)
        tap.require(toFail: longPress)
        pan.require(toFail: swipe)
        longPress.require(toFail: pinch)
        press.require(toFail: rotate)
        // One kept from running with any other, and one kept from running with a swipe.
        twoFingerSwipe.recognizesSimultaneously = { _ in false }
        rotate.recognizesSimultaneously = { !($0 is SwipeGestureRecognizer) }
        let onCard: [(String, GestureRecognizer)] = [
            ("pan", pan), ("twoFingerPan", twoFingerPan), ("pinch", pinch), ("rotate", rotate), ("swipe", swipe),
            ("twoFingerSwipe", twoFingerSwipe), ("longPress", longPress), ("twoFingerPress", twoFingerPress),
            ("tap", tap), ("doubleTap", doubleTap),
        ]
        for (_, recognizer) in onCard { tree.dispatcher.add(recognizer, to: tree.card) }
        tree.dispatcher.add(tapHold, to: tree.badge)
        tree.dispatcher.add(press, to: tree.badge)
        tree.dispatcher.add(edgePan, to: tree.root)
        return onCard + [("tapHold", tapHold), ("press", press), ("edgePan", edgePan)]
    }

    /// What a pinch or a rotation reports (its value, its velocity, its centre's coordinates), or `nil` for other kinds.
    static func measures(of recognizer: GestureRecognizer) -> [Double]? {
        let centre = recognizer.location(in: nil)
        switch recognizer {
        case let pinch as PinchGestureRecognizer: return [pinch.scale, pinch.velocity, centre.x, centre.y]
        case let rotate as RotationGestureRecognizer: return [rotate.rotation, rotate.velocity, centre.x, centre.y]
        default: return nil
        }
    }
}

@Suite("Multi-touch gesture recognizers under random input")
struct GestureMultiTouchPropertyTests {
    /// Two pointer ids make many pinches and two-finger gestures; four crowd them, with
    /// pointers joining, leaving and taking over from each other.
    @Test("Random input from several pointers keeps every kind of recognizer on UIKit's state machine, at rest once all lift",
          arguments: [2, 4])
    func stateMachine(pointers: Int) {
        let scripts = PointerFuzz.scripts(canvas: RecognizerFuzzTree.canvas, length: 1...80, pointers: pointers)
        let check = PointerFuzzCheck("every kind of recognizer, \(pointers) pointers", count: 250)

        var recognitions: [String: Int] = [:]

        let failure = check.run(scripts) { script in
            let tree = RecognizerFuzzTree.played(script, wiring: RecognizerFuzzTree.everyKind)
            for watch in tree.watches { recognitions[watch.name, default: 0] += watch.recognitions }
            return tree.violations
        }

        #expect(failure == nil, "\(failure?.description ?? "")")
        // The scripts reach the two-pointer and timed gestures, not only their failures.
        let reached = ["pinch", "rotate", "twoFingerPan", "swipe", "longPress"]
        if failure == nil {
            #expect(reached.allSatisfy { recognitions[$0, default: 0] > 0 }, "recognitions: \(recognitions)")
        }
    }
}
