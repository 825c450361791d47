/// A colour as a picker shows it: hue, saturation, brightness and alpha.
import KilnCore

package struct HSBColor: Equatable, Sendable {
    /// Degrees around the colour wheel, 0 to 360 (red at 0, green at 120, blue at 240).
    package var hue: Double
    /// 0 (grey) to 1 (the pure hue).
    package var saturation: Double
    /// 0 (black) to 1.
    package var brightness: Double
    /// 0 (transparent) to 1.
    package var alpha: Double

    package init(hue: Double, saturation: Double, brightness: Double, alpha: Double) {
        self.hue = hue
        self.saturation = saturation
        self.brightness = brightness
        self.alpha = alpha
    }

    /// The colour's hue, saturation and brightness; a grey keeps hue 0.
    package init(_ color: Color) {
        let top = max(color.red, color.green, color.blue), bottom = min(color.red, color.green, color.blue)
        let spread = top - bottom
        var hue = 0.0
        if spread > 0 {
            switch top {
            case color.red: hue = (color.green - color.blue) / spread
            case color.green: hue = 2 + (color.blue - color.red) / spread
            default: hue = 4 + (color.red - color.green) / spread
            }
        }
        hue *= 60
        if hue < 0 { hue += 360 }
        self.init(hue: hue, saturation: top > 0 ? spread / top : 0, brightness: top, alpha: color.alpha)
    }

    /// The sRGB colour.
    package var color: Color {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let c = brightness * saturation
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(h) {
        case 0: (c, x, 0)
        case 1: (x, c, 0)
        case 2: (0, c, x)
        case 3: (0, x, c)
        case 4: (x, 0, c)
        default: (c, 0, x)
        }
        let m = brightness - c
        return Color(red: r + m, green: g + m, blue: b + m, alpha: alpha)
    }
}
