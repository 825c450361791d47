import KilnCore
import KilnEndToEndSupport
import PressureDemo

/// The pressure scene's gestures: the delete button pressed by a mouse or a pen, the ring
/// entered and let go.
extension SceneHarness where S == PressureScene {
    /// The pressure scene with `tuning`, after its first 0.2 s.
    convenience init(tuning: PressureTuning = PressureTuning()) {
        self.init(settlingFor: 0.2) { PressureScene(context: $0, tuning: tuning) }
    }

    var button: Layer { get throws { try layer("deleteButton") } }
    var ring: Layer { get throws { try layer("ring") } }
    var stroke: ShapeLayer { get throws { try layer("ringStroke") as! ShapeLayer } }
    var label: TextLayer { get throws { try layer("ringLabel") as! TextLayer } }
    var buttonCentre: Point { get throws { Point(try button.frame.midX, try button.frame.midY) } }
    /// Where the ring's container is for a press at the button's centre.
    var ringCentre: Point { get throws { try buttonCentre + Point(0, -70) } }

    /// A mouse press at the centre of the delete button.
    func pressButton() throws {
        pointer = try buttonCentre
        send(.began)
    }

    /// A pen press at the button's centre with a pressure from the given source.
    func penDown(pressure: Double, source: String = "xinput2") throws {
        device = .pen
        self.pressure = pressure
        self.source = source
        try pressButton()
    }

    /// Lifts the pointer and runs one frame.
    func up() {
        send(.ended)
        run(until: time + 1.0 / 120)
    }

    /// A mouse press held long enough to fill, moved into the ring and released.
    func confirmWithMouse() throws {
        try pressButton()
        wait(2.1)
        move(to: try ringCentre)
        up()
    }
}
