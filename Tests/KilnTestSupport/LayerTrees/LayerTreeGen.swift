import KilnCore
import PropertyBased

/// Generators of random layer trees for property tests: every kind of layer, up to
/// `LayerTreeSpec.maximumDepth` deep, rotated (slightly, by quarter turns, or anyhow),
/// scaled (evenly or not), at fractional positions and anchor points, masked with rounded
/// corners, translucent, additive, with borders and shadows, drawn at any of a few scales.
///
/// Every choice is a small integer selector and a unit value, and selector 0 is the plainest
/// choice (no rotation, no scale, opaque, no mask), so shrinking moves a failing tree towards
/// fewer layers and plainer ones.
public enum LayerTreeGen {
    /// The scales offline renders use: 1×, 1.5×, 2× and 3× device pixels per point.
    public static let scales: [Double] = [1, 1.5, 2, 3]

    /// Trees of `layers` layers of `kinds` below a root the size of `canvas`, each drawn at
    /// one of `scales`.
    public static func trees(canvas: Size, layers: ClosedRange<Int> = 1...8,
                             kinds: [LayerSpec.Kind] = LayerSpec.Kind.allCases,
                             scales: [Double] = LayerTreeGen.scales)
        -> Generator<LayerTreeSpec, some Sequence & SendableMetatype> {
        zip(Gen.int(in: 0...(scales.count - 1)), layer(kinds: kinds).array(of: layers))
            .map { scaleIndex, layers in
                LayerTreeSpec(canvas: canvas, scale: scales[scaleIndex], layers: layers)
            }
    }

    /// One random layer of one of `kinds`.
    public static func layer(kinds: [LayerSpec.Kind] = LayerSpec.Kind.allCases)
        -> Generator<LayerSpec, some Sequence & SendableMetatype> {
        precondition(!kinds.isEmpty, "no kind of layer to make")
        let identity = zip(Gen.int(in: 0...(kinds.count - 1)), Gen.int(in: 0...7),
                           Gen.int(in: 0...7), Gen.int(in: 0...11))
        let frame = zip(Gen.double(in: 0...0.8), Gen.double(in: 0...0.8),
                        Gen.double(in: 0.2...0.9), Gen.double(in: 0.2...0.9))
        let geometry = zip(Gen.int(in: 0...3), Gen.double(in: -1...1), Gen.int(in: 0...2),
                           Gen.double(in: -1...1), Gen.double(in: -1...1), Gen.int(in: 0...3))
        let look = zip(Gen.int(in: 0...3), Gen.double(in: 0...1), Gen.int(in: 0...7), Gen.int(in: 0...3),
                       Gen.double(in: 0...1), Gen.int(in: 0...3), Gen.int(in: 0...3), Gen.int(in: 0...5),
                       Gen.double(in: 0...1))
        return zip(identity, frame, geometry, look).map { identity, frame, geometry, look in
            var spec = LayerSpec(kind: kinds[identity.0], superlayer: identity.1,
                                 unitFrame: Rect(frame.0, frame.1, frame.2, frame.3))
            spec.tint = identity.2
            spec.variant = identity.3
            spec.rotation = rotation(selector: geometry.0, unit: geometry.1)
            (spec.scaleX, spec.scaleY) = scale(selector: geometry.2, geometry.3, geometry.4)
            spec.anchorPoint = anchor(selector: geometry.5, geometry.3, geometry.4)
            spec.opacity = opacity(selector: look.0, unit: look.1)
            spec.isAdditive = look.2 == 7
            spec.masksToBounds = look.3 == 3
            spec.cornerShare = look.3 >= 2 ? look.4 : 0
            spec.backgroundColor = background(selector: look.5, of: spec)
            spec.borderWidth = [0, 0, 1.5, 4][look.6]
            spec.shadow = shadow(selector: look.7, unit: look.8, of: spec)
            return spec
        }
    }

    /// None; a little either way (the failing case of a tilted card); a quarter turn and a
    /// hair; or any angle.
    static func rotation(selector: Int, unit: Double) -> Double {
        switch selector {
        case 0: 0
        case 1: unit * 0.2
        case 2: (unit * 2).rounded() * .pi / 2 + 0.01
        default: unit * .pi
        }
    }

    /// None, even, or different across and down; from 0.6 to 1.4.
    static func scale(selector: Int, _ u: Double, _ v: Double) -> (Double, Double) {
        switch selector {
        case 0: (1, 1)
        case 1: (1 + u * 0.4, 1 + u * 0.4)
        default: (1 + u * 0.4, 1 + v * 0.4)
        }
    }

    /// The centre, a corner, the opposite corner, or anywhere in the bounds.
    static func anchor(selector: Int, _ u: Double, _ v: Double) -> Point {
        switch selector {
        case 0: Point(x: 0.5, y: 0.5)
        case 1: Point(x: 0, y: 0)
        case 2: Point(x: 1, y: 1)
        default: Point(x: (u + 1) / 2, y: (v + 1) / 2)
        }
    }

    static func opacity(selector: Int, unit: Double) -> Double {
        switch selector {
        case 0, 1: 1
        case 2: 0.3 + 0.7 * unit
        default: 0.6
        }
    }

    /// A plain layer's own colour when nothing else is asked, none for other kinds; or an
    /// opaque colour, a translucent one, or none.
    static func background(selector: Int, of spec: LayerSpec) -> Color? {
        switch selector {
        case 0: spec.kind == .plain ? spec.color() : nil
        case 1: spec.color(4)
        case 2: spec.color(2).withAlpha(0.55)
        default: nil
        }
    }

    /// Mostly none; a soft dark shadow below and to the right; or a coloured glow.
    static func shadow(selector: Int, unit: Double, of spec: LayerSpec) -> LayerSpec.Shadow? {
        switch selector {
        case 0...3: nil
        case 4: LayerSpec.Shadow(color: .black, opacity: 0.7, radius: 1 + unit * 6, offset: Point(x: 2, y: 3))
        default: LayerSpec.Shadow(color: spec.color(5), opacity: 1, radius: 2 + unit * 4, offset: .zero)
        }
    }
}
