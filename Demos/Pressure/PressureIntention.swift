import Kiln

/// The pressure/intention model of the confirm ring (P2–P5): how hard, or how long, a
/// press has been held, and what a release would do.
///
/// A press with pressure maps it to an intention of `min(pressure / fullPress, 1)`. A press
/// without pressure (a mouse) falls back to time: the intention grows by `timedStep` at each
/// `timedInterval` tick. Ticks are counted, not summed, so twenty ticks of 0.05 are exactly 1.
/// A press whose pressure source is lost part way (a tablet unplugged) falls back to time
/// from that moment without a jump: the ramp starts from the intention it had, one
/// `timedStep` per `timedInterval` counted from the loss (see `fallBackToTime(heldFor:)`).
/// Above `fullThreshold` the press is full: `confirmed` with the pointer inside the
/// container's frame, `selected` outside it. With `latchesWhenFull`, a full press stays full
/// until release. Updates report a state only when it really changes.
public struct PressureIntention: Sendable {
    /// The thresholds in use.
    public var tuning: PressureTuning
    /// Where the press stands.
    public private(set) var state: ConfirmState = .idle
    /// The intention, 0…1.
    public private(set) var intention = 0.0
    /// The latest pressure (0…1 of the device's range), or `nil` on the timed fallback.
    public private(set) var pressure: Double?
    /// Whether this press uses the timed fallback (it began without pressure, or lost it).
    public private(set) var isTimed = false
    /// The intention the timed ramp starts from: 0 for a press that began without pressure,
    /// the intention at the loss for one that fell back to time.
    public private(set) var timedBase = 0.0
    /// Seconds into the press when the timed ramp started: 0, or when the pressure was lost.
    public private(set) var timedSince = 0.0
    /// Whether the intention is held full until release.
    public private(set) var isLatched = false
    /// The container's frame in canvas points, fixed when the press began.
    public private(set) var containerFrame = Rect.zero
    /// The timed fallback's ticks so far, counted from `timedSince`.
    public private(set) var ticks = 0

    /// A model with no press, using `tuning`'s thresholds.
    public init(tuning: PressureTuning = PressureTuning()) {
        self.tuning = tuning
    }

    /// Whether the intention is above the full threshold.
    public var isFull: Bool { intention > tuning.fullThreshold }

    /// What the ring shows: the intention, drawn whole once full.
    public var strokeEnd: Double { isFull ? 1 : intention }

    /// The intention a pressure stands for: `min(pressure / fullPress, 1)`, never below 0;
    /// NaN, which only a glitching device reports, stands for none.
    public static func intention(pressure: Double, fullPress: Double) -> Double {
        guard !pressure.isNaN else { return 0 }
        guard fullPress > 0 else { return pressure > 0 ? 1 : 0 }
        return min(max(pressure, 0) / fullPress, 1)
    }

    /// The timed fallback's ticks after holding for `duration` seconds. A tick due within a
    /// microsecond counts, so that 2.0 s is 20 ticks even when the times add up to 1.9999999.
    public static func ticks(heldFor duration: Double, interval: Double) -> Int {
        guard interval > 0, duration > 0 else { return 0 }
        return Int((duration / interval + 1e-6).rounded(.down))
    }

    /// A press begins; the ring's container has `containerFrame` (canvas points).
    /// `pressure` is `nil` for a pointer without pressure, which then uses the timed fallback.
    public mutating func begin(containerFrame: Rect, pressure: Double?) {
        self.containerFrame = containerFrame
        self.pressure = pressure
        isTimed = pressure == nil
        isLatched = false
        ticks = 0
        timedBase = 0
        timedSince = 0
        intention = pressure.map { Self.intention(pressure: $0, fullPress: tuning.fullPress) } ?? 0
        state = .updating
        latchIfFull()
    }

    /// The press has been held `duration` seconds and is now at `location` with `pressure`
    /// (`nil` or NaN: unchanged, the last good reading holds). Returns the new state when it
    /// changed, `nil` when it did not.
    @discardableResult
    public mutating func update(heldFor duration: Double, pressure newPressure: Double?,
                                location: Point) -> ConfirmState? {
        guard state != .idle else { return nil }
        if isTimed {
            ticks = max(ticks, Self.ticks(heldFor: duration - timedSince, interval: tuning.timedInterval))
            intention = min(timedBase + Double(ticks) * tuning.timedStep, 1)
        } else {
            if let newPressure, !newPressure.isNaN { pressure = newPressure }
            intention = isLatched ? 1 : Self.intention(pressure: pressure ?? 0, fullPress: tuning.fullPress)
            latchIfFull()
        }
        let next: ConfirmState = isFull ? (containerFrame.contains(location) ? .confirmed : .selected) : .updating
        guard next != state else { return nil }
        state = next
        return next
    }

    /// The press's pressure source is gone (a tablet unplugged mid-press) after it was held
    /// `duration` seconds: the press goes on with the timed fallback from this moment. The
    /// ring neither resets nor jumps: the intention stays where it is (full stays full), then
    /// grows by `timedStep` at every `timedInterval` after `duration`, so it is full at the
    /// first tick `n` with `intention + n × timedStep > fullThreshold`, and not before.
    /// The state is unchanged until the next `update`. Returns false, changing nothing, when
    /// there is no press or it is timed already.
    @discardableResult
    public mutating func fallBackToTime(heldFor duration: Double) -> Bool {
        guard state != .idle, !isTimed else { return false }
        isTimed = true
        timedBase = intention
        timedSince = duration
        ticks = 0
        pressure = nil
        return true
    }

    /// The press ends: `confirmed` fires the action, anything else cancels (P5). Back to idle.
    public mutating func end() -> ConfirmOutcome {
        let outcome: ConfirmOutcome = state == .confirmed ? .confirmed : .cancelled
        state = .idle
        intention = 0
        pressure = nil
        isLatched = false
        isTimed = false
        ticks = 0
        timedBase = 0
        timedSince = 0
        return outcome
    }

    private mutating func latchIfFull() {
        guard tuning.latchesWhenFull, !isTimed, isFull else { return }
        isLatched = true
        intention = 1
    }
}
