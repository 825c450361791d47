// Merges pen readings into the pointer events that come from SDL's mouse. A tablet pen
// moves the core pointer, so SDL reports its position and buttons as a mouse; the pen
// sources know its pressure, contact and proximity. Limits: pure (no clock, no device);
// touch events pass through untouched (they carry their own pressure); one pen at a time
// drives the pointer: of the pens in proximity, one in contact, else the one that came
// near last. (When XInput2 and evdev both read the same tablet, the source so chosen stays
// the same for a whole stroke.)
import KilnCore
import KilnRuntime

/// Gives mouse events the pressure and tool of the pen that moves the pointer.
///
/// While a pen is in proximity, mouse events become pen events (`device` `.pen` or
/// `.eraser`, the pen's normalized pressure and its source's name). A press that began
/// with a pen keeps going if the pen disappears mid-press, with `pressure` nil, so the
/// scene falls back to its timed intention (P2). A pen the hub was reading that goes away
/// comes back from `apply(_:at:)` as a `PenLoss`, for the HUD. `catchUp(at:)` reports
/// changes that came without pointer motion (pressing harder in place, the pen leaving).
///
/// The press outlives its pen. When a device goes, the X server lets go of its buttons, so
/// a release of the core pointer follows the loss; a release within `lossReleaseGrace` of
/// the loss of the pen that was pressing is taken for that and held back (`merge` returns
/// nil). The press is then held: the mouse moves it (hover becomes drag), the next click
/// ends it (its press is swallowed, its release is the press's end), and if nothing does,
/// `catchUp(at:)` cancels it `PenLoss.heldPressDuration` seconds after the loss; a cancel
/// never confirms. Limits: a release that reaches the app before the loss does (the X
/// server's events and the device's own can come in either order within a frame) ends the
/// press as a lift would.
public struct PenHub: Sendable {
    /// What a pointer event says about the tool and its pressure.
    private struct Delivered: Equatable, Sendable {
        var device: PointerDevice
        var pressure: Double?
        var source: String?
    }

    private var readings: [String: PenReading] = [:]
    /// Reading keys in the order their pens last came near.
    private var order: [String] = []
    private var isPressed = false
    private var pressTool: PointerDevice?
    /// The reading key of the pen that began the press in progress, if a pen did.
    private var pressKey: String?
    private var lastLocation: Point?
    private var lastDelivered: Delivered?
    /// When the pen that carried the press in progress was lost, if it was.
    private var pressLostAt: Double?
    /// Whether the core pointer was let go after the loss and the press is held for it.
    private var isHeld = false

    /// Seconds after a pressing pen's loss within which a release of the core pointer is
    /// taken for the X server letting go of the lost device's buttons.
    public static let lossReleaseGrace = 0.5

    /// Makes a hub that knows no pen.
    public init() {}

    /// The pen that drives the pointer now: in contact first, else the last to come near.
    public var activePen: PenReading? {
        let near = order.compactMap { readings[$0] }.filter(\.isInProximity)
        return near.last(where: \.isInContact) ?? near.last
    }

    /// Takes a source's update at `time` (on the pointer events' clock); a disappeared device
    /// stops counting at once. Returns the loss when the device was one the hub had readings of.
    @discardableResult
    package mutating func apply(_ update: PenSourceUpdate, at time: Double) -> PenLoss? {
        switch update {
        case .reading(let reading):
            let wasNear = readings[reading.key]?.isInProximity ?? false
            readings[reading.key] = reading
            if reading.isInProximity && !wasNear {
                order.removeAll { $0 == reading.key }
                order.append(reading.key)
            }
        case .disappeared(let key, let name, _):
            guard let known = readings.removeValue(forKey: key) else { return nil }
            order.removeAll { $0 == key }
            let wasPressing = isPressed && pressKey == key
            if wasPressing { pressLostAt = time }
            return PenLoss(deviceName: name, source: known.source, time: time, wasPressing: wasPressing)
        case .appeared:
            break
        }
        return nil
    }

    /// `event` with the active pen's tool and pressure, when it comes from the mouse; nil
    /// when it is held back because a press outlives its lost pen (see the type's notes).
    public mutating func merge(_ event: PointerEvent) -> PointerEvent? {
        guard event.device == .mouse else { return event }
        var event = event
        if isHeld {
            switch event.phase {
            case .began: return nil
            case .hover, .moved: event.phase = .moved
            case .ended, .cancelled: isHeld = false
            }
            event.buttons = 1
        } else if event.phase == .ended, isPressed, let lostAt = pressLostAt,
                  event.timestamp - lostAt <= Self.lossReleaseGrace {
            isHeld = true
            return nil
        }
        if event.phase == .began {
            isPressed = true
            pressTool = activePen?.tool
            pressKey = activePen?.key
            pressLostAt = nil
        }
        var merged = event
        let state = currentState()
        merged.device = state.device
        merged.pressure = state.pressure
        merged.pressureSource = state.source
        lastDelivered = state
        lastLocation = event.location
        if event.phase == .ended || event.phase == .cancelled { endPress() }
        return merged
    }

    private mutating func endPress() {
        isPressed = false
        isHeld = false
        pressTool = nil
        pressKey = nil
        pressLostAt = nil
    }

    /// Events that bring the scene up to date with pen changes that came without pointer
    /// motion: a `.moved` while pressed, a `.hover` otherwise; none when nothing changed.
    /// `time` should not be earlier than the events already merged.
    /// A press held after its pen's loss is cancelled here once `PenLoss.heldPressDuration` is up.
    public mutating func catchUp(at time: Double) -> [PointerEvent] {
        guard let location = lastLocation, let delivered = lastDelivered else { return [] }
        if isHeld, let lostAt = pressLostAt, time - lostAt >= PenLoss.heldPressDuration {
            endPress()
            lastDelivered = currentState()
            return [PointerEvent(id: 0, phase: .cancelled, location: location, timestamp: time,
                                 device: delivered.device, buttons: 0)]
        }
        let state = currentState()
        guard state != delivered else { return [] }
        // Only pen changes matter: a plain mouse that stays a plain mouse needs no event.
        guard state.device != .mouse || delivered.device != .mouse else { return [] }
        lastDelivered = state
        return [PointerEvent(id: 0, phase: isPressed ? .moved : .hover, location: location,
                             timestamp: time, device: state.device, pressure: state.pressure,
                             pressureSource: state.source, buttons: isPressed ? 1 : 0)]
    }

    /// The tool and pressure a mouse event should carry now.
    private func currentState() -> Delivered {
        if let pen = activePen {
            return Delivered(device: pen.tool, pressure: pen.pressure, source: pen.source)
        }
        if isPressed, let tool = pressTool {
            // The pen went away mid-press: the press goes on, without pressure.
            return Delivered(device: tool, pressure: nil, source: nil)
        }
        return Delivered(device: .mouse, pressure: nil, source: nil)
    }
}
