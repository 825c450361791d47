/// Maps `value` from the range `from` onto the range `to`, like Framer's `Utils.modulate`.
///
/// Either range may run downwards: `modulate(0.25, from: (0, 1), to: (100, 0))` is 75.
/// Values outside `from` extrapolate unless `clamped`, which keeps the result within
/// `to` whichever way it runs. An empty `from` range acts as a step at its value.
public func modulate(
    _ value: Double, from: (Double, Double), to: (Double, Double), clamped: Bool = false
) -> Double {
    let span = from.1 - from.0
    let progress = span == 0 ? (value < from.0 ? 0 : 1) : (value - from.0) / span
    let result = to.0 + progress * (to.1 - to.0)
    guard clamped else { return result }
    return min(max(result, min(to.0, to.1)), max(to.0, to.1))
}
