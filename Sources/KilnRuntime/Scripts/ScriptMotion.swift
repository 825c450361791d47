import KilnCore

/// What a step emits: single outputs and motions sampled on demand, so that a long hold
/// never holds its thousands of events in memory.
enum ScriptSegment {
    case output(ScriptOutput)
    case motion(ScriptMotion)

    /// How many outputs the segment emits.
    var count: Int {
        switch self {
        case .output: 1
        case .motion(let motion): motion.count
        }
    }

    /// The segment's `index`th output.
    func output(_ index: Int) -> ScriptOutput {
        switch self {
        case .output(let output): output
        case .motion(let motion): .pointer(motion.event(index))
        }
    }
}

/// A pointer moving (or keeping still while its pressure changes) for a while, sampled
/// at `ScriptPlayer.sampleRate` from its start, plus one sample at its exact end.
struct ScriptMotion {
    var start: Double
    var duration: Double
    var from: Point
    var to: Point
    var curve: TimingFunction
    /// The pressure over the motion; `nil` keeps `basePressure` throughout.
    var pressure: ScriptPressure?
    var basePressure: Double?
    var device: PointerDevice
    var isDown: Bool

    /// Samples strictly inside the motion: k / rate for k = 1, 2, … while before the end.
    private var innerCount: Int {
        // The tolerance keeps a sample that lands on the end (0.5 s = 60 / 120) from
        // being emitted twice.
        let samples = ((duration - 1e-9) * ScriptPlayer.sampleRate).rounded(.up) - 1
        return max(0, Int(samples))
    }

    /// All samples, the end included.
    var count: Int { innerCount + 1 }

    /// The `index`th sample; the last one is exactly at the end, at `to`.
    func event(_ index: Int) -> PointerEvent {
        let isEnd = index >= innerCount
        let offset = isEnd ? duration : Double(index + 1) / ScriptPlayer.sampleRate
        let fraction = duration > 0 ? offset / duration : 1
        let location = isEnd ? to : from.interpolated(to: to, t: curve.value(at: fraction))
        let pressure = self.pressure?.value(at: fraction) ?? basePressure
        return PointerEvent(id: ScriptPlayer.pointerID(for: device), phase: isDown ? .moved : .hover,
                            location: location, timestamp: start + offset, device: device,
                            pressure: pressure, pressureSource: pressure == nil ? nil : "script",
                            buttons: isDown ? 1 : 0)
    }
}
