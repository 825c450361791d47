import Foundation
import KilnCore

/// One layer of a generated tree: its kind, where it sits in its superlayer, how it is
/// transformed and what it looks like, as plain values.
public struct LayerSpec: Sendable, CustomStringConvertible {
    /// Which class of layer to make, and so what content it draws.
    public enum Kind: Int, CaseIterable, Sendable {
        /// A `Layer` with a background colour and nothing else of its own.
        case plain
        /// A `ShapeLayer` with a fill and a stroke.
        case shape
        /// A `TextLayer`.
        case text
        /// A `GradientLayer`: axial, radial or conic by `variant`.
        case gradient
        /// A `Layer` whose `contents` is a small bitmap with translucent pixels.
        case bitmap
        /// A `HairlineLayer` with a zigzag across its bounds.
        case hairline
        /// An `EmitterLayer` with a background; it is never stepped, so it has no particles.
        case emitter
    }

    /// A shadow or, with a zero offset and a colour, a glow.
    public struct Shadow: Sendable {
        public var color: Color
        public var opacity: Double
        public var radius: Double
        public var offset: Point

        public init(color: Color, opacity: Double, radius: Double, offset: Point) {
            self.color = color
            self.opacity = opacity
            self.radius = radius
            self.offset = offset
        }
    }

    public var kind: Kind
    /// 0 puts the layer in the root; any other number picks, wrapping round, one of the
    /// earlier layers that can still hold one.
    public var superlayer: Int
    /// The frame in unit coordinates of the superlayer's bounds (before the transform).
    public var unitFrame: Rect
    public var anchorPoint: Point
    /// Radians; positive turns clockwise on screen.
    public var rotation: Double
    public var scaleX: Double
    public var scaleY: Double
    public var opacity: Double
    public var isAdditive: Bool
    public var masksToBounds: Bool
    /// The corner radius as a share of half the shorter side.
    public var cornerShare: Double
    public var backgroundColor: Color?
    public var borderWidth: Double
    public var shadow: Shadow?
    /// Picks the colours of the kind's content from `LayerSpec.palette`.
    public var tint: Int
    /// Picks the kind's own variation: shape, gradient type, text alignment.
    public var variant: Int

    /// A plain, untransformed, opaque layer; the generators change what they draw.
    public init(kind: Kind, superlayer: Int = 0, unitFrame: Rect) {
        self.kind = kind
        self.superlayer = superlayer
        self.unitFrame = unitFrame
        anchorPoint = Point(x: 0.5, y: 0.5)
        rotation = 0
        scaleX = 1
        scaleY = 1
        opacity = 1
        isAdditive = false
        masksToBounds = false
        cornerShare = 0
        backgroundColor = nil
        borderWidth = 0
        shadow = nil
        tint = 0
        variant = 0
    }

    /// Saturated colours, each far from the background and from its neighbours.
    public static let palette: [Color] = [
        Color(red: 0.95, green: 0.35, blue: 0.25), Color(red: 0.98, green: 0.80, blue: 0.20),
        Color(red: 0.30, green: 0.80, blue: 0.40), Color(red: 0.25, green: 0.55, blue: 0.95),
        Color(red: 0.75, green: 0.35, blue: 0.90), Color(red: 0.95, green: 0.95, blue: 0.92),
        Color(red: 0.10, green: 0.85, blue: 0.85), Color(red: 0.55, green: 0.30, blue: 0.15),
    ]

    /// The palette colour `offset` places after the tint.
    public func color(_ offset: Int = 0) -> Color {
        Self.palette[(tint + offset) % Self.palette.count]
    }

    /// Makes the layer, sized and placed in a superlayer whose bounds are `container`.
    public func makeLayer(in container: Rect) -> Layer {
        let layer = makeContentLayer(size: Size(width: max(2, unitFrame.width * container.width),
                                                height: max(2, unitFrame.height * container.height)))
        layer.anchorPoint = anchorPoint
        let origin = Point(x: container.minX + unitFrame.minX * container.width,
                           y: container.minY + unitFrame.minY * container.height)
        layer.position = Point(x: origin.x + anchorPoint.x * layer.bounds.width,
                               y: origin.y + anchorPoint.y * layer.bounds.height)
        layer.transform = Transform(scaleX: scaleX, y: scaleY).rotated(by: rotation)
        layer.opacity = opacity
        layer.isAdditive = isAdditive
        layer.masksToBounds = masksToBounds
        layer.cornerRadius = cornerShare * min(layer.bounds.width, layer.bounds.height) / 2
        if let backgroundColor { layer.backgroundColor = backgroundColor }
        if borderWidth > 0 {
            layer.borderWidth = borderWidth
            layer.borderColor = color(1)
        }
        if let shadow {
            layer.shadowColor = shadow.color
            layer.shadowOpacity = shadow.opacity
            layer.shadowRadius = shadow.radius
            layer.shadowOffset = shadow.offset
        }
        return layer
    }

    private func makeContentLayer(size: Size) -> Layer {
        let bounds = Rect(origin: .zero, size: size)
        switch kind {
        case .plain:
            let layer = Layer()
            layer.bounds = bounds
            return layer
        case .shape:
            let layer = ShapeLayer()
            layer.bounds = bounds
            layer.path = shapePath(in: bounds)
            layer.fillColor = color()
            layer.strokeColor = color(3)
            layer.lineWidth = [1, 2.5, 4][variant % 3]
            return layer
        case .text:
            let layer = TextLayer()
            layer.bounds = bounds
            layer.string = ["Kiln", "Ag 12:34", "Hello, layers", "—Wq"][variant % 4]
            layer.fontSize = 8 + Double((tint * 5 + variant) % 12)
            layer.foregroundColor = color()
            layer.alignmentMode = [.left, .center, .right][variant % 3]
            layer.isVerticallyCentered = variant % 2 == 1
            return layer
        case .gradient:
            let layer = GradientLayer()
            layer.bounds = bounds
            layer.type = [.axial, .radial, .conic][variant % 3]
            layer.colors = [color(), color(2).withAlpha(0.5), color(4)]
            layer.startPoint = variant % 3 == 0 ? Point(x: 0, y: 0) : Point(x: 0.5, y: 0.5)
            layer.endPoint = Point(x: 1, y: 1)
            return layer
        case .bitmap:
            let layer = Layer()
            layer.bounds = bounds
            layer.contents = Self.checker(color(), color(3))
            return layer
        case .hairline:
            let layer = HairlineLayer()
            layer.bounds = bounds
            layer.lineColor = color()
            let steps = 2 + variant % 4
            layer.polylines = [(0...steps).map { i in
                Point(x: size.width * Double(i) / Double(steps), y: i % 2 == 0 ? 0.5 : size.height - 0.5)
            }]
            return layer
        case .emitter:
            let layer = EmitterLayer()
            layer.bounds = bounds
            layer.backgroundColor = color().withAlpha(0.8)
            return layer
        }
    }

    private func shapePath(in bounds: Rect) -> Path {
        let inset = bounds.insetBy(dx: bounds.width * 0.1, dy: bounds.height * 0.1)
        switch variant % 3 {
        case 0: return Path(ellipseIn: inset)
        case 1: return Path(polygon: [Point(x: inset.midX, y: inset.minY), Point(x: inset.maxX, y: inset.maxY),
                                      Point(x: inset.minX, y: inset.maxY)])
        default: return Path(roundedRect: inset, cornerRadius: min(inset.width, inset.height) / 4)
        }
    }

    /// A 6 × 4 bitmap of two colours and translucent squares, premultiplied.
    static func checker(_ a: Color, _ b: Color) -> Bitmap {
        var bitmap = Bitmap(width: 6, height: 4)
        for y in 0..<4 {
            for x in 0..<6 {
                let base = (x + y) % 2 == 0 ? a : b
                bitmap.setPixel(x: x, y: y, x % 3 == 2 ? base.withAlpha(0.4) : base)
            }
        }
        return bitmap
    }

    public var description: String {
        var parts = ["\(kind)(tint \(tint), variant \(variant))", superlayer == 0 ? "in root" : "in #\(superlayer)",
                     "frame \(short(unitFrame.minX)), \(short(unitFrame.minY)), \(short(unitFrame.width))×\(short(unitFrame.height))"]
        if anchorPoint != Point(x: 0.5, y: 0.5) { parts.append("anchor \(short(anchorPoint.x)), \(short(anchorPoint.y))") }
        if rotation != 0 { parts.append("rotation \(short(rotation))") }
        if scaleX != 1 || scaleY != 1 { parts.append("scale \(short(scaleX))×\(short(scaleY))") }
        if opacity != 1 { parts.append("opacity \(short(opacity))") }
        if isAdditive { parts.append("additive") }
        if masksToBounds { parts.append("masks") }
        if cornerShare > 0 { parts.append("corners \(short(cornerShare))") }
        if let backgroundColor { parts.append("background \(backgroundColor)") }
        if borderWidth > 0 { parts.append("border \(short(borderWidth))") }
        if let shadow {
            parts.append("shadow \(shadow.color) \(short(shadow.opacity)) r \(short(shadow.radius)) "
                         + "offset \(short(shadow.offset.x)), \(short(shadow.offset.y))")
        }
        return parts.joined(separator: ", ")
    }

    private func short(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.4g", value)
    }
}
