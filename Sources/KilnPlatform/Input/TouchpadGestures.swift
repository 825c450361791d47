// Touchpad pinch and rotate through XInput 2.4's gesture events (X.Org 21.1 and later, and
// XWayland, with libinput), read on a connection of Kiln's own from SDL's window, which
// SDL2 does not report. A touchpad tells the gesture (scale, angle, the centre's motion),
// not where its fingers are, so each gesture becomes two touch fingers about the pointer
// (`FingerPair`) and reaches the scene's pinch and rotation recognizers as a touchscreen's
// would. Limits: X11 and XWayland only; polled once per frame, never blocking.
import CXInput2
import Foundation
import KilnCore
import KilnRuntime

/// One touchpad pinch event, as plain values.
struct TouchpadPinchSample: Equatable {
    enum Kind { case begin, update, end }
    var kind: Kind
    /// Where the pointer is, in window coordinates.
    var location: Point
    /// How far the fingers' centre moved since the last event, in window coordinates.
    var delta: Point
    /// The fingers' spread relative to where the gesture began (absolute, 1 at the start).
    var scale: Double
    /// How far the fingers turned since the last event, in degrees, clockwise.
    var deltaAngle: Double
    /// Whether the gesture was cancelled rather than ended.
    var isCancelled = false
}

/// Turns touchpad pinch events into two fingers' pointer events.
struct TouchpadPinch {
    private var centre: Point?
    private var angle = 0.0

    /// The fingers' events for `sample` at scene time `time`; `canvasPoint` maps window
    /// coordinates to canvas points.
    mutating func events(for sample: TouchpadPinchSample, time: Double,
                         canvasPoint: (Point) -> Point) -> [PointerEvent] {
        switch sample.kind {
        case .begin:
            let start = canvasPoint(sample.location)
            guard start.isFinite else { return [] }
            centre = start
            angle = 0
            return FingerPair.events(centre: start, scale: 1, angle: 0, phase: .began, time: time)
        case .update, .end:
            guard let before = centre else { return [] }
            let moved = canvasPoint(sample.location + sample.delta) - canvasPoint(sample.location)
            if moved.isFinite { centre = before + moved }
            if sample.deltaAngle.isFinite { angle += sample.deltaAngle * .pi / 180 }
            let scale = sample.scale.isFinite && sample.scale > 0 ? sample.scale : 1
            let phase: PointerPhase = sample.kind == .update ? .moved : sample.isCancelled ? .cancelled : .ended
            let events = FingerPair.events(centre: centre ?? before, scale: scale, angle: angle, phase: phase, time: time)
            if sample.kind == .end { centre = nil }
            return events
        }
    }
}

/// Reads a touchpad's pinch and rotate gestures on one window.
final class TouchpadGestureReader {
    private let connection: XInput2Connection
    private var pinch = TouchpadPinch()

    /// The XInput minor version that gesture events need.
    static let gestureMinor: Int32 = 4

    /// Connects to `displayName` (or `DISPLAY`); throws, with the server's version, where
    /// XInput 2.4 is missing.
    init(displayName: String? = nil) throws(XInput2Error) {
        connection = try XInput2Connection(displayName: displayName, minor: Self.gestureMinor)
        guard connection.minorVersion >= Self.gestureMinor else {
            throw XInput2Error("the X server at \(connection.name) has XInput 2.\(connection.minorVersion); "
                               + "touchpad pinch and rotate need 2.\(Self.gestureMinor)")
        }
    }

    /// The X display read from.
    var displayName: String { connection.name }

    /// Starts reading gestures on `window` (an X window id, such as SDL's); false if refused.
    @discardableResult
    func attach(window: UInt) -> Bool {
        let accepted = connection.select([XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd],
                                         deviceID: XIAllMasterDevices, on: Window(window))
        XFlush(connection.display)
        return accepted
    }

    /// The fingers' events of every gesture event since the last poll, at scene time `time`.
    func poll(time: Double, canvasPoint: (Point) -> Point) -> [PointerEvent] {
        let display = connection.display
        var events: [PointerEvent] = []
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            guard event.type == GenericEvent else { continue }
            let sample: TouchpadPinchSample? = withUnsafeMutablePointer(to: &event.xcookie) { self.sample(from: $0) }
            if let sample { events += pinch.events(for: sample, time: time, canvasPoint: canvasPoint) }
        }
        return events
    }

    private func sample(from cookie: UnsafeMutablePointer<XGenericEventCookie>) -> TouchpadPinchSample? {
        let display = connection.display
        guard cookie.pointee.extension == connection.opcode, XGetEventData(display, cookie) != 0 else { return nil }
        defer { XFreeEventData(display, cookie) }
        let kind: TouchpadPinchSample.Kind
        switch cookie.pointee.evtype {
        case XI_GesturePinchBegin: kind = .begin
        case XI_GesturePinchUpdate: kind = .update
        case XI_GesturePinchEnd: kind = .end
        default: return nil
        }
        let raw = cookie.pointee.data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
        return TouchpadPinchSample(kind: kind, location: Point(x: raw.event_x, y: raw.event_y),
                                   delta: Point(x: raw.delta_x, y: raw.delta_y), scale: raw.scale,
                                   deltaAngle: raw.delta_angle,
                                   isCancelled: raw.flags & Int32(XIGesturePinchEventCancelled) != 0)
    }
}
