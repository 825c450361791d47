import Foundation

/// Makes impacts felt: UIImpactFeedbackGenerator's role. Scenes get one injected; the
/// platform rumbles a game controller where one is connected. A visible shake is the
/// scene's own business, so that it shows everywhere.
public protocol HapticsService: AnyObject {
    /// One impact of `intensity` in `0...1` (1 is a heavy hit), lasting `duration` seconds.
    func impact(intensity: Double, duration: Double)
}

/// A haptics service that does nothing: for hosts with nothing to rumble.
public final class NoHaptics: HapticsService {
    /// Makes a service that ignores every impact.
    public init() {}

    public func impact(intensity: Double, duration: Double) {}
}
