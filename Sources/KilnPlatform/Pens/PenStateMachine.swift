// Turns evdev events into pen samples, one per SYN_REPORT frame. Limits: pure; reading a
// device, and querying it for a resync after SYN_DROPPED (EVIOCGKEY, EVIOCGABS), is the
// host's job. Only the pen tool is tracked: eraser and other tools are ignored.

/// Decodes a pen tablet's evdev events into `PenSample`s, one per complete frame.
///
/// Axes missing from a frame keep their last good value (evdev only reports changes).
/// Proximity follows `BTN_TOOL_PEN`; for tablets that never send proximity-out, a hovering
/// pen that stays silent for `proximityTimeout` seconds is taken to have left.
public struct PenStateMachine: Sendable {
    /// Where the decoder stands relative to the kernel's event stream.
    public enum SyncState: Equatable, Sendable {
        /// Events are applied as they come.
        case inSync
        /// `SYN_DROPPED` arrived: events are discarded up to the next `SYN_REPORT`.
        case dropping
        /// Events were lost; frames are applied again, but key states may be stale until
        /// the host calls `resync(absoluteValues:pressedKeys:time:)`.
        case needsResync
    }

    /// The raw state built up from events.
    private struct RawState: Equatable {
        var x: Int32 = 0
        var y: Int32 = 0
        var pressure: Int32
        var isTouching = false
        var isPenTool = false
    }

    /// The tablet whose events are decoded.
    public let device: PenDevice
    /// Seconds of silence after which a hovering pen counts as gone; nil waits forever.
    public var proximityTimeout: Double?
    /// Whether events are being applied or discarded after `SYN_DROPPED`.
    public private(set) var syncState: SyncState = .inSync
    /// The sample of the last complete frame, or nil before the first.
    public private(set) var current: PenSample?

    private var committed: RawState
    private var pending: RawState
    private var isTimedOut = false

    /// Makes a decoder for `device` that has seen no events yet.
    public init(device: PenDevice, proximityTimeout: Double? = 0.5) {
        self.device = device
        self.proximityTimeout = proximityTimeout
        committed = RawState(pressure: device.pressureAxis.minimum)
        pending = committed
    }

    /// Applies one event; returns a sample when it completes a frame.
    public mutating func consume(_ event: EvdevEvent) -> PenSample? {
        switch syncState {
        case .dropping:
            if event.isSynReport {
                pending = committed
                syncState = .needsResync
            }
            return nil
        case .inSync, .needsResync:
            if event.isSynDropped {
                pending = committed
                syncState = .dropping
                return nil
            }
            if event.isSynReport {
                return commit(at: event.seconds)
            }
            apply(event)
            return nil
        }
    }

    /// Applies events in order and returns the samples of the frames they complete.
    public mutating func consume(_ events: some Sequence<EvdevEvent>) -> [PenSample] {
        events.compactMap { consume($0) }
    }

    /// Moves time on without events; returns a proximity-out sample when the timeout passes.
    public mutating func advance(to time: Double) -> PenSample? {
        guard let timeout = proximityTimeout, let sample = current,
            sample.isInProximity, !sample.isInContact, time - sample.time >= timeout
        else { return nil }
        isTimedOut = true
        let left = makeSample(from: committed, at: time)
        current = left
        return left
    }

    /// Replaces the state with the device's current one, as queried after `SYN_DROPPED`.
    ///
    /// `absoluteValues` may hold every axis the device has; the decoder takes x, y and
    /// pressure from it, and an axis missing from it keeps its last value. A key missing
    /// from `pressedKeys` is up.
    public mutating func resync(
        absoluteValues: [UInt16: Int32], pressedKeys: Set<UInt16>, time: Double
    ) -> PenSample {
        var state = committed
        state.x = absoluteValues[EvdevCode.absX] ?? state.x
        state.y = absoluteValues[EvdevCode.absY] ?? state.y
        state.pressure = absoluteValues[EvdevCode.absPressure] ?? state.pressure
        state.isTouching = pressedKeys.contains(EvdevCode.btnTouch)
        state.isPenTool = pressedKeys.contains(EvdevCode.btnToolPen)
        pending = state
        syncState = .inSync
        return commit(at: time)
    }

    /// A sample's position in millimetres from the axis minimum, when both axes have a resolution.
    public func millimetres(of sample: PenSample) -> (x: Double, y: Double)? {
        guard let x = device.xAxis?.millimetres(fromRaw: sample.x),
            let y = device.yAxis?.millimetres(fromRaw: sample.y)
        else { return nil }
        return (x, y)
    }

    /// Updates the pending frame with one axis or key event; other events are ignored.
    private mutating func apply(_ event: EvdevEvent) {
        switch (event.type, event.code) {
        case (EvdevCode.evAbs, EvdevCode.absX): pending.x = event.value
        case (EvdevCode.evAbs, EvdevCode.absY): pending.y = event.value
        case (EvdevCode.evAbs, EvdevCode.absPressure): pending.pressure = event.value
        case (EvdevCode.evKey, EvdevCode.btnTouch): pending.isTouching = event.value != 0
        case (EvdevCode.evKey, EvdevCode.btnToolPen): pending.isPenTool = event.value != 0
        default: break
        }
    }

    /// Ends a frame: the pending state becomes the current one.
    private mutating func commit(at time: Double) -> PenSample {
        committed = pending
        isTimedOut = false
        let sample = makeSample(from: committed, at: time)
        current = sample
        return sample
    }

    /// The sample a raw state stands for: normalized pressure, contact and proximity.
    private func makeSample(from state: RawState, at time: Double) -> PenSample {
        let pressure = device.pressureAxis.normalized(state.pressure)
        let isNear = (device.hasProximityButton ? state.isPenTool : true) && !isTimedOut
        let isTouching = device.hasTouchButton ? state.isTouching : pressure > 0
        return PenSample(
            time: time, x: state.x, y: state.y, rawPressure: state.pressure,
            pressure: pressure, isInContact: isNear && isTouching, isInProximity: isNear)
    }
}
