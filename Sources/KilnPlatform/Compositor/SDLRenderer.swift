// Owns an SDL_Renderer (and, for headless use, the surface it draws into) and the textures
// made from it. Nothing else calls SDL_Destroy*. Limits: SDL2's software renderer has no
// custom blend modes, so textures are straight alpha and use SDL's BLEND and ADD modes.
import CSDL2
import KilnCore

/// An SDL renderer with an owner.
final class SDLRenderer {
    let handle: OpaquePointer
    /// The surface a software renderer draws into; `nil` for a window's renderer.
    let surface: UnsafeMutablePointer<SDL_Surface>?

    /// A renderer for an existing window; `nil` with SDL's error text on failure.
    init(window: OpaquePointer, vsync: Bool, software: Bool = false) throws {
        var flags = software ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
        if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        var renderer = SDL_CreateRenderer(window, -1, flags)
        if renderer == nil && !software {
            renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        guard let renderer else { throw PlatformError.sdl("cannot create a renderer: \(sdlError())") }
        handle = renderer
        surface = nil
    }

    /// A software renderer drawing into a new RGBA surface: no display needed.
    init(offscreenWidth width: Int, height: Int) throws {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                                           SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw PlatformError.sdl("cannot create a \(width)×\(height) surface: \(sdlError())")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw PlatformError.sdl("cannot create a software renderer: \(sdlError())")
        }
        handle = renderer
        self.surface = surface
    }

    deinit {
        SDL_DestroyRenderer(handle)
        if let surface { SDL_FreeSurface(surface) }
    }

    /// The renderer's name as SDL reports it ("opengl", "software", …).
    var name: String {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(handle, &info)
        return info.name.map { String(cString: $0) } ?? "unknown"
    }

    /// The size of what the renderer draws into, in device pixels.
    var outputSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(handle, &w, &h)
        return (Int(w), Int(h))
    }
}

/// An SDL texture with an owner.
final class SDLTexture {
    let handle: OpaquePointer
    let width: Int
    let height: Int

    /// A static straight-alpha ARGB8888 texture holding `pixels` (B G R A bytes).
    init(renderer: SDLRenderer, width: Int, height: Int, pixels: [UInt8]) throws {
        guard let texture = SDL_CreateTexture(renderer.handle, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                              Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(width), Int32(height)) else {
            throw PlatformError.sdl("cannot create a \(width)×\(height) texture: \(sdlError())")
        }
        handle = texture
        self.width = width
        self.height = height
        // Thrown once the texture is owned, so that it is destroyed with this object.
        guard pixels.withUnsafeBytes({ SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(width * 4)) }) == 0 else {
            throw PlatformError.sdl("cannot fill a \(width)×\(height) texture: \(sdlError())")
        }
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    }

    deinit {
        SDL_DestroyTexture(handle)
    }

    /// Normal ("over") or additive blending.
    func setAdditive(_ additive: Bool) {
        SDL_SetTextureBlendMode(handle, additive ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND)
    }
}

/// SDL's last error message.
func sdlError() -> String {
    String(cString: SDL_GetError())
}

/// A failure of the platform layer, with a message for the user.
public enum PlatformError: Error, CustomStringConvertible {
    case sdl(String)
    case noDisplay(String)
    case io(String)

    public var description: String {
        switch self {
        case .sdl(let m), .noDisplay(let m), .io(let m): m
        }
    }
}
