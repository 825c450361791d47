// The window's frame, kept between frames so that each draws again only what changed. A
// window's renderer presents a new buffer each time and keeps none of its old pixels, so the
// scene is drawn into a texture of the output's size that persists (an SDL render target);
// only the boxes where layers changed are drawn into it again (damage tracking), and it is
// copied to the window, under the HUD and the tweak panel, which are drawn over the copy.
// Whatever makes the kept pixels stale starts again from a whole frame: a new size, a
// renderer that lost its targets. `KILN_DAMAGE=0` draws every frame whole into the same
// texture, so that the two can be compared pixel for pixel. Limits: a renderer without render
// targets draws every frame whole, straight into the window; SDL's software renderer keeps
// frames but draws each one whole (see `WindowCompositor`).
import CSDL2
@_spi(Fuzzing) import KilnCore

/// The compositor of a window. A GPU renderer draws each pixel of a textured triangle by
/// itself, whatever the clip: its scissor only discards fragments, so any item may be drawn
/// in part. SDL's software renderer does not: it blits an upright quad as a scaled rectangle,
/// stepped from the clip's edge (a property test found a scaled dot one frame off), so there
/// every item is drawn whole, which makes any box grow to the items it touches.
final class WindowCompositor: Compositor {
    /// Whether the renderer is a GPU's, whose clip only discards fragments.
    private let clipsByFragment: Bool

    override init(renderer: SDLRenderer) {
        clipsByFragment = renderer.name != "software"
        super.init(renderer: renderer)
        overlaysCoverFrame = false
    }

    override func drawsExactlyInPart(_ item: RenderItem, viewport: Viewport) -> Bool {
        clipsByFragment
    }
}

/// Draws the window's scene into a kept texture, only where it changed, and copies it out.
final class WindowCanvas {
    private let renderer: SDLRenderer
    private let compositor: Compositor
    private var target: OpaquePointer?
    private var targetSize = (width: 0, height: 0)
    /// Whether frames are kept: the renderer has render targets.
    private let keepsFrames: Bool

    /// A canvas for the window of `renderer`, drawn by `compositor`, which it gives a
    /// damage tracker when frames can be kept and `damageTracking` is on.
    init(renderer: SDLRenderer, compositor: Compositor,
         damageTracking: Bool = OffscreenHost.damageTrackingByDefault) {
        self.renderer = renderer
        self.compositor = compositor
        keepsFrames = SDL_RenderTargetSupported(renderer.handle) == SDL_TRUE
        if keepsFrames && damageTracking { compositor.damage = DamageTracker() }
    }

    deinit {
        if let target { SDL_DestroyTexture(target) }
    }

    /// Runs `draw` (the scene's drawing) into the kept frame and copies the frame to the
    /// window; without a kept frame, `draw` draws straight into the window.
    func drawFrame(_ draw: () -> Void) {
        guard keepsFrames, let target = targetForOutput() else {
            compositor.damage?.reset()
            draw()
            return
        }
        SDL_SetRenderTarget(renderer.handle, target)
        draw()
        SDL_SetRenderTarget(renderer.handle, nil)
        SDL_RenderSetClipRect(renderer.handle, nil)
        SDL_RenderCopy(renderer.handle, target, nil, nil)
    }

    /// The kept frame lost its pixels (the renderer reset its targets, or the output changed
    /// size): the next frame is drawn whole into a new one.
    func forget() {
        compositor.damage?.reset()
        if let target { SDL_DestroyTexture(target) }
        target = nil
    }

    /// The target texture of the output's size, made anew (and the next frame drawn whole)
    /// when the size changed; nil when it cannot be made.
    private func targetForOutput() -> OpaquePointer? {
        let output = renderer.outputSize
        if let target, output == targetSize { return target }
        forget()
        guard output.width > 0, output.height > 0,
              let made = SDL_CreateTexture(renderer.handle, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                           Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                           Int32(output.width), Int32(output.height)) else { return nil }
        // Copied one to one, replacing what is under it.
        SDL_SetTextureBlendMode(made, SDL_BLENDMODE_NONE)
        SDL_SetTextureScaleMode(made, SDL_ScaleModeNearest)
        target = made
        targetSize = output
        return made
    }
}
