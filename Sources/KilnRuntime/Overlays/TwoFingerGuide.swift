/// The two grey circles the window shows where a mouse's two fingers are (`TwoFingerMouse`):
/// rings while Alt is held, discs while the pair is down. Window chrome, as the HUD is:
/// never part of the scene, so never in a recording.
import KilnCore

package final class TwoFingerGuide {
    /// The overlay: canvas-sized, never found by hit testing.
    package let layer: Layer
    private let circles: [ShapeLayer]
    /// The circles' diameter, in canvas points (about a fingertip).
    static let diameter = 36.0

    /// A guide for a canvas of `canvasSize` points.
    package init(canvasSize: Size) {
        layer = Layer()
        layer.name = "two-finger-guide"
        layer.frame = Rect(origin: .zero, size: canvasSize)
        layer.isHitTestable = false
        circles = (0..<2).map { _ in
            let circle = ShapeLayer()
            circle.bounds = Rect(0, 0, Self.diameter, Self.diameter)
            circle.path = Path(ellipseIn: circle.bounds.insetBy(dx: 1, dy: 1))
            circle.lineWidth = 2
            circle.strokeColor = Color(white: 0.35, alpha: 0.8)
            circle.isHidden = true
            circle.isHitTestable = false
            return circle
        }
        circles.forEach(layer.addSublayer)
    }

    /// Whether anything shows.
    package var isShowing: Bool { circles.contains { !$0.isHidden } }

    /// Shows the mouse's fingers: discs where they are down, else rings where they would come down.
    package func update(from mouse: TwoFingerMouse) {
        let down = mouse.fingers != nil
        let places = mouse.fingers ?? mouse.preview
        for (circle, place) in zip(circles, places.map { [$0.first, $0.second] } ?? []) {
            circle.position = place
        }
        for circle in circles {
            circle.isHidden = places == nil
            circle.fillColor = down ? Color(white: 0.5, alpha: 0.45) : Color(white: 1, alpha: 0.15)
        }
    }
}
