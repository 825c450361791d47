import Foundation
import KilnCore

/// Plans the multi-touch steps (`pinch`, `rotate`, `fingers`) as the events they emit.
///
/// Each finger is a touch pointer of its own, `ScriptPlayer.fingerPointerID(_:)`: it comes
/// down (`began`) at its start, moves at every tick of the step's 120 Hz clock while down
/// and once more at its exact end, and lifts (`ended`) there. All fingers share the step's
/// clock, so fingers of one step move at the same instants; at equal times the first
/// finger's events come first.
enum ScriptTouchPlan {
    /// One finger: its pointer id, when it is down (seconds from the step's start) and
    /// where it is at a time in between.
    struct Track {
        var id: Int
        var start: Double
        var end: Double
        var location: (Double) -> Point
    }

    /// The outputs of a multi-touch `step` starting at `start`; nothing for other steps.
    static func plan(_ step: ScriptStep, at start: Double,
                     resolving resolve: ScriptPointer.Resolver) throws(InputScriptError) -> [ScriptSegment] {
        let tracks: [Track]
        switch step {
        case .pinch(let pinch):
            let center = try resolve(pinch.center, "center")
            tracks = pair(center: center, duration: pinch.duration) { fraction in
                let eased = pinch.curve.timingFunction.value(at: fraction)
                let distance = pinch.startDistance + (pinch.endDistance - pinch.startDistance) * eased
                return (distance, pinch.angle)
            }
        case .rotate(let rotation):
            let center = try resolve(rotation.center, "center")
            tracks = pair(center: center, duration: rotation.duration) { fraction in
                let eased = rotation.curve.timingFunction.value(at: fraction)
                return (rotation.distance, rotation.startAngle + (rotation.endAngle - rotation.startAngle) * eased)
            }
        case .fingers(let fingers):
            tracks = try fingers.enumerated().map { (index, finger) throws(InputScriptError) in
                try track(finger, index: index, resolving: resolve)
            }
        default:
            return []
        }
        return events(of: tracks, stepStart: start).map { .output(.pointer($0)) }
    }

    /// Two fingers either side of `center`: `shape` gives their distance and angle (degrees)
    /// a fraction of the way through.
    private static func pair(center: Point, duration: Double,
                             shape: @escaping (Double) -> (distance: Double, angle: Double)) -> [Track] {
        [-1.0, 1.0].enumerated().map { index, side in
            Track(id: ScriptPlayer.fingerPointerID(index), start: 0, end: duration) { time in
                let (distance, degrees) = shape(duration > 0 ? min(time / duration, 1) : 1)
                let radians = degrees * .pi / 180
                return center + Point(cos(radians), sin(radians)) * (side * distance / 2)
            }
        }
    }

    /// A `fingers` finger: its path's points read now, straight segments between them, each
    /// eased by the curve of the point it arrives at.
    private static func track(_ finger: ScriptFinger, index: Int,
                              resolving resolve: ScriptPointer.Resolver) throws(InputScriptError) -> Track {
        var points: [Point] = []
        for (n, keyframe) in finger.path.enumerated() {
            points.append(try resolve(keyframe.point, "[\(index)].path[\(n)].at"))
        }
        let path = finger.path
        return Track(id: ScriptPlayer.fingerPointerID(index), start: finger.startTime, end: finger.endTime) { time in
            guard let next = path.firstIndex(where: { $0.time > time }), next > 0 else { return points[points.count - 1] }
            let from = path[next - 1], to = path[next]
            let fraction = (time - from.time) / (to.time - from.time)
            return points[next - 1].interpolated(to: points[next], t: to.curve.timingFunction.value(at: fraction))
        }
    }

    /// Every finger's events in time order, then finger order, then each finger's own order.
    static func events(of tracks: [Track], stepStart: Double) -> [PointerEvent] {
        var keyed: [(time: Double, finger: Int, order: Int, event: PointerEvent)] = []
        for (finger, track) in tracks.enumerated() {
            for (order, event) in events(of: track, stepStart: stepStart).enumerated() {
                keyed.append((event.timestamp, finger, order, event))
            }
        }
        keyed.sort { ($0.time, $0.finger, $0.order) < ($1.time, $1.finger, $1.order) }
        return keyed.map(\.event)
    }

    /// One finger: down, a move at each clock tick strictly inside its time, one at its end, up.
    private static func events(of track: Track, stepStart: Double) -> [PointerEvent] {
        func event(_ phase: PointerPhase, at time: Double) -> PointerEvent {
            PointerEvent(id: track.id, phase: phase, location: track.location(time), timestamp: stepStart + time,
                         device: .touch, buttons: phase == .ended ? 0 : 1)
        }
        let rate = ScriptPlayer.sampleRate
        // The first tick after the start, and the last before the end; the tolerance keeps a
        // tick that lands on either from being emitted twice (as `ScriptMotion` does).
        let first = Int(((track.start + 1e-9) * rate).rounded(.down)) + 1
        let last = Int(((track.end - 1e-9) * rate).rounded(.up)) - 1
        var events = [event(.began, at: track.start)]
        if first <= last {
            events += (first...last).map { event(.moved, at: Double($0) / rate) }
        }
        events.append(event(.moved, at: track.end))
        events.append(event(.ended, at: track.end))
        return events
    }
}
