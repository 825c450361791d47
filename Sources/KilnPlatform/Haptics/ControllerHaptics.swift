// Impacts as game-controller rumble through SDL. Limits: only controllers SDL knows as
// game controllers, with rumble motors, are used; controllers plugged in later are picked
// up at the next impact, but only while the host pumps SDL events (which updates SDL's
// device list); with no controller, or no joystick support at all, impacts do nothing.
import CSDL2
import KilnCore

/// A `HapticsService` that rumbles every connected game controller.
public final class ControllerHaptics: HapticsService {
    private let isAvailable: Bool
    private var controllers: [SDL_JoystickID: OpenController] = [:]
    private var knownDeviceCount: Int32 = -1

    /// Starts SDL's game-controller support and opens the controllers connected now.
    public init() {
        isAvailable = SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0
        refreshControllers()
    }

    deinit {
        controllers.removeAll()
        if isAvailable {
            SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER)
        }
    }

    /// How many game controllers impacts reach.
    public var controllerCount: Int { controllers.count }

    /// Rumbles every controller: the heavy low-frequency motor at `intensity`, the sharper
    /// high-frequency one at half of it, for `duration` seconds (at least 1 ms, at most 10 s).
    public func impact(intensity: Double, duration: Double) {
        guard isAvailable else { return }
        refreshControllers()
        let strength = min(max(intensity, 0), 1)
        let low = UInt16((strength * 65535).rounded())
        let high = UInt16((strength * 0.5 * 65535).rounded())
        let milliseconds = UInt32((min(max(duration, 0.001), 10) * 1000).rounded())
        for controller in controllers.values {
            SDL_GameControllerRumble(controller.handle, low, high, milliseconds)
        }
    }

    /// Opens controllers that appeared and forgets those that went away. Cheap when
    /// nothing changed: it only compares SDL's device count.
    private func refreshControllers() {
        guard isAvailable else { return }
        let detached = controllers.filter { SDL_GameControllerGetAttached($0.value.handle) == SDL_FALSE }
        let count = SDL_NumJoysticks()
        guard count != knownDeviceCount || !detached.isEmpty else { return }
        knownDeviceCount = count
        for id in detached.keys {
            controllers[id] = nil
        }
        for index in 0..<max(count, 0) where SDL_IsGameController(index) == SDL_TRUE {
            let id = SDL_JoystickGetDeviceInstanceID(index)
            guard controllers[id] == nil, let handle = SDL_GameControllerOpen(index) else { continue }
            controllers[id] = OpenController(handle: handle)
        }
    }
}

/// Owns an open SDL game controller and closes it.
private final class OpenController {
    let handle: OpaquePointer

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        SDL_GameControllerClose(handle)
    }
}
