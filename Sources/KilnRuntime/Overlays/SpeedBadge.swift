/// The window's speed badge: "¼×", "1/10×" or "PAUSED" in the canvas's top-right corner
/// while the scene runs at anything but full speed, so slow motion is never mistaken for a
/// slow scene. Window chrome: recordings are rendered again offline, without it.
import KilnCore

package final class SpeedBadge {
    /// The badge's tree; draw it over the scene.
    package let layer = Layer()
    private let label = TextLayer()
    private let canvas: Size

    /// A hidden badge for a canvas of `canvasSize` points.
    package init(canvasSize: Size) {
        canvas = canvasSize
        layer.backgroundColor = Color(white: 0.08, alpha: 0.82)
        layer.cornerRadius = 14
        layer.isHitTestable = false
        layer.isHidden = true
        label.fontSize = 13
        label.fontWeight = .semibold
        label.foregroundColor = Color(hex: 0xFFD60A)
        label.alignmentMode = .center
        label.isVerticallyCentered = true
        layer.addSublayer(label)
    }

    /// Shows `text`, or hides the badge for `nil`.
    package func update(_ text: String?) {
        guard let text else {
            layer.isHidden = true
            return
        }
        layer.isHidden = false
        guard label.string != text else { return }
        label.string = text
        let width = Double(text.count) * 8.5 + 24
        layer.frame = Rect(canvas.width - 12 - width, 12, width, 28)
        label.frame = Rect(0, 0, width, 28)
    }
}
