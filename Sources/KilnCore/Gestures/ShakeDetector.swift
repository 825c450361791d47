/// Detects a shake of the pointer: quick horizontal back-and-forth, like shaking a phone to undo.
///
/// Fed positions with timestamps, it finds horizontal direction reversals — turning points
/// after a leg of at least `minimumLegLength` points in each direction — and fires once when
/// `requiredReversals` of them fall within `window` seconds. It fires again only after the
/// pointer has gone a full `window` without reversing. Vertical motion is ignored.
public struct ShakeDetector: Sendable {
    /// How many direction reversals make a shake.
    public var requiredReversals = 3
    /// The longest time, in seconds, from the first to the last of those reversals.
    public var window = 0.6
    /// The shortest horizontal leg, in points, that counts as moving in one direction.
    public var minimumLegLength = 8.0

    /// +1 moving right, -1 moving left, 0 before the first leg.
    private var direction = 0.0
    /// The furthest point of the current leg: where a reversal would turn.
    private var extreme: (x: Double, time: Double)?
    private var reversalTimes: [Double] = []
    private var hasFired = false

    /// A detector with the default thresholds: 3 reversals within 0.6 s, legs of 8 points.
    public init() {}

    /// Adds where the pointer is at `time` (seconds, not decreasing); true when this sample completes a shake.
    public mutating func add(_ point: Point, at time: Double) -> Bool {
        guard let turn = extreme else {
            extreme = (point.x, time)
            return false
        }
        let travel = point.x - turn.x
        if direction == 0 {
            // The first leg starts where the pointer was first seen.
            guard abs(travel) >= minimumLegLength else { return false }
            direction = travel > 0 ? 1 : -1
            extreme = (point.x, time)
            return false
        }
        if travel * direction >= 0 {
            // Still heading the same way (or not moving): the leg grows.
            if travel != 0 { extreme = (point.x, time) }
            return false
        }
        guard abs(travel) >= minimumLegLength else { return false }
        direction = -direction
        extreme = (point.x, time)
        return recordReversal(at: turn.time)
    }

    /// Forgets the motion so far, as when the pointer leaves or lifts.
    public mutating func reset() {
        self = ShakeDetector(requiredReversals: requiredReversals, window: window,
                             minimumLegLength: minimumLegLength)
    }

    private init(requiredReversals: Int, window: Double, minimumLegLength: Double) {
        self.requiredReversals = requiredReversals
        self.window = window
        self.minimumLegLength = minimumLegLength
    }

    /// Counts a reversal that turned at `time`; true when it completes a shake.
    private mutating func recordReversal(at time: Double) -> Bool {
        if let previous = reversalTimes.last, time - previous > window {
            // A pause as long as the window ends the shake: the next one may fire again.
            hasFired = false
        }
        reversalTimes.append(time)
        reversalTimes.removeAll { time - $0 > window }
        guard !hasFired, reversalTimes.count >= requiredReversals else { return false }
        hasFired = true
        return true
    }
}
