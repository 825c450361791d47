import Foundation

/// Two touch points made from one mouse, as the iOS Simulator makes them.
///
/// With Alt held, the pointer stands for one finger and its mirror image around the canvas
/// centre for a second. Pressing puts both down as `touch` pointers; dragging moves the
/// first with the mouse and the second opposite it, so the pair pinches and turns about the
/// centre. With Alt and Shift held when the button goes down, the drag moves both together:
/// a two-finger pan. Releasing the button lifts both, whatever the keys do meanwhile.
/// Without Alt at the press, the mouse is left alone and stays one pointer.
package struct TwoFingerMouse {
    /// The pointer ids of the two fingers, apart from the mouse's, touchscreens' and pens'.
    package static let fingerIDs = (first: 2000, second: 2001)

    /// The point the fingers mirror about: the canvas centre.
    package var centre: Point
    /// Where the fingers are while the button is down.
    package private(set) var fingers: (first: Point, second: Point)?
    /// Where the fingers would come down, while Alt is held and the button is up.
    package private(set) var preview: (first: Point, second: Point)?

    /// How the current drag moves the fingers.
    private enum Drag {
        /// The first finger follows the mouse, the second mirrors it.
        case pinch
        /// Both keep where they came down, moved by how far the mouse has gone since.
        case pan(pressedAt: Point, first: Point, second: Point)
    }
    private var drag: Drag?

    /// Pairs for a canvas whose centre is `centre`.
    package init(centre: Point) {
        self.centre = centre
    }

    /// Whether a drag of the pair is under way.
    package var isActive: Bool { drag != nil }

    /// The mirror image of `point` about the centre.
    package func mirrored(_ point: Point) -> Point {
        centre * 2 - point
    }

    /// Follows where the mouse is and which keys are held, between presses: the preview
    /// shows while Alt is held.
    package mutating func hover(at location: Point, alt: Bool) {
        preview = alt && drag == nil && location.isFinite ? (location, mirrored(location)) : nil
    }

    /// What a mouse event becomes: the two fingers' events while the pair is down, `nil`
    /// for an event that stays the mouse's own (no Alt at its press, or a hover).
    package mutating func handle(_ event: PointerEvent, alt: Bool, shift: Bool) -> [PointerEvent]? {
        switch event.phase {
        case .began:
            guard alt, drag == nil, event.location.isFinite else { return nil }
            let first = event.location, second = mirrored(first)
            drag = shift ? .pan(pressedAt: first, first: first, second: second) : .pinch
            preview = nil
            return place(first, second, phase: .began, from: event)
        case .moved:
            guard let drag else { return nil }
            guard event.location.isFinite else { return [] }
            switch drag {
            case .pinch:
                return place(event.location, mirrored(event.location), phase: .moved, from: event)
            case .pan(let pressedAt, let first, let second):
                let moved = event.location - pressedAt
                return place(first + moved, second + moved, phase: .moved, from: event)
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
