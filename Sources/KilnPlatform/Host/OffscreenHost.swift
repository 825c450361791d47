// Renders scenes without any display into a memory surface, from the same render list as the
// window: layers drawn by pixman (with the fast paths' own loops unless they are turned off),
// particles and hairlines by SDL's software renderer. Limits: one frame at a time, no vsync.
import CSDL2
import Foundation
@_spi(Fuzzing) import KilnCore
import KilnRuntime

/// Draws a scene into bitmaps at an exact scale, with no window system.
public final class OffscreenHost {
    public let canvas: Size
    public let scale: Double
    private let renderer: SDLRenderer
    private let compositor: Compositor

    /// A host for a canvas of `canvas` points rendered at `scale` device pixels per point.
    ///
    /// With `fastPaths` off, pixman draws every layer, without Kiln's own pixel loops:
    /// slower, and the same within rounding. By
    /// default they are on unless the environment sets `KILN_FAST_PATHS=0`.
    ///
    /// With `damageTracking`, each frame draws again only the boxes where the layers changed
    /// since the frame before, over it: the same pixels as a whole redraw, for less work when
    /// little moves. By default it is on unless the environment sets `KILN_DAMAGE=0`.
    public convenience init(canvas: Size, scale: Double, fastPaths: Bool = OffscreenHost.fastPathsByDefault,
                            damageTracking: Bool = OffscreenHost.damageTrackingByDefault) throws {
        try self.init(canvas: canvas, scale: scale, damageTracking: damageTracking) {
            .offscreen($0, fastPaths: fastPaths)
        }
    }

    /// A host drawing with a window's compositor, on SDL's software renderer: what a window
    /// draws when the system has no GPU renderer, for checking what it may draw in part.
    package convenience init(canvas: Size, scale: Double, drawingAsWindow: Void, damageTracking: Bool) throws {
        try self.init(canvas: canvas, scale: scale, damageTracking: damageTracking) { renderer in
            let compositor = WindowCompositor(renderer: renderer)
            // Offscreen, the HUD is drawn over the frame's own pixels.
            compositor.overlaysCoverFrame = true
            return compositor
        }
    }

    private init(canvas: Size, scale: Double, damageTracking: Bool,
                 compositor makeCompositor: (SDLRenderer) -> Compositor) throws {
        PlatformAssetReader.install()
        guard scale >= 0.25, scale <= 8, canvas.width >= 1, canvas.height >= 1 else {
            throw PlatformError.io("the output would be \(canvas * scale) pixels: choose a scale from 0.25 to 8")
        }
        if let problem = Self.sizeProblem(canvas: canvas, scale: scale) { throw PlatformError.io(problem) }
        self.canvas = canvas
        self.scale = scale
        renderer = try SDLRenderer(offscreenWidth: Int((canvas.width * scale).rounded()),
                                   height: Int((canvas.height * scale).rounded()))
        compositor = makeCompositor(renderer)
        if damageTracking { compositor.damage = DamageTracker() }
    }

    /// Whether hosts track damage unless told: yes, unless `KILN_DAMAGE` is `0`.
    public static var damageTrackingByDefault: Bool {
        ProcessInfo.processInfo.environment["KILN_DAMAGE"] != "0"
    }

    /// Whether each frame shows the boxes it drew again, tinted, as a browser's paint
    /// flashing does: the tint is drawn over the frame handed out and drawn away again in
    /// the next.
    public var showsDamage = false

    /// The boxes the last frame drew again, for packing only what changed; nil when it was
    /// drawn whole, or tracking is off.
    var damageBoxes: [Compositor.PixelBox]? {
        guard compositor.damage != nil else { return nil }
        let boxes = compositor.damageLastFrame
        let size = renderer.outputSize
        return boxes == [Compositor.PixelBox(minX: 0, minY: 0, maxX: size.width, maxY: size.height)] ? nil : boxes
    }

    /// The device pixel boxes the last frame drew: the whole frame when it was drawn whole,
    /// none when nothing changed.
    package var damageLastFrame: [(x: Int, y: Int, width: Int, height: Int)] {
        compositor.damageLastFrame.map { ($0.minX, $0.minY, $0.width, $0.height) }
    }

    /// The most pixels a side of a frame: as much as a layer's content may take.
    public static let maximumPixelSide = Compositor.maximumRasterSide

    /// The scale a layer's content covering `rect` is rasterized at when `wanted` is asked:
    /// less when the image would pass the limits on its sides or its area; nil when `rect`
    /// is not finite.
    public static func rasterScale(of rect: Rect, wanted: Double) -> Double? {
        Compositor.rasterScale(of: rect, wanted: wanted)
    }

    /// Why a canvas of `canvas` points at `scale` pixels per point cannot be rendered, in one
    /// sentence naming the limit; nil when it can.
    public static func sizeProblem(canvas: Size, scale: Double) -> String? {
        let width = (canvas.width * scale).rounded(), height = (canvas.height * scale).rounded()
        if width > Double(maximumPixelSide) || height > Double(maximumPixelSide) {
            return String(format: "the frame would be %.0f×%.0f pixels; Kiln renders at most %d pixels a side: choose a smaller --size or --scale",
                          width, height, maximumPixelSide)
        }
        guard width * height > Double(maximumFramePixels) else { return nil }
        return String(format: "the frame would be %.0f×%.0f pixels (%.0f MB); Kiln renders at most %d million pixels: choose a smaller --size or --scale",
                      width, height, width * height * 4 / 1_048_576, maximumFramePixels / 1_048_576)
    }

    /// The most pixels of a frame: 256 MB a copy, a frame 8,192 pixels square. An SVG or a
    /// Lottie rendered alone on a canvas of its own size, which may claim 16,384 points a
    /// side, is refused by what it would take at the scale asked, not by its side alone.
    public static let maximumFramePixels = 1 << 26

    /// Whether hosts take the fast paths when not told: yes, unless `KILN_FAST_PATHS` is `0`.
    public static var fastPathsByDefault: Bool { Compositor.fastPathsAreOn() }

    /// The output size in pixels.
    public var pixelSize: (width: Int, height: Int) { renderer.outputSize }

    /// How many layer contents the last frame rasterized.
    public var rasterizationsLastFrame: Int { compositor.rasterizationsLastFrame }

    /// The most pixels one layer's content was rasterized with in the last frame: at most a
    /// few canvases, however large the layer, as only the part that can show is rasterized.
    public var largestRasterLastFrame: Int { compositor.largestRasterLastFrame }

    /// How many `SDL_RenderGeometry` calls the last frame made for particles (one per cell
    /// with live particles in view, per emitter).
    public var particleDrawCallsLastFrame: Int { compositor.particles.geometryCallsLastFrame }

    /// How many particles the last frame drew.
    public var particlesDrawnLastFrame: Int { compositor.particles.particlesLastFrame }

    /// The renderer's name, for reports.
    public var rendererName: String { renderer.name }

    /// Draws the layer tree's current state on `background`, then `overlays` over it, then
    /// `overlay` (the HUD) if given, and returns the frame.
    public func render(root: Layer, overlays: [Layer] = [], background: Color, overlay: Layer? = nil) -> Bitmap {
        draw(root: root, overlays: overlays, background: background, overlay: overlay)
        return readFrame()
    }

    /// Draws like `render`, then lends the frame's pixels as they are in memory, for video:
    /// rows of `pitch` bytes, each pixel B G R A (ffmpeg's `bgra`, or `bgr0` as it is opaque).
    public func draw<R>(root: Layer, overlays: [Layer] = [], background: Color, overlay: Layer? = nil,
                        pixels: (_ bytes: UnsafeRawBufferPointer, _ pitch: Int) throws -> R) rethrows -> R {
        draw(root: root, overlays: overlays, background: background, overlay: overlay)
        let surface = renderer.surface!
        SDL_LockSurface(surface)
        defer { SDL_UnlockSurface(surface) }
        let pitch = Int(surface.pointee.pitch)
        let bytes = UnsafeRawBufferPointer(start: surface.pointee.pixels, count: pitch * Int(surface.pointee.h))
        return try pixels(bytes, pitch)
    }

    private func draw(root: Layer, overlays: [Layer], background: Color, overlay: Layer?) {
        let list = overlays.isEmpty ? RenderList(root: root) : RenderList(roots: [root] + overlays)
        compositor.draw(list, viewport: Viewport(scale: scale), canvas: canvas, background: background)
        if let overlay {
            compositor.drawOverlay(RenderList(root: overlay), viewport: Viewport(scale: scale), canvas: canvas)
        }
        if showsDamage { tintDamage() }
    }

    /// Tints the boxes where the layers changed and has the next frame draw them again.
    private func tintDamage() {
        let r = renderer.handle
        SDL_RenderSetClipRect(r, nil)
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
        for box in compositor.damage?.changedLastFrame ?? [] {
            var rect = SDL_Rect(x: Int32(box.minX), y: Int32(box.minY), w: Int32(box.width), h: Int32(box.height))
            SDL_SetRenderDrawColor(r, 255, 45, 160, 70)
            SDL_RenderFillRect(r, &rect)
            SDL_SetRenderDrawColor(r, 255, 45, 160, 220)
            SDL_RenderDrawRect(r, &rect)
            compositor.damage?.invalidate(box)
        }
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE)
    }

    /// The surface's pixels (opaque) as a bitmap.
    private func readFrame() -> Bitmap {
        let surface = renderer.surface!
        SDL_LockSurface(surface)
        defer { SDL_UnlockSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let bytes = UnsafeRawBufferPointer(start: surface.pointee.pixels, count: pitch * h)
        return Bitmap(bgra: bytes, pitch: pitch, width: w, height: h)
    }
}
