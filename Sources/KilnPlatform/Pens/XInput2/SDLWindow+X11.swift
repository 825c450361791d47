// The X11 identity of an SDL window, for readers that select events on it from a
// connection of their own. Limits: nil unless SDL's video driver is x11 (which includes
// XWayland); native Wayland windows have no X id.
import CSDL2

/// An X window and the display it lives on.
struct X11WindowReference: Equatable {
    /// The display's name, like ":0".
    var displayName: String
    /// The X window id.
    var window: UInt
}

/// The X window behind an SDL window, or nil when SDL does not run on X11.
func x11Reference(of window: OpaquePointer) -> X11WindowReference? {
    var info = SDL_SysWMinfo()
    info.version.major = UInt8(SDL_MAJOR_VERSION)
    info.version.minor = UInt8(SDL_MINOR_VERSION)
    info.version.patch = UInt8(SDL_PATCHLEVEL)
    guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
          let display = info.info.x11.display, let name = XDisplayString(display)
    else { return nil }
    return X11WindowReference(displayName: String(cString: name), window: UInt(info.info.x11.window))
}
