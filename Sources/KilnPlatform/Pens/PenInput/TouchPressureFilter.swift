// Tells real touch pressure from SDL2's placeholder. SDL2's X11, Wayland, Windows and
// macOS drivers report every finger sample with pressure 1.0 because those systems give
// touches no pressure; only drivers that read the hardware (evdev on a console, Android)
// report measured values. Limits: a real touch screen whose every sample reads exactly
// 1.0 is taken for one without pressure; a finger's pressure may start as nil and become
// a value once a sample differs from 1.0.

/// Passes SDL finger pressure on only once a finger has shown it is measured.
public struct TouchPressureFilter: Sendable {
    private var measuredFingers: Set<Int> = []

    /// Makes a filter that has seen no finger.
    public init() {}

    /// The pressure to report for `finger`'s sample, or nil while it looks like a placeholder.
    public mutating func pressure(_ reported: Double, finger: Int, isLifting: Bool) -> Double? {
        if reported != 1 { measuredFingers.insert(finger) }
        let isMeasured = measuredFingers.contains(finger)
        if isLifting { measuredFingers.remove(finger) }
        return isMeasured ? min(max(reported, 0), 1) : nil
    }
}
