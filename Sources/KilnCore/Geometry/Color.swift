/// An sRGB colour with straight (not premultiplied) alpha, each component 0…1.
public struct Color: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red, 0 to 1.
    public var red: Double
    /// Green, 0 to 1.
    public var green: Double
    /// Blue, 0 to 1.
    public var blue: Double
    /// Opacity, 0 (transparent) to 1.
    public var alpha: Double

    /// A colour from its components, each 0 to 1, not premultiplied.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A colour from `0xRRGGBB`: `Color(hex: 0xFFD320)`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255,
            green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255,
            alpha: alpha)
    }

    /// A colour from "#RGB", "#RRGGBB" or "#RRGGBBAA" (the "#" optional); `nil` if malformed.
    public init?(hexString: String) {
        var s = Substring(hexString)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.allSatisfy(\.isHexDigit), let v = UInt32(s, radix: 16) else { return nil }
        switch s.count {
        case 3:
            let r = (v >> 8) & 0xF, g = (v >> 4) & 0xF, b = v & 0xF
            self.init(hex: (r * 17) << 16 | (g * 17) << 8 | (b * 17))
        case 6:
            self.init(hex: v)
        case 8:
            self.init(hex: v >> 8, alpha: Double(v & 0xFF) / 255)
        default:
            return nil
        }
    }

    /// A grey of the given white level.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(white: 0)
    /// Opaque white.
    public static let white = Color(white: 1)
    /// Pure red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Pure green.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Pure blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour `t` of the way to `other` (0 = self, 1 = other), mixed in premultiplied
    /// space so that fading to `.clear` does not darken.
    public func interpolated(to other: Color, t: Double) -> Color {
        let a = alpha + (other.alpha - alpha) * t
        guard a > 0 else { return .clear }
        func mix(_ x: Double, _ y: Double) -> Double {
            (x * alpha + (y * other.alpha - x * alpha) * t) / a
        }
        return Color(red: mix(red, other.red), green: mix(green, other.green),
                     blue: mix(blue, other.blue), alpha: a)
    }

    /// "#RRGGBB" or "#RRGGBBAA" when not opaque.
    public var hexString: String {
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(b, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    public var description: String { hexString }
}
