import KilnCore

/// The one pointer a script drives between steps, and how each step moves it.
///
/// Before any step it hovers at the canvas origin as a mouse. Raw `events` steps do not
/// move it: they stand for input of their own.
struct ScriptPointer {
    var device: PointerDevice = .mouse
    var location: Point = .zero
    var pressure: Double?
    var isDown = false

    /// Turns a script point into canvas points; the string names the step's field.
    typealias Resolver = (ScriptPoint, String) throws(InputScriptError) -> Point

    /// An event of the pointer as it is now.
    func event(_ phase: PointerPhase, at time: Double) -> ScriptOutput {
        .pointer(PointerEvent(id: ScriptPlayer.pointerID(for: device), phase: phase, location: location,
                              timestamp: time, device: device, pressure: pressure,
                              pressureSource: pressure == nil ? nil : "script", buttons: isDown ? 1 : 0))
    }

    /// What `step`, starting at `start`, emits; the pointer ends where the step leaves it.
    mutating func plan(_ step: ScriptStep, at start: Double,
                       resolving resolve: Resolver) throws(InputScriptError) -> [ScriptSegment] {
        switch step {
        case .wait:
            return []
        case .down(let point, let device, let pressure):
            return [down(at: try resolve(point, "at"), device: device, pressure: pressure, time: start)]
        case .move(let target, let duration, let curve, let pressure):
            let end = switch target {
            case .point(let point): try resolve(point, "to")
            case .by(let delta): location + delta
            }
            return [move(to: end, start: start, duration: duration, curve: curve, pressure: pressure)]
        case .hold(let duration, let pressure):
            return hold(start: start, duration: duration, pressure: pressure)
        case .up:
            return isDown ? [up(at: start)] : []
        case .drag, .press, .tap:
            return try planContact(step, at: start, resolving: resolve)
        case .pinch, .rotate, .fingers:
            // Fingers of their own: the script's one pointer stays as it is.
            return try ScriptTouchPlan.plan(step, at: start, resolving: resolve)
        case .key(let key):
            return [.output(.key(key, time: start))]
        case .events(let events):
            return events.map { .output(.pointer(Self.event($0, stepStart: start))) }
        }
    }

    /// The compound steps: down, something, up.
    private mutating func planContact(_ step: ScriptStep, at start: Double,
                                      resolving resolve: Resolver) throws(InputScriptError) -> [ScriptSegment] {
        switch step {
        case .drag(let from, let to, let duration, let curve, let device, let pressure):
            // Both ends are read now, when the step starts.
            let a = try resolve(from, "from"), b = try resolve(to, "to")
            return [down(at: a, device: device, pressure: pressure?.value(at: 0), time: start),
                    move(to: b, start: start, duration: duration, curve: curve, pressure: pressure),
                    up(at: start + duration)]
        case .press(let point, let duration, let device, let pressure):
            let p = try resolve(point, "at")
            return [down(at: p, device: device, pressure: pressure?.value(at: 0), time: start)]
                + hold(start: start, duration: duration, pressure: pressure)
                + [up(at: start + duration)]
        case .tap(let point, let duration, let device, let pressure):
            let p = try resolve(point, "at")
            return [down(at: p, device: device, pressure: pressure, time: start), up(at: start + duration)]
        default:
            return []
        }
    }

    private mutating func down(at point: Point, device: PointerDevice, pressure: Double?,
                               time: Double) -> ScriptSegment {
        self.device = device
        location = point
        self.pressure = pressure
        isDown = true
        return .output(event(.began, at: time))
    }

    private mutating func move(to end: Point, start: Double, duration: Double, curve: ScriptCurve,
                               pressure: ScriptPressure?) -> ScriptSegment {
        let motion = ScriptMotion(start: start, duration: duration, from: location, to: end,
                                  curve: curve.timingFunction, pressure: pressure,
                                  basePressure: self.pressure, device: device, isDown: isDown)
        location = end
        if let pressure { self.pressure = pressure.value(at: 1) }
        return .motion(motion)
    }

    /// Keeping still emits nothing unless the pressure is scripted: then it flows at 120 Hz.
    private mutating func hold(start: Double, duration: Double, pressure: ScriptPressure?) -> [ScriptSegment] {
        guard isDown, pressure != nil else { return [] }
        return [move(to: location, start: start, duration: duration, curve: .linear, pressure: pressure)]
    }

    /// Lifts the pointer: the event keeps the last pressure, then the pressure is gone.
    private mutating func up(at time: Double) -> ScriptSegment {
        isDown = false
        let output = event(.ended, at: time)
        pressure = nil
        return .output(output)
    }

    /// A raw event at its step's start plus its own time.
    static func event(_ raw: ScriptEvent, stepStart: Double) -> PointerEvent {
        let inContact = raw.phase == .began || raw.phase == .moved
        return PointerEvent(id: raw.id ?? ScriptPlayer.pointerID(for: raw.device), phase: raw.phase,
                            location: raw.location, timestamp: stepStart + raw.time, device: raw.device,
                            pressure: raw.pressure,
                            pressureSource: raw.pressureSource ?? (raw.pressure == nil ? nil : "script"),
                            buttons: raw.buttons ?? (inContact ? 1 : 0))
    }
}
