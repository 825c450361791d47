// Starts SDL's video on a display that can show a window. Limits: X11 and Wayland only; a
// display that is named but never answers (an unreachable TCP host) waits on SDL's connect.
import CSDL2
import Foundation

/// SDL's video subsystem, started only where a window can be seen.
enum SDLVideo {
    /// SDL's drivers that open windows nobody sees. SDL falls back to them when no display
    /// answers, and its renderer then crashes instead of failing.
    static let screenlessDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

    /// Starts video and events, or throws `PlatformError.noDisplay` saying why there is no
    /// display. A driver the user chose in `SDL_VIDEODRIVER` is kept; otherwise only X11
    /// (`DISPLAY`) and Wayland (`WAYLAND_DISPLAY`) are tried, so that no other backend
    /// probes (and complains) for a display that is not there.
    static func start(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let chosen = environment["SDL_VIDEODRIVER", default: ""]
        let displays = displayDrivers(environment)
        if chosen.isEmpty {
            guard !displays.isEmpty else {
                throw PlatformError.noDisplay("no display: DISPLAY and WAYLAND_DISPLAY are not set")
            }
            SDL_SetHint(SDL_HINT_VIDEODRIVER, displays.map(\.driver).joined(separator: ","))
        }
        // libwayland prints its own lines about a missing XDG_RUNTIME_DIR; the error below says it once.
        guard MixerAudio.withStandardErrorSilenced({ SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }) == 0 else {
            guard chosen.isEmpty else { throw PlatformError.noDisplay("no display: SDL_VIDEODRIVER=\(chosen): \(sdlError())") }
            let named = displays.map { "\($0.variable)=\($0.name)" }
            throw PlatformError.noDisplay("no display: \(named.joined(separator: " and ")) "
                                          + (named.count == 1 ? "does not answer" : "do not answer"))
        }
        if let driver = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }), screenlessDrivers.contains(driver) {
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw PlatformError.noDisplay("no display: SDL's video driver here is '\(driver)', which shows nothing")
        }
    }

    /// The displays `environment` names, in SDL's order of preference, with their drivers.
    static func displayDrivers(_ environment: [String: String]) -> [(variable: String, name: String, driver: String)] {
        [("DISPLAY", "x11"), ("WAYLAND_DISPLAY", "wayland")].compactMap { variable, driver in
            guard let name = environment[variable], !name.isEmpty else { return nil }
            return (variable, name, driver)
        }
    }
}
