import Foundation
import KilnCore

/// Two touch points made from one mouse, as the iOS Simulator makes them, about the point
/// the mouse is pressed at.
///
/// With Alt held, the pointer stands between two fingers `spread` points apart on a
/// horizontal line: the pinch's centre. Pressing puts both down there as `touch` pointers, so
/// both land on whatever lies under the pointer; dragging moves the left finger as the mouse
/// moves and the right one opposite it, so the pair pinches and turns about the point
/// pressed (drag left to spread, right to pinch, up or down to turn). With Alt and Shift
/// held when the button goes down, the drag moves both together: a two-finger pan.
/// Releasing the button lifts both, whatever the keys do meanwhile. Without Alt at the
/// press, the mouse is left alone and stays one pointer.
package struct TwoFingerMouse {
    /// The pointer ids of the two fingers, apart from the mouse's, touchscreens' and pens'.
    package static let fingerIDs = (first: 2000, second: 2001)
    /// How far apart the fingers come down, in canvas points, as a touchpad's pair starts.
    package static let spread = FingerPair.spread

    /// Where the fingers are while the button is down.
    package private(set) var fingers: (first: Point, second: Point)?
    /// Where the fingers would come down, while Alt is held and the button is up.
    package private(set) var preview: (first: Point, second: Point)?

    /// How the current drag moves the fingers.
    private enum Drag {
        /// The first finger moves with the mouse, the second mirrors it about `pressedAt`.
        case pinch(pressedAt: Point)
        /// Both move with the mouse, either side of it.
        case pan
    }
    private var drag: Drag?

    /// A mouse whose fingers are up.
    package init() {}

    /// Whether a drag of the pair is under way.
    package var isActive: Bool { drag != nil }

    /// Where the two fingers come down for a press at `centre`: either side of it.
    package static func placed(about centre: Point) -> (first: Point, second: Point) {
        let half = Point(x: spread / 2, y: 0)
        return (centre - half, centre + half)
    }

    /// Follows where the mouse is and which keys are held, between presses: the preview
    /// shows while Alt is held.
    package mutating func hover(at location: Point, alt: Bool) {
        preview = alt && drag == nil && location.isFinite ? Self.placed(about: location) : nil
    }

    /// What a mouse event becomes: the two fingers' events while the pair is down, `nil`
    /// for an event that stays the mouse's own (no Alt at its press, or a hover).
    package mutating func handle(_ event: PointerEvent, alt: Bool, shift: Bool) -> [PointerEvent]? {
        switch event.phase {
        case .began:
            guard alt, drag == nil, event.location.isFinite else { return nil }
            let (first, second) = Self.placed(about: event.location)
            drag = shift ? .pan : .pinch(pressedAt: event.location)
            preview = nil
            return place(first, second, phase: .began, from: event)
        case .moved:
            guard let drag else { return nil }
            guard event.location.isFinite else { return [] }
            switch drag {
            case .pinch(let pressedAt):
                let first = Self.placed(about: pressedAt).first + (event.location - pressedAt)
                return place(first, pressedAt * 2 - first, phase: .moved, from: event)
            case .pan:
                let (first, second) = Self.placed(about: event.location)
                return place(first, second, phase: .moved, from: event)
            }
        case .ended, .cancelled:
            guard drag != nil, let (first, second) = fingers else { return nil }
            drag = nil
            fingers = nil
            hover(at: event.location, alt: alt)
            return Self.events(first, second, phase: event.phase, from: event)
        case .hover:
            hover(at: event.location, alt: alt)
            return nil
        }
    }

    private mutating func place(_ first: Point, _ second: Point, phase: PointerPhase,
                                from event: PointerEvent) -> [PointerEvent] {
        fingers = (first, second)
        return Self.events(first, second, phase: phase, from: event)
    }

    /// The two fingers' events of one phase, at the mouse event's time.
    static func events(_ first: Point, _ second: Point, phase: PointerPhase,
                       from event: PointerEvent) -> [PointerEvent] {
        [(fingerIDs.first, first), (fingerIDs.second, second)].map { id, location in
            PointerEvent(id: id, phase: phase, location: location, timestamp: event.timestamp, device: .touch,
                         buttons: phase == .ended || phase == .cancelled ? 0 : 1)
        }
    }
}

/// Two fingers placed about a centre: the pair a touchpad's pinch and rotate gesture stands
/// for, since a touchpad reports the gesture and not where its fingers are.
///
/// The fingers start `spread` points apart on a horizontal line through the centre; `scale`
/// multiplies that distance and `angle` (radians, clockwise on screen) turns the pair, so a
/// pinch recognizer reads back the scale and a rotation recognizer the angle.
package struct FingerPair {
    /// The pointer ids of the two fingers, apart from every other source's.
    package static let fingerIDs = (first: 2100, second: 2101)
    /// How far apart the fingers start, in canvas points.
    package static let spread = 100.0

    /// Where the first and second fingers are for a gesture at `centre` with `scale` and `angle`.
    package static func locations(centre: Point, scale: Double, angle: Double) -> (first: Point, second: Point) {
        let half = spread * max(scale, 0.01) / 2
        let offset = Point(x: half * cos(angle), y: half * sin(angle))
        return (centre - offset, centre + offset)
    }

    /// The two fingers' events of one phase at `time`.
    package static func events(centre: Point, scale: Double, angle: Double, phase: PointerPhase,
                               time: Double) -> [PointerEvent] {
        let (first, second) = locations(centre: centre, scale: scale, angle: angle)
        return [(fingerIDs.first, first), (fingerIDs.second, second)].map { id, location in
            PointerEvent(id: id, phase: phase, location: location, timestamp: time, device: .touch,
                         buttons: phase == .ended || phase == .cancelled ? 0 : 1)
        }
    }
}
