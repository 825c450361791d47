import Foundation
import KilnCore

/// The timeline strip along the canvas's bottom: the last minute of the scene, its touches
/// as ticks, its events as dots, and a playhead at the moment shown. Dragging on it scrubs.
/// Window chrome: recordings are rendered again offline, without it.
package final class TimelineStrip {
    /// The strip's tree; draw it over the scene.
    package let layer = Layer()
    /// Seconds the strip spans.
    package static let span = 60.0
    /// The strip's height in points.
    package static let height = 58.0
    private let canvas: Size
    private let track = Layer()
    private let ticks = ShapeLayer()
    private let lifts = ShapeLayer()
    private let dots = ShapeLayer()
    private let playhead = Layer()
    private let label = TextLayer()
    private let startLabel = TextLayer()
    private var shown: (timeline: SessionTimeline, time: Double)?
    private let inset = 14.0

    /// A hidden strip for a canvas of `canvasSize` points.
    package init(canvasSize: Size) {
        canvas = canvasSize
        layer.frame = Rect(0, canvasSize.height - Self.height, canvasSize.width, Self.height)
        layer.backgroundColor = Color(white: 0.06, alpha: 0.88)
        layer.isHitTestable = false
        layer.isHidden = true
        // A hairline along the top sets the strip off from a dark scene.
        let edge = Layer()
        edge.frame = Rect(0, 0, canvasSize.width, 0.5)
        edge.backgroundColor = Color(white: 1, alpha: 0.16)
        layer.addSublayer(edge)
        track.frame = Rect(inset, 30, canvasSize.width - 2 * inset, 2)
        track.backgroundColor = Color(white: 1, alpha: 0.22)
        track.cornerRadius = 1
        layer.addSublayer(track)
        for (shape, color) in [(ticks, Color(white: 1, alpha: 0.9)), (lifts, Color(white: 1, alpha: 0.45)),
                               (dots, Color(hex: 0xFFD60A))] {
            shape.frame = layer.bounds
            shape.fillColor = color
            layer.addSublayer(shape)
        }
        playhead.bounds = Rect(0, 0, 2, 34)
        playhead.backgroundColor = Color(hex: 0xFF453A)
        playhead.cornerRadius = 1
        layer.addSublayer(playhead)
        for (text, alignment) in [(label, TextAlignment.right), (startLabel, .left)] {
            text.frame = Rect(inset, 6, canvasSize.width - 2 * inset, 14)
            text.fontSize = 11
            text.fontWeight = .semibold
            text.foregroundColor = Color(white: 1, alpha: 0.75)
            text.alignmentMode = alignment
            layer.addSublayer(text)
        }
    }

    /// Whether the strip shows.
    package var isVisible: Bool {
        get { !layer.isHidden }
        set { layer.isHidden = !newValue }
    }

    /// Whether canvas point `point` is on the strip, while it shows.
    package func contains(_ point: Point) -> Bool {
        isVisible && layer.frame.contains(point)
    }

    /// The scene time under canvas x `x` for `timeline`, between the strip's start and its end.
    package func time(atX x: Double, of timeline: SessionTimeline) -> Double {
        let (start, end) = range(of: timeline)
        let fraction = min(max((x - inset) / (canvas.width - 2 * inset), 0), 1)
        return start + fraction * (end - start)
    }

    /// Draws `timeline` with the playhead at scene time `time`.
    package func update(_ timeline: SessionTimeline, at time: Double) {
        guard isVisible, shown.map({ $0.timeline != timeline || $0.time != time }) ?? true else { return }
        shown = (timeline, time)
        let (start, end) = range(of: timeline)
        func x(_ t: Double) -> Double { inset + (t - start) / max(end - start, 1e-9) * (canvas.width - 2 * inset) }
        var down = Path(), up = Path(), events = Path()
        for mark in timeline.marks where mark.time >= start && mark.time <= end {
            switch mark.kind {
            case .touchDown: down.addPath(Path(rect: Rect(x(mark.time) - 1, 22, 2, 18)))
            case .touchUp: up.addPath(Path(rect: Rect(x(mark.time) - 0.5, 26, 1, 10)))
            case .event: events.addPath(Path(ellipseIn: Rect(x(mark.time) - 3, 44, 6, 6)))
            }
        }
        ticks.path = down
        lifts.path = up
        dots.path = events
        playhead.position = Point(x(min(max(time, start), end)), 31)
        label.string = String(format: "%.2f s", time)
        startLabel.string = start > 0 ? String(format: "%.0f s", start) : "0 s"
    }

    /// The stretch shown: the last `span` seconds up to the end, at least a second long.
    private func range(of timeline: SessionTimeline) -> (Double, Double) {
        let end = max(timeline.end, 1)
        return (max(0, end - Self.span), end)
    }
}
