/// The phone around a prototype: the "9:41" status bar at the top and the home indicator
/// at the bottom, as on an iPhone with Face ID.
///
/// Add them last, over the scene, so that a prototype looks like a phone's screen in its
/// recordings. Both are decoration and never take a touch. Draw them in the colour of the
/// content beneath: `Palette.label` on a light screen, white on a coloured bar.
///
/// ```swift
/// root.addSublayer(StatusBar.make(width: size.width, color: Palette.label))
/// root.addSublayer(StatusBar.homeIndicator(size: size, color: Palette.label))
///
/// // Over a coloured navigation bar: the time and battery alone, in white.
/// titleBar.addSublayer(StatusBar.make(width: size.width, color: .white, style: .compact))
/// ```
public enum StatusBar {
    /// Which status bar to draw.
    public enum Style: Hashable, Sendable {
        /// The time, four signal bars and the battery with its cap, the time centred over
        /// the left ear of the screen.
        case standard
        /// The time and the battery alone, a little smaller, for a status bar drawn inside
        /// a taller coloured navigation bar.
        case compact
    }

    /// The height of the status bar in points.
    public static let height = 47.0

    /// A status bar `width` points wide and ``height`` tall, its content drawn in `color`.
    ///
    /// The layer is placed at the top left of its superlayer; add it to the root, or to a
    /// bar that starts at the top of the screen.
    public static func make(width: Double, color: Color, style: Style = .standard) -> Layer {
        let bar = Layer()
        bar.frame = Rect(0, 0, width, height)
        bar.isHitTestable = false
        switch style {
        case .standard:
            bar.addSublayer(time(frame: Rect(28, 14, 80, 22), size: 17, color: color, alignment: .center))
            addSignal(to: bar, width: width, color: color)
            bar.addSublayer(battery(frame: Rect(width - 54, 18, 25, 12), levelWidth: 17,
                                    color: color, outlineAlpha: 0.4))
            let cap = Layer()
            cap.frame = Rect(width - 28, 22, 1.5, 4)
            cap.backgroundColor = color.withAlpha(0.4)
            cap.cornerRadius = 0.75
            bar.addSublayer(cap)
        case .compact:
            bar.addSublayer(time(frame: Rect(34, 15, 60, 20), size: 16, color: color, alignment: .left))
            bar.addSublayer(battery(frame: Rect(width - 52, 18, 25, 12), levelWidth: 18,
                                    color: color, outlineAlpha: 0.8))
        }
        return bar
    }

    /// The bar at the bottom of the screen that stands for the home gesture, on a canvas of `size`.
    public static func homeIndicator(size: Size, color: Color) -> Layer {
        let indicator = Layer()
        indicator.frame = Rect(size.width / 2 - 67, size.height - 13, 134, 5)
        indicator.backgroundColor = color
        indicator.cornerRadius = 2.5
        indicator.isHitTestable = false
        return indicator
    }

    private static func time(frame: Rect, size: Double, color: Color, alignment: TextAlignment) -> TextLayer {
        let label = TextLayer()
        label.frame = frame
        label.string = "9:41"
        label.fontSize = size
        label.fontWeight = .semibold
        label.foregroundColor = color
        label.alignmentMode = alignment
        return label
    }

    /// Four rising bars.
    private static func addSignal(to bar: Layer, width: Double, color: Color) {
        for i in 0..<4 {
            let h = 4.0 + Double(i) * 2.4
            let b = Layer()
            b.frame = Rect(width - 98 + Double(i) * 4.6, 30 - h, 3, h)
            b.backgroundColor = color
            b.cornerRadius = 1
            bar.addSublayer(b)
        }
    }

    private static func battery(frame: Rect, levelWidth: Double, color: Color, outlineAlpha: Double) -> Layer {
        let battery = Layer()
        battery.frame = frame
        battery.borderWidth = 1
        battery.borderColor = color.withAlpha(outlineAlpha)
        battery.cornerRadius = 3.5
        let level = Layer()
        level.frame = Rect(2, 2, levelWidth, 8)
        level.backgroundColor = color
        level.cornerRadius = 1.5
        battery.addSublayer(level)
        return battery
    }
}
