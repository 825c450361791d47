import Foundation
import Kiln

/// The three resting heights of the sheet, lowest first.
enum Detent: String, CaseIterable, Sendable {
    case collapsed, medium, large
}

/// The heights (points of sheet above the canvas's bottom edge) of each detent.
struct DetentHeights: Equatable, Sendable {
    var collapsed: Double
    var medium: Double
    var large: Double

    init(collapsed: Double, medium: Double, large: Double) {
        self.collapsed = collapsed
        self.medium = medium
        self.large = large
    }

    /// The detents of a tuning on a canvas `height` points tall.
    init(tuning: BottomSheetTuning, canvasHeight height: Double) {
        large = height - tuning.largeTopInset
        medium = min(large, (height * tuning.mediumFraction).rounded())
        collapsed = min(medium, tuning.collapsedHeight)
    }

    /// The height of one detent.
    subscript(detent: Detent) -> Double {
        switch detent {
        case .collapsed: collapsed
        case .medium: medium
        case .large: large
        }
    }

    /// The detent whose height is closest to `height`; the lower one on a tie.
    func nearest(to height: Double) -> Detent {
        Detent.allCases.min { abs(self[$0] - height) < abs(self[$1] - height) }!
    }
}

/// The arithmetic of the sheet, kept apart from layers so that it can be tested alone.
enum SheetPhysics {
    /// Where a motion released at `position` with `velocity` (points per second) would come
    /// to rest if it decelerated as a scroll view does, keeping `decelerationRate` of its
    /// velocity each millisecond.
    static func project(_ position: Double, velocity: Double, decelerationRate: Double) -> Double {
        position + velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// How far something dragged `distance` points past an edge moves: the finger's own
    /// motion at first (times `coefficient`), ever less, never reaching `dimension`.
    static func rubberBand(_ distance: Double, coefficient: Double, dimension: Double) -> Double {
        guard distance > 0 else { return 0 }
        return (1 - 1 / (distance * coefficient / dimension + 1)) * dimension
    }

    /// The drag past an edge that `rubberBand` turns into `offset`: where to take up a
    /// drag that catches something while it is beyond its edge.
    static func unbanded(_ offset: Double, coefficient: Double, dimension: Double) -> Double {
        guard offset > 0 else { return 0 }
        let fraction = min(offset / dimension, 0.999)
        return (1 / (1 - fraction) - 1) * dimension / coefficient
    }

    /// A value free between `range`'s ends and rubber-banded beyond them.
    static func banded(_ value: Double, within range: ClosedRange<Double>,
                       coefficient: Double, dimension: Double) -> Double {
        if value > range.upperBound {
            return range.upperBound + rubberBand(value - range.upperBound, coefficient: coefficient, dimension: dimension)
        }
        if value < range.lowerBound {
            return range.lowerBound - rubberBand(range.lowerBound - value, coefficient: coefficient, dimension: dimension)
        }
        return value
    }

    /// The inverse of `banded`: the free value that shows as `shown`.
    static func unbanded(_ shown: Double, within range: ClosedRange<Double>,
                         coefficient: Double, dimension: Double) -> Double {
        if shown > range.upperBound {
            return range.upperBound + unbanded(shown - range.upperBound, coefficient: coefficient, dimension: dimension)
        }
        if shown < range.lowerBound {
            return range.lowerBound - unbanded(range.lowerBound - shown, coefficient: coefficient, dimension: dimension)
        }
        return shown
    }

    /// The scrim's opacity at a sheet height: each detent's opacity, interpolated between
    /// detents and held beyond the lowest and the highest.
    static func scrimOpacity(atHeight height: Double, detents: DetentHeights,
                             opacities: (collapsed: Double, medium: Double, large: Double)) -> Double {
        if height <= detents.medium {
            return modulate(height, from: (detents.collapsed, detents.medium),
                            to: (opacities.collapsed, opacities.medium), clamped: true)
        }
        return modulate(height, from: (detents.medium, detents.large),
                        to: (opacities.medium, opacities.large), clamped: true)
    }
}

/// A spring between two values in their own units, started with a velocity in those units:
/// the release velocity carries over exactly, whatever the distance (none included).
struct ValueSpring: Sendable {
    var from: Double
    var to: Double
    /// Units per second at the start.
    var initialVelocity: Double
    var spring: Spring
    /// When it started, in scene time.
    var start: Double

    /// The value `time` seconds into the scene.
    func value(at time: Double) -> Double {
        let (still, pushed) = responses
        let t = max(0, time - start)
        return from + (to - from) * still.value(at: t) + initialVelocity * (pushed.value(at: t) - still.value(at: t))
    }

    /// The velocity in units per second at `time`.
    func velocity(at time: Double) -> Double {
        let (still, pushed) = responses
        let t = max(0, time - start)
        return (to - from) * still.velocity(at: t) + initialVelocity * (pushed.velocity(at: t) - still.velocity(at: t))
    }

    /// Whether it has come to rest on `to`, within a tenth of a point.
    func isSettled(at time: Double) -> Bool {
        abs(value(at: time) - to) < 0.1 && abs(velocity(at: time)) < 1
    }

    /// The spring from rest, and the spring pushed with unit velocity: the motion is
    /// linear in its start, so any velocity is a multiple of their difference.
    private var responses: (still: Spring, pushed: Spring) {
        var still = spring, pushed = spring
        still.initialVelocity = 0
        pushed.initialVelocity = 1
        return (still, pushed)
    }
}

/// A fling that slows as a scroll view's does: `rate` of its velocity kept each millisecond.
struct Deceleration: Sendable {
    var from: Double
    var initialVelocity: Double
    var rate: Double
    var start: Double

    private var perSecond: Double { 1000 * log(rate) }

    /// The value at scene time `time`.
    func value(at time: Double) -> Double {
        let t = max(0, time - start)
        return from + initialVelocity * (exp(perSecond * t) - 1) / perSecond
    }

    /// The velocity at scene time `time`.
    func velocity(at time: Double) -> Double {
        initialVelocity * exp(perSecond * max(0, time - start))
    }
}
