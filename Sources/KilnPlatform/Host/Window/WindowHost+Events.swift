import CSDL2
import KilnCore

/// When an event happened in scene time.
extension WindowHost {
    /// When the event happened, in scene time: SDL stamps events as they arrive (in
    /// milliseconds since SDL started), so several events handled in one frame keep their
    /// own times and a pan's velocity stays right. In slow motion the age shrinks with the
    /// speed, so the log holds scene time.
    func sceneTime(of event: SDL_Event, now: Double, ticksNow: Double) -> Double {
        let eventTicks = Double(event.common.timestamp) / 1000
        let age = max(0, min(0.5, ticksNow - eventTicks))
        return context.dial.time(atWall: now - age)
    }
}

/// Where the mouse is in `window`'s coordinates, or `nil` when it is not over the window.
func mouse(in window: OpaquePointer) -> Point? {
    guard SDL_GetMouseFocus() == window else { return nil }
    var x: Int32 = 0, y: Int32 = 0
    SDL_GetMouseState(&x, &y)
    return Point(x: Double(x), y: Double(y))
}
