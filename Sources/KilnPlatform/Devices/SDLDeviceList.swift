// Audio outputs and game controllers as SDL sees them, for `kiln devices`. Limits: opens
// and closes SDL's audio and game-controller subsystems (no window, no display needed);
// some audio drivers cannot list outputs and only offer their default one.
import CSDL2

/// What SDL reports about audio outputs and game controllers.
enum SDLDeviceList {
    /// The audio driver and its output names; the driver's reason when audio is unavailable.
    static func audioOutputs() -> (driver: String, outputs: [String]?, problem: String?) {
        // ALSA explains a missing card on stderr in many lines; the report says it in one.
        MixerAudio.withStandardErrorSilenced {
            guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else {
                return ("", nil, sdlError())
            }
            defer { SDL_QuitSubSystem(SDL_INIT_AUDIO) }
            let driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "unknown"
            let count = SDL_GetNumAudioDevices(0)
            guard count >= 0 else { return (driver, nil, nil) }
            let names = (0..<count).map { index in
                SDL_GetAudioDeviceName(index, 0).map { String(cString: $0) } ?? "output \(index)"
            }
            return (driver, names, nil)
        }
    }

    /// The connected game controllers (and other joysticks, marked), or SDL's reason.
    static func controllers() -> (names: [String], problem: String?) {
        guard SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0 else { return ([], sdlError()) }
        defer { SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER) }
        let count = max(SDL_NumJoysticks(), 0)
        let names = (0..<count).map { index -> String in
            if SDL_IsGameController(index) == SDL_TRUE {
                let name = SDL_GameControllerNameForIndex(index).map { String(cString: $0) } ?? "game controller"
                guard let controller = SDL_GameControllerOpen(index) else { return "\(name) (game controller)" }
                defer { SDL_GameControllerClose(controller) }
                let rumble = SDL_GameControllerHasRumble(controller) == SDL_TRUE ? "with rumble" : "no rumble"
                return "\(name) (game controller, \(rumble))"
            }
            let name = SDL_JoystickNameForIndex(index).map { String(cString: $0) } ?? "joystick"
            return "\(name) (joystick without a controller mapping: no rumble)"
        }
        return (names, nil)
    }
}
