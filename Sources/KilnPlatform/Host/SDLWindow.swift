// Owns SDL's video subsystem and one plain window, for tools such as `kiln bench --window`
// that need a real window but none of WindowHost's scene handling. Limits: needs a display
// (X11 or XWayland); not resizable, no HiDPI.
import CSDL2

/// An SDL window with an owner: SDL's video is started with it and stopped when it goes.
final class SDLWindow {
    let handle: OpaquePointer

    /// Opens a shown window of `width` × `height` pixels; throws `PlatformError.noDisplay` without a display.
    init(title: String, width: Int, height: Int) throws {
        try SDLVideo.start()
        let centred = Int32(SDL_WINDOWPOS_CENTERED_MASK)
        guard let window = SDL_CreateWindow(title, centred, centred, Int32(width), Int32(height),
                                            SDL_WINDOW_SHOWN.rawValue) else {
            let message = sdlError()
            SDL_Quit()
            throw PlatformError.noDisplay("cannot open a window: \(message)")
        }
        handle = window
    }

    deinit {
        SDL_DestroyWindow(handle)
        SDL_Quit()
    }

    /// Handles pending window-system events so the window stays responsive; discards them.
    func drainEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {}
    }
}
