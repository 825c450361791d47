import Foundation
import KilnCore

/// Lays a layer's motion out as the HUD's Motion panel plots it: one row per quantity
/// (position, scale, rotation, opacity), each line drawn in its own range, time across.
///
/// The right edge is the latest sample, the left edge `span` seconds before it. Each row's
/// values fill its box from its minimum at the bottom to its maximum at the top, so a small
/// overshoot shows as plainly as a large one; a value that does not change runs flat
/// through the middle.
package struct MotionGraph: Sendable {
    /// What a row plots.
    package enum Quantity: Int, CaseIterable, Sendable {
        /// Where the anchor point is, in canvas points.
        case position
        /// The scale, x and y.
        case scale
        /// The rotation, in degrees.
        case rotation
        /// The opacity, 0 to 1.
        case opacity

        /// A change smaller than this, in the row's unit, is no change.
        var resolution: Double {
            switch self {
            case .position: 0.01
            case .scale, .opacity: 0.0001
            case .rotation: 0.01
            }
        }

        /// A value as the row prints it.
        package func format(_ value: Double) -> String {
            switch self {
            case .position: String(format: "%.1f", value)
            case .scale: String(format: "%.3f", value)
            case .rotation: String(format: "%.1f°", value)
            case .opacity: String(format: "%.2f", value)
            }
        }
    }

    /// One row: its label, one or two lines of values (a value per sample) and their range.
    package struct Row: Hashable, Sendable {
        /// What the row plots.
        package var quantity: Quantity
        /// The row's name: "x", "y" or "distance" for position (whichever moves), "scale"
        /// or "scale x y" when the two differ, "rotation", "opacity".
        package var label: String
        /// The lines, each with a value per sample; a second line is scale's y.
        package var lines: [[Double]]
        /// The smallest value of every line.
        package var minimum: Double
        /// The largest value of every line.
        package var maximum: Double

        /// Whether the values stay within the quantity's resolution of each other.
        package var isFlat: Bool { maximum - minimum < quantity.resolution }

        /// The latest value of the first line.
        package var latest: Double? { lines.first?.last }

        init(_ quantity: Quantity, _ label: String, _ lines: [[Double]]) {
            self.quantity = quantity
            self.label = label
            self.lines = lines
            let values = lines.joined()
            minimum = values.min() ?? 0
            maximum = values.max() ?? 0
        }
    }

    /// The size of one row's box, in canvas points.
    package var size: Size
    /// Seconds across the width.
    package var span: Double
    /// Points kept free above and below a line, so its dots are not cut.
    package var inset = 2.5

    /// A graph whose rows are `size` large and `span` seconds wide.
    package init(size: Size, span: Double = 2) {
        self.size = size
        self.span = span
    }

    /// The four rows for `samples`, oldest first.
    package static func rows(for samples: [MotionSample]) -> [Row] {
        [positionRow(samples), scaleRow(samples),
         Row(.rotation, "rotation", [unwrappedDegrees(samples.map(\.rotation))]),
         Row(.opacity, "opacity", [samples.map(\.opacity)])]
    }

    /// Position as the coordinate that moves; when both do, as the distance from the first sample.
    private static func positionRow(_ samples: [MotionSample]) -> Row {
        let xs = samples.map(\.position.x), ys = samples.map(\.position.y)
        func moves(_ values: [Double]) -> Bool {
            (values.max() ?? 0) - (values.min() ?? 0) >= Quantity.position.resolution
        }
        switch (moves(xs), moves(ys)) {
        case (true, true):
            let start = samples[0].position
            let distances = samples.map { sample in
                let dx = sample.position.x - start.x, dy = sample.position.y - start.y
                return (dx * dx + dy * dy).squareRoot()
            }
            return Row(.position, "distance", [distances])
        case (false, true):
            return Row(.position, "y", [ys])
        default:
            return Row(.position, "x", [xs])
        }
    }

    /// One line while x and y scale alike, else a line for each.
    private static func scaleRow(_ samples: [MotionSample]) -> Row {
        let xs = samples.map(\.scale.width), ys = samples.map(\.scale.height)
        let isUniform = zip(xs, ys).allSatisfy { abs($0 - $1) < Quantity.scale.resolution }
        return isUniform ? Row(.scale, "scale", [xs]) : Row(.scale, "scale x y", [xs, ys])
    }

    /// Radians as degrees, with the jumps at ±180° taken out so a turn reads as one line.
    static func unwrappedDegrees(_ radians: [Double]) -> [Double] {
        var degrees: [Double] = []
        degrees.reserveCapacity(radians.count)
        var previous: Double?
        for angle in radians {
            var value = angle * 180 / .pi
            if let previous {
                value += ((previous - value) / 360).rounded() * 360
            }
            degrees.append(value)
            previous = value
        }
        return degrees
    }

    /// Where time `t` falls, in points from the box's left; `now` is at the right edge.
    package func x(ofTime t: Double, now: Double) -> Double {
        size.width * (1 - (now - t) / span)
    }

    /// Where `value` of `row` falls, in points from the box's top.
    package func y(of value: Double, in row: Row) -> Double {
        guard !row.isFlat else { return size.height / 2 }
        let fraction = (value - row.minimum) / (row.maximum - row.minimum)
        return inset + (size.height - 2 * inset) * (1 - fraction)
    }

    /// The points of one line of `row`, for samples taken at `times`.
    package func points(of line: [Double], in row: Row, times: [Double], now: Double) -> [Point] {
        zip(times, line).map { Point(x(ofTime: $0, now: now), y(of: $1, in: row)) }
    }

    /// A line through `points`.
    package static func line(through points: [Point]) -> Path {
        var path = Path()
        for (i, point) in points.enumerated() {
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        return path
    }

    /// A dot at every point, the last one larger: it is the frame showing now.
    package static func dots(at points: [Point], radius: Double = 1.1) -> Path {
        var path = Path()
        for (i, point) in points.enumerated() {
            path.addPath(Path(circleCenter: point, radius: i == points.count - 1 ? radius * 2 : radius))
        }
        return path
    }
}
