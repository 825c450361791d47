import Foundation
import Kiln

/// The Mailbox scene's glyphs, drawn as stroked vector paths in a 24 × 24 box so they stay
/// crisp at every scale.
enum MailboxIcon: String, CaseIterable {
    /// Reschedule: a clock.
    case later
    /// Move to a list: three lines with bullets.
    case list
    /// Archive: a check mark, as in the original app.
    case archive
    /// Delete: a cross.
    case delete
    /// A pencil over a square.
    case compose
    /// Three bars.
    case menu
    // The reschedule options.
    case laterToday, thisEvening, tomorrow, thisWeekend, nextWeek, inAMonth, someday, pickDate

    /// The glyph's outline in its 24 × 24 box.
    var path: Path {
        var p = Path()
        switch self {
        case .later, .laterToday:
            p.addPath(Path(circleCenter: Point(12, 12), radius: 9.5))
            p.addPolyline([Point(12, 6.5), Point(12, 12), Point(16, 14.5)])
        case .list:
            for y in [6.0, 12, 18] {
                p.addPath(Path(circleCenter: Point(4.5, y), radius: 0.6))
                p.addPolyline([Point(9, y), Point(20.5, y)])
            }
        case .archive:
            p.addPolyline([Point(4, 12.5), Point(9.5, 18), Point(20, 6.5)])
        case .delete:
            p.addPolyline([Point(5.5, 5.5), Point(18.5, 18.5)])
            p.addPolyline([Point(18.5, 5.5), Point(5.5, 18.5)])
        case .compose:
            p.addPolyline([Point(13, 4), Point(5, 4)])
            p.addQuadCurve(to: Point(3, 6), control: Point(3, 4))
            p.addLine(to: Point(3, 19))
            p.addQuadCurve(to: Point(5, 21), control: Point(3, 21))
            p.addLine(to: Point(18, 21))
            p.addQuadCurve(to: Point(20, 19), control: Point(20, 21))
            p.addLine(to: Point(20, 11))
            p.addPolyline([Point(18.5, 2.5), Point(21.5, 5.5), Point(12, 15), Point(8, 16), Point(9, 12)])
            p.closeSubpath()
        case .menu:
            for y in [6.0, 12, 18] {
                p.addPolyline([Point(3.5, y), Point(20.5, y)])
            }
        case .thisEvening:
            // A crescent moon.
            p.addArc(center: Point(12, 12), radius: 9, startAngle: -.pi / 3, endAngle: .pi / 3, clockwise: false)
            p.addArc(center: Point(19, 12), radius: 8.19, startAngle: 1.88, endAngle: 4.40, clockwise: true)
            p.closeSubpath()
        case .tomorrow:
            // A rising sun on the horizon.
            p.addArc(center: Point(12, 17), radius: 5.5, startAngle: .pi, endAngle: 0, clockwise: true)
            p.addPolyline([Point(2.5, 17), Point(21.5, 17)])
            for angle in stride(from: Double.pi * 7 / 6, through: Double.pi * 11 / 6 + 0.01, by: Double.pi / 3) {
                p.move(to: Point(12 + cos(angle) * 8, 17 + sin(angle) * 8))
                p.addLine(to: Point(12 + cos(angle) * 10.5, 17 + sin(angle) * 10.5))
            }
        case .thisWeekend:
            // A mug.
            p.addPolyline([Point(4, 8), Point(16, 8), Point(16, 17)])
            p.addQuadCurve(to: Point(13, 20), control: Point(16, 20))
            p.addLine(to: Point(7, 20))
            p.addQuadCurve(to: Point(4, 17), control: Point(4, 20))
            p.closeSubpath()
            p.move(to: Point(16, 10.5))
            p.addQuadCurve(to: Point(16, 16), control: Point(21.5, 13.25))
            p.addPolyline([Point(8, 3.5), Point(8, 5.5)])
            p.addPolyline([Point(12, 3.5), Point(12, 5.5)])
        case .nextWeek:
            // A briefcase.
            p.addPath(Path(roundedRect: Rect(3, 7.5, 18, 12.5), cornerRadius: 2))
            p.addPolyline([Point(9, 7.5), Point(9, 5), Point(15, 5), Point(15, 7.5)])
            p.addPolyline([Point(3, 13), Point(21, 13)])
        case .inAMonth:
            // A calendar page.
            p.addCalendarPage()
            p.addPolyline([Point(8, 3), Point(8, 6.5)])
            p.addPolyline([Point(16, 3), Point(16, 6.5)])
        case .someday:
            // A cloud.
            p.move(to: Point(7, 18.5))
            p.addArc(center: Point(7, 14.5), radius: 4, startAngle: .pi / 2, endAngle: -.pi / 2, clockwise: true)
            p.addArc(center: Point(12.5, 10.5), radius: 5, startAngle: -2.5, endAngle: -0.3, clockwise: true)
            p.addArc(center: Point(17, 14.5), radius: 4, startAngle: -1.3, endAngle: .pi / 2, clockwise: true)
            p.closeSubpath()
        case .pickDate:
            // A calendar with a marked day.
            p.addCalendarPage()
            p.addPath(Path(roundedRect: Rect(13, 13, 4, 4), cornerRadius: 0.8))
        }
        return p
    }

    /// A shape layer showing the glyph in `frame`, stroked in `color`.
    func layer(frame: Rect, color: Color = .white, lineWidth: Double = 2.2) -> ShapeLayer {
        let layer = ShapeLayer()
        layer.frame = frame
        apply(to: layer, color: color, lineWidth: lineWidth)
        return layer
    }

    /// Draws the glyph into an existing layer, scaled to the layer's bounds.
    func apply(to layer: ShapeLayer, color: Color = .white, lineWidth: Double = 2.2) {
        let scale = min(layer.bounds.width, layer.bounds.height) / 24
        layer.path = path.applying(Transform(scaleX: scale, y: scale))
        layer.fillColor = nil
        layer.strokeColor = color
        layer.lineWidth = lineWidth
        layer.lineCap = .round
        layer.lineJoin = .round
        layer.isHitTestable = false
    }
}

private extension Path {
    /// Straight lines through `points`, starting a new subpath at the first.
    mutating func addPolyline(_ points: [Point]) {
        move(to: points[0])
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// A calendar page with its header line.
    mutating func addCalendarPage() {
        addPath(Path(roundedRect: Rect(3.5, 5, 17, 15.5), cornerRadius: 2))
        addPolyline([Point(3.5, 9.5), Point(20.5, 9.5)])
    }
}
