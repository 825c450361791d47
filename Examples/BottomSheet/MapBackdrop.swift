import Foundation
import Kiln

/// A city map drawn from shapes: land, a bay, parks, a street grid turned a little off
/// north with two yellow avenues, a few labels and places, and the blue dot of where you
/// are. Everything is laid out in fractions of the canvas, so it fits any device.
enum MapBackdrop {
    static let land = Color(hex: 0xF4F1EA)
    static let water = Color(hex: 0xA7D2F2)
    static let park = Color(hex: 0xCBE6BE)
    static let street = Color.white
    static let streetCasing = Color(hex: 0xE2DCCF)
    static let avenue = Color(hex: 0xFDE3A0)
    static let avenueCasing = Color(hex: 0xECC673)

    /// The grid's angle from north, in radians.
    static let gridAngle = -0.24

    /// The map's layers, back to front, filling `size`.
    static func make(size: Size) -> Layer {
        let map = Layer()
        map.name = "map"
        map.frame = Rect(origin: .zero, size: size)
        map.backgroundColor = land
        map.masksToBounds = true
        let w = size.width, h = size.height

        let streets = streetGrid(size: size, spacing: 64)
        map.addSublayer(stroked(streets, color: streetCasing, width: 8))
        map.addSublayer(stroked(streets, color: street, width: 5.5))
        map.addSublayer(filled(parks(w, h), color: park))
        let avenues = avenuePaths(w, h)
        map.addSublayer(stroked(avenues, color: avenueCasing, width: 11))
        map.addSublayer(stroked(avenues, color: avenue, width: 8))
        map.addSublayer(filled(bay(w, h), color: water))
        for shape in map.sublayers { shape.frame = map.bounds }

        for label in labels(w, h) { map.addSublayer(label) }
        for place in places(w, h) { map.addSublayer(place) }
        map.addSublayer(userLocation(at: Point(w * 0.44, h * 0.37)))
        return map
    }

    // MARK: Shapes

    /// Streets every `spacing` points both ways, turned by `gridAngle` about the centre.
    private static func streetGrid(size: Size, spacing: Double) -> Path {
        let centre = Point(size.width / 2, size.height / 2)
        let reach = (size.width * size.width + size.height * size.height).squareRoot() / 2 + spacing
        let turn = Transform(translationX: -centre.x, y: -centre.y)
            .concatenating(Transform(rotationAngle: gridAngle))
            .concatenating(Transform(translationX: centre.x, y: centre.y))
        var path = Path()
        var offset = -reach
        while offset <= reach {
            path.move(to: turn.apply(to: Point(centre.x + offset, centre.y - reach)))
            path.addLine(to: turn.apply(to: Point(centre.x + offset, centre.y + reach)))
            path.move(to: turn.apply(to: Point(centre.x - reach, centre.y + offset * 1.3)))
            path.addLine(to: turn.apply(to: Point(centre.x + reach, centre.y + offset * 1.3)))
            offset += spacing
        }
        return path
    }

    /// Two avenues: one sweeping across the grid, one running down it.
    private static func avenuePaths(_ w: Double, _ h: Double) -> Path {
        var path = Path()
        path.move(to: Point(-20, h * 0.62))
        path.addCurve(to: Point(w + 20, h * 0.18),
                      control1: Point(w * 0.35, h * 0.5), control2: Point(w * 0.6, h * 0.3))
        path.move(to: Point(w * 0.12, -20))
        path.addCurve(to: Point(w * 0.36, h + 20),
                      control1: Point(w * 0.2, h * 0.35), control2: Point(w * 0.26, h * 0.7))
        return path
    }

    private static func parks(_ w: Double, _ h: Double) -> Path {
        var path = Path(roundedRect: Rect(w * 0.52, h * 0.44, w * 0.3, h * 0.1), cornerRadius: 8)
        path.addPath(Path(polygon: [Point(w * 0.03, h * 0.17), Point(w * 0.3, h * 0.14),
                                    Point(w * 0.33, h * 0.27), Point(w * 0.06, h * 0.3)]))
        path.addPath(Path(roundedRect: Rect(w * 0.18, h * 0.74, w * 0.24, h * 0.08), cornerRadius: 6))
        return path
    }

    /// The bay along the right edge, its shore a few soft curves.
    private static func bay(_ w: Double, _ h: Double) -> Path {
        var path = Path()
        path.move(to: Point(w * 0.8, -10))
        path.addCurve(to: Point(w * 0.88, h * 0.3),
                      control1: Point(w * 0.76, h * 0.1), control2: Point(w * 0.95, h * 0.18))
        path.addCurve(to: Point(w * 0.78, h * 0.62),
                      control1: Point(w * 0.8, h * 0.42), control2: Point(w * 0.7, h * 0.52))
        path.addCurve(to: Point(w * 0.9, h + 10),
                      control1: Point(w * 0.86, h * 0.72), control2: Point(w * 0.82, h * 0.9))
        path.addLine(to: Point(w + 10, h + 10))
        path.addLine(to: Point(w + 10, -10))
        path.closeSubpath()
        return path
    }

    // MARK: Labels and places

    private static func labels(_ w: Double, _ h: Double) -> [Layer] {
        let gray = Color(hex: 0x8C8578)
        var layers = [
            text("Mission", at: Point(w * 0.2, h * 0.45), size: 13, weight: .semibold, color: gray),
            text("Potrero Hill", at: Point(w * 0.6, h * 0.67), size: 13, weight: .semibold, color: gray),
            text("SoMa", at: Point(w * 0.56, h * 0.12), size: 13, weight: .semibold, color: gray),
            text("Dolores\nPark", at: Point(w * 0.17, h * 0.22), size: 11, weight: .semibold,
                 color: Color(hex: 0x4D8A3A)),
            text("Mission Bay", at: Point(w * 0.87, h * 0.52), size: 12, weight: .semibold,
                 color: Color(hex: 0x3F86C4)),
        ]
        let street = text("Valencia St", at: Point(w * 0.62, h * 0.285), size: 10, weight: .medium,
                          color: Color(hex: 0x7A7468))
        street.transform = Transform(rotationAngle: gridAngle)
        layers.append(street)
        return layers
    }

    /// Points of interest: a coloured disc with a white glyph and the place's name.
    private static func places(_ w: Double, _ h: Double) -> [Layer] {
        [("☕", "Ritual Coffee", Palette.orange, Point(w * 0.3, h * 0.33)),
         ("★", "Tartine", Color(hex: 0xFF6B3D), Point(w * 0.66, h * 0.38)),
         ("♫", "The Chapel", Palette.purple, Point(w * 0.5, h * 0.2)),
         ("✚", "Walgreens", Palette.red, Point(w * 0.22, h * 0.58))]
            .map { glyph, name, color, centre in
                let pin = Layer()
                pin.frame = Rect(centre.x - 60, centre.y - 11, 120, 40)
                pin.isHitTestable = false
                let disc = Layer()
                disc.frame = Rect(49, 0, 22, 22)
                disc.backgroundColor = color
                disc.cornerRadius = 11
                disc.borderWidth = 1.5
                disc.borderColor = .white
                pin.addSublayer(disc)
                let mark = text(glyph, at: Point(11, 11.5), size: 11, weight: .bold, color: .white)
                disc.addSublayer(mark)
                pin.addSublayer(text(name, at: Point(60, 31), size: 11, weight: .semibold,
                                     color: color.interpolated(to: .black, t: 0.25)))
                return pin
            }
    }

    /// The blue dot: a soft halo, a white ring and the dot.
    private static func userLocation(at centre: Point) -> Layer {
        let halo = Layer()
        halo.name = "you"
        halo.frame = Rect(centre.x - 30, centre.y - 30, 60, 60)
        halo.backgroundColor = Palette.tint.withAlpha(0.16)
        halo.cornerRadius = 30
        let dot = Layer()
        dot.frame = Rect(20, 20, 20, 20)
        dot.backgroundColor = Palette.tint
        dot.cornerRadius = 10
        dot.borderWidth = 3.5
        dot.borderColor = .white
        dot.shadowOpacity = 0.25
        dot.shadowRadius = 3
        dot.shadowOffset = Point(0, 1)
        halo.addSublayer(dot)
        return halo
    }

    // MARK: Helpers

    private static func stroked(_ path: Path, color: Color, width: Double) -> ShapeLayer {
        let layer = ShapeLayer()
        layer.path = path
        layer.strokeColor = color
        layer.lineWidth = width
        layer.lineCap = .round
        layer.lineJoin = .round
        return layer
    }

    private static func filled(_ path: Path, color: Color) -> ShapeLayer {
        let layer = ShapeLayer()
        layer.path = path
        layer.fillColor = color
        return layer
    }

    /// A centred label around `centre`.
    static func text(_ string: String, at centre: Point, size: Double, weight: FontWeight,
                     color: Color) -> TextLayer {
        let lines = Double(string.split(separator: "\n").count)
        let frame = Rect(centre.x - 70, centre.y - size * 0.7 * lines, 140, size * 1.4 * lines)
        return TextLayer.make(string, frame: frame, size: size, weight: weight, color: color, alignment: .center,
                              isVerticallyCentered: true)
    }
}
