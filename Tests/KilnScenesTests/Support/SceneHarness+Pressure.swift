import KilnCore
import KilnTestSupport
import PressureDemo

/// The pressure scene's gestures: the delete button pressed by a mouse or a pen, the ring
/// entered and let go.
extension SceneHarness where S == PressureScene {
    /// The pressure scene with `tuning`, after its first 0.2 s.
    convenience init(tuning: PressureTuning = PressureTuning()) {
        self.init(settlingFor: 0.2) { PressureScene(context: $0, tuning: tuning) }
    }

    var button: Layer { layer("deleteButton") }
    var ring: Layer { layer("ring") }
    var stroke: ShapeLayer { layer("ringStroke") as! ShapeLayer }
    var label: TextLayer { layer("ringLabel") as! TextLayer }
    var buttonCentre: Point { Point(button.frame.midX, button.frame.midY) }
    /// Where the ring's container is for a press at the button's centre.
    var ringCentre: Point { buttonCentre + Point(0, -70) }

    /// A mouse press at the centre of the delete button.
    func pressButton() {
        pointer = buttonCentre
        send(.began)
    }

    /// A pen press at the button's centre with a pressure from the given source.
    func penDown(pressure: Double, source: String = "xinput2") {
        device = .pen
        self.pressure = pressure
        self.source = source
        pressButton()
    }

    /// Lifts the pointer and runs one frame.
    func up() {
        send(.ended)
        run(until: time + 1.0 / 120)
    }

    /// A mouse press held long enough to fill, moved into the ring and released.
    func confirmWithMouse() {
        pressButton()
        wait(2.1)
        move(to: ringCentre)
        up()
    }
}
