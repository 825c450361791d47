import KilnCore
import KilnEndToEndSupport
import LaserDemo

/// The laser scene's gestures: the card pressed, dragged by how far it is cut, and let go.
extension SceneHarness where S == LaserScene {
    /// The laser scene, after its first 0.6 s.
    convenience init() {
        self.init(settlingFor: 0.6) { LaserScene(context: $0) }
    }

    var pocket: Layer { get throws { try layer("pocket") } }
    var beamY: Double { get throws { try layer("laser").frame.midY } }

    /// Presses the middle of the card; `anchor.y` follows the card's bottom edge from here.
    func down() throws {
        let frame = try pocket.frame
        pointer = Point(frame.midX, frame.midY)
        anchor.y = frame.maxY
        send(.began)
    }

    /// Moves the pointer so the card's cut progress becomes `progress`, over `duration`.
    func move(toProgress progress: Double, duration: Double) throws {
        let targetY = pointer.y + (try beamY + progress * pocket.bounds.height - anchor.y)
        let startY = pointer.y, start = time
        anchor.y += targetY - startY
        let steps = max(1, Int((duration * 120).rounded()))
        for i in 1...steps {
            run(until: start + duration * Double(i) / Double(steps))
            pointer.y = startY + (targetY - startY) * Double(i) / Double(steps)
            send(.moved)
        }
    }

    func up() {
        send(.ended)
    }
}
