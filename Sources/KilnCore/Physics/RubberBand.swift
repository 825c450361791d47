/// The resistance of something dragged past its edge, as a scroll view gives it.
///
/// Past an edge a drag of `distance` points moves the content by
/// `(1 − 1 / (distance × coefficient / dimension + 1)) × dimension`: at first the
/// finger's own motion times `coefficient`, then ever less, never reaching `dimension`.
/// `UIScrollView` uses a coefficient of 0.55 and the size of the scroll view as the
/// dimension. Use it for anything that may be pulled beyond where it rests.
///
/// ```swift
/// let band = RubberBand(dimension: canvas.height)
/// // A sheet free between its detents, resisting beyond them:
/// sheet.position.y = band.clamp(wantedY, to: lowest...highest)
/// ```
public struct RubberBand: Hashable, Sendable {
    /// `UIScrollView`'s coefficient: how much of the finger's motion shows at the edge.
    public static let defaultCoefficient = 0.55

    /// The fraction of the drag that shows just past the edge.
    public var coefficient: Double
    /// The bound the offset approaches and never reaches, in points.
    public var dimension: Double

    /// A rubber band that never stretches beyond `dimension` points; both must be positive.
    public init(dimension: Double, coefficient: Double = RubberBand.defaultCoefficient) {
        self.dimension = dimension
        self.coefficient = coefficient
    }

    /// How far the content moves for a drag `distance` points past the edge; 0 for none.
    public func offset(for distance: Double) -> Double {
        guard distance > 0 else { return 0 }
        return (1 - 1 / (distance * coefficient / dimension + 1)) * dimension
    }

    /// The drag past the edge that `offset(for:)` turns into `offset`: where to take up a
    /// drag that catches the content while it is beyond its edge.
    public func distance(for offset: Double) -> Double {
        guard offset > 0 else { return 0 }
        let fraction = min(offset / dimension, 0.999)
        return (1 / (1 - fraction) - 1) * dimension / coefficient
    }

    /// A value free between `range`'s ends and rubber-banded beyond them.
    public func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
        if value > range.upperBound { return range.upperBound + offset(for: value - range.upperBound) }
        if value < range.lowerBound { return range.lowerBound - offset(for: range.lowerBound - value) }
        return value
    }

    /// The inverse of `clamp(_:to:)`: the free value that shows as `shown`.
    public func unclamp(_ shown: Double, from range: ClosedRange<Double>) -> Double {
        if shown > range.upperBound { return range.upperBound + distance(for: shown - range.upperBound) }
        if shown < range.lowerBound { return range.lowerBound - distance(for: range.lowerBound - shown) }
        return shown
    }
}
