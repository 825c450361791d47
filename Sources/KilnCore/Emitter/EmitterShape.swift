import Foundation

/// The shape particles are born on, as in `CAEmitterLayer.emitterShape`.
public enum EmitterShape: String, Hashable, Sendable, Codable, CaseIterable {
    /// Every particle starts at `emitterPosition`.
    case point
    /// A horizontal line `emitterSize.width` long, centred on `emitterPosition`.
    case line
    /// A rectangle of `emitterSize`, centred on `emitterPosition`.
    case rectangle
    /// A circle of radius `emitterSize.width` (Core Animation's convention), centred on `emitterPosition`.
    case circle
}

/// Where on the shape particles are born, as in `CAEmitterLayer.emitterMode`.
public enum EmitterMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Anywhere on the shape: inside a rectangle or circle, along a line.
    case points
    /// On the edge of a rectangle or circle; along a line.
    case outline
    /// Inside a rectangle or circle; along a line.
    case surface
}

extension EmitterShape {
    /// A random birth offset from the emitter position for this shape and mode.
    func randomOffset(size: Size, mode: EmitterMode, using random: inout SplitMix64) -> Point {
        switch self {
        case .point:
            return .zero
        case .line:
            return Point(random.spread(size.width / 2), 0)
        case .rectangle:
            if mode == .outline { return Self.randomPointOnRectangleEdge(size, &random) }
            return Point(random.spread(size.width / 2), random.spread(size.height / 2))
        case .circle:
            let angle = random.nextUnit() * 2 * .pi
            // The square root spreads points evenly over the disc's area, not its radius.
            let radius = mode == .outline ? size.width : size.width * random.nextUnit().squareRoot()
            return Point(radius * cos(angle), radius * sin(angle))
        }
    }

    /// A point uniformly distributed along the perimeter (longer sides get more particles).
    private static func randomPointOnRectangleEdge(_ size: Size, _ random: inout SplitMix64) -> Point {
        let w = abs(size.width), h = abs(size.height)
        var t = random.nextUnit() * 2 * (w + h)
        if t < w { return Point(t - w / 2, -h / 2) }
        t -= w
        if t < h { return Point(w / 2, t - h / 2) }
        t -= h
        if t < w { return Point(w / 2 - t, h / 2) }
        t -= w
        return Point(-w / 2, h / 2 - t)
    }
}
