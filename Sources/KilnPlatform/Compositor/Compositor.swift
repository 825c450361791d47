// Draws a render list with an SDL renderer: every item a textured quad through
// SDL_RenderGeometry, clipped on the CPU to its convex clip region. Layer content is
// rasterized by Cairo once per content revision and kept as a texture; particle items go to
// the ParticleRenderer, one geometry call per cell. This is the general path, the one a
// window takes; OffscreenCompositor (Offscreen/) draws layers with pixman instead, and
// FastOffscreenCompositor overrides a few steps with its own pixel loops.
import CSDL2
import Foundation
@_spi(Fuzzing) import KilnCore
import KilnRuntime

/// Composites render lists, keeping one texture per layer while its content is unchanged.
class Compositor {
    struct Entry {
        var key: ContentKey
        var scale: Double
        /// The scale the content was wanted at, before the limits.
        var wanted: Double
        /// The part of the content rasterized, in the layer's coordinates (before trimming
        /// its transparent edges).
        var covered: Rect
        /// Whether `covered` is less than the whole content.
        var isPart: Bool
        var texture: SDLTexture?
        var localRect: Rect
        var lastUsed: Int
        /// The texture's size in pixels.
        var width: Int
        var height: Int
        /// Whether every pixel is opaque.
        var isOpaque: Bool
    }

    /// Device pixels of the canvas area being drawn, where drawing is clipped.
    struct PixelBox: Equatable {
        var minX = 0, minY = 0, maxX = 0, maxY = 0
    }

    let renderer: SDLRenderer
    private var cache: [Int: Entry] = [:]
    private var frame = 0
    private var vertices: [SDL_Vertex] = []
    /// The polygon of the current item as a triangle list; reused so a frame allocates nothing.
    private var triangles: [SDL_Vertex] = []
    /// How many layer contents were rasterized while drawing the last frame.
    private(set) var rasterizationsLastFrame = 0
    /// How many layer contents have been rasterized in all.
    private(set) var totalRasterizations = 0
    /// The most pixels one layer's content was rasterized with in the last frame (the image
    /// Cairo drew, before its transparent edges were trimmed).
    private(set) var largestRasterLastFrame = 0
    /// Draws the particle items.
    let particles: ParticleRenderer
    /// The canvas area of the frame being drawn.
    private(set) var canvasClip = PixelBox()
    /// The device pixels being drawn: the canvas area, or one box of the frame's damage.
    private(set) var drawClip = PixelBox()
    /// Finds what each frame changes, so that only that is drawn; nil draws every frame whole.
    var damage: DamageTracker?
    /// The boxes the last frame drew: the canvas area when it was drawn whole, none when
    /// nothing changed.
    private(set) var damageLastFrame: [PixelBox] = []
    /// Whether an overlay was drawn over the last frame, which the next must then draw over.
    private var drewOverlay = false
    /// Whether overlays are drawn over the frame's own pixels, as offscreen, so that the next
    /// frame must draw again what they covered; a window draws them over its copy of the frame
    /// instead (`WindowCanvas`), and its frame keeps its pixels.
    var overlaysCoverFrame = true
    /// The background and viewport of the last frame drawn with a damage tracker.
    private var lastBackground: Color?
    private var lastViewport: Viewport?

    init(renderer: SDLRenderer) {
        self.renderer = renderer
        particles = ParticleRenderer(renderer: renderer)
        vertices.reserveCapacity(64)
    }

    /// Clears to `background` outside the canvas, fills the canvas and draws `list` on it.
    /// With a damage tracker, only what changed since the last frame is drawn again, over it.
    final func draw(_ list: RenderList, viewport: Viewport, canvas: Size, background: Color) {
        frame += 1
        rasterizationsLastFrame = 0
        largestRasterLastFrame = 0
        particles.beginFrame()
        let area = Rect(origin: viewport.offset, size: canvas * viewport.scale).integral
        let visibility = Self.visibility(of: list.items, viewport: viewport, canvasArea: area)
        canvasClip = PixelBox(minX: Int(area.minX), minY: Int(area.minY), maxX: Int(area.maxX), maxY: Int(area.maxY))
        let whole = canvasClip
        drawClip = whole
        var boxes = [whole]
        var items: [DamageTracker.Item] = []
        if let damage {
            // What lies under every item, and where the canvas is, count as much as the items.
            // Outside the canvas (a window's bars) nothing is drawn but in a whole frame.
            if drewOverlay || background != lastBackground || viewport != lastViewport {
                damage.reset()
            }
            lastBackground = background
            lastViewport = viewport
            items = list.items.indices.map {
                damageItem(list.items[$0], hidden: visibility.hidden[$0], viewport: viewport, canvas: whole)
            }
            boxes = damage.damage(for: items, canvas: whole)
        }
        drewOverlay = false
        damageLastFrame = boxes
        if boxes == [whole] {
            clear(canvasArea: area, background: background, fill: !visibility.coversCanvas)
            drawItems(of: list, viewport: viewport, canvasArea: area, hidden: visibility.hidden)
        } else {
            for box in boxes {
                drawClip = box
                clear(box: box, background: background, fill: !visibility.coversCanvas)
                let outside = items.indices.map { index in
                    visibility.hidden[index] || !(items[index].box.map { $0.overlaps(box) } ?? false)
                }
                drawItems(of: list, viewport: viewport, canvasArea: area, hidden: outside)
            }
            drawClip = whole
            var clip = SDL_Rect(x: Int32(area.minX), y: Int32(area.minY), w: Int32(area.width), h: Int32(area.height))
            SDL_RenderSetClipRect(renderer.handle, &clip)
            keepCached(list.items)
        }
        pruneCache()
    }

    /// What `tracker` finds `list` changes since the last list it was shown, in device pixels,
    /// as an offline render with the fast paths would draw it again, without drawing
    /// anything: for showing a window's damage, which it draws whole.
    final func measureDamage(of list: RenderList, viewport: Viewport, canvas: Size, tracker: DamageTracker) -> [PixelBox] {
        let area = Rect(origin: viewport.offset, size: canvas * viewport.scale).integral
        let visibility = Self.visibility(of: list.items, viewport: viewport, canvasArea: area)
        canvasClip = PixelBox(minX: Int(area.minX), minY: Int(area.minY), maxX: Int(area.maxX), maxY: Int(area.maxY))
        let items = list.items.indices.map {
            damageItem(list.items[$0], hidden: visibility.hidden[$0], viewport: viewport, canvas: canvasClip, asFastPaths: true)
        }
        return tracker.damage(for: items, canvas: canvasClip)
    }

    /// Draws `list` over the frame that `draw` began, without clearing: an overlay such as
    /// the HUD, which a recording can then leave out by reading the frame before it. The next
    /// frame is drawn whole.
    final func drawOverlay(_ list: RenderList, viewport: Viewport, canvas: Size) {
        if overlaysCoverFrame { drewOverlay = true }
        let output = renderer.outputSize
        damageLastFrame = [PixelBox(minX: 0, minY: 0, maxX: output.width, maxY: output.height)]
        let area = Rect(origin: viewport.offset, size: canvas * viewport.scale).integral
        let visibility = Self.visibility(of: list.items, viewport: viewport, canvasArea: area)
        // Its own area, which may lie beside the scene's (the tweak panel's).
        var clip = SDL_Rect(x: Int32(area.minX), y: Int32(area.minY), w: Int32(area.width), h: Int32(area.height))
        SDL_RenderSetClipRect(renderer.handle, &clip)
        canvasClip = PixelBox(minX: Int(area.minX), minY: Int(area.minY), maxX: Int(area.maxX), maxY: Int(area.maxY))
        drawClip = canvasClip
        drawItems(of: list, viewport: viewport, canvasArea: area, hidden: visibility.hidden)
    }

    private func drawItems(of list: RenderList, viewport: Viewport, canvasArea area: Rect, hidden: [Bool]) {
        for (index, item) in list.items.enumerated() where !hidden[index] {
            if let emitter = item.emitter {
                particles.draw(item, of: emitter, viewport: viewport, canvasArea: area, drawArea: drawClip.rect)
            } else if let lines = item.hairlines {
                drawHairlines(item, of: lines, viewport: viewport)
            } else if !fill(item, viewport: viewport) {
                drawItem(item, viewport: viewport)
            }
        }
    }

    /// Fills `box` with `background` unless layers cover the canvas anyway, and clips to it.
    private func clear(box: PixelBox, background: Color, fill: Bool) {
        let r = renderer.handle
        var clip = SDL_Rect(x: Int32(box.minX), y: Int32(box.minY), w: Int32(box.width), h: Int32(box.height))
        SDL_RenderSetClipRect(r, &clip)
        guard fill else { return }
        let alpha = min(max(background.alpha, 0), 1)
        SDL_SetRenderDrawColor(r, byte(background.red * alpha), byte(background.green * alpha), byte(background.blue * alpha),
                               byte(alpha))
        SDL_RenderFillRect(r, &clip)
    }

    /// Marks the cached textures of the items a damaged frame did not draw as used: they are
    /// still on the canvas.
    private func keepCached(_ items: [RenderItem]) {
        for item in items where item.kind == .content {
            cache[item.layer.id]?.lastUsed = frame
        }
    }

    /// Clears the output, fills the canvas area with `background` unless layers cover it
    /// anyway, and clips to it.
    private func clear(canvasArea area: Rect, background: Color, fill: Bool) {
        let r = renderer.handle
        var clip = SDL_Rect(x: Int32(area.minX), y: Int32(area.minY), w: Int32(area.width), h: Int32(area.height))
        let output = renderer.outputSize
        // When the canvas covers the whole output, one clear does; otherwise clear the
        // letterbox bars, then fill the canvas.
        let coversOutput = area.minX <= 0 && area.minY <= 0
            && area.maxX >= Double(output.width) && area.maxY >= Double(output.height)
        SDL_RenderSetClipRect(r, nil)
        if !coversOutput {
            SDL_SetRenderDrawColor(r, 18, 18, 20, 255)
            SDL_RenderClear(r)
        }
        // Premultiplied, as the frame's pixels are: a transparent background clears to nothing.
        let alpha = min(max(background.alpha, 0), 1)
        SDL_SetRenderDrawColor(r, byte(background.red * alpha), byte(background.green * alpha), byte(background.blue * alpha),
                               byte(alpha))
        SDL_RenderSetClipRect(r, &clip)
        guard fill else { return }
        if coversOutput { SDL_RenderClear(r) } else { SDL_RenderFillRect(r, &clip) }
    }

    /// Whether the item is drawn pixel by pixel, each pixel the same however little of the
    /// item the area being drawn holds: a damaged frame may then cut it. Here, none is.
    func drawsExactlyInPart(_ item: RenderItem, viewport: Viewport) -> Bool {
        false
    }

    /// Draws an item without a texture when it can; `false` leaves it to its texture. Here
    /// every item has one.
    func fill(_ item: RenderItem, viewport: Viewport) -> Bool {
        false
    }

    private func drawItem(_ item: RenderItem, viewport: Viewport) {
        let wanted = viewport.scale * Compositor.rasterFactor(for: item.transform, upTo: item.layer.isDrawnFromVectors ? 16 : 4)
        guard let entry = texture(for: item, wanted: wanted, viewport: viewport), let texture = entry.texture else { return }
        texture.setAdditive(item.isAdditive)
        var polygon = entry.localRect.corners
        if let clip = item.clip, let inverse = item.transform.inverted() {
            polygon = clip.applying(inverse).clip(polygon)
            guard polygon.count >= 3 else { return }
            drawClipped(polygon, of: item, entry: entry, texture: texture, viewport: viewport)
            return
        }
        drawPolygon(polygon, of: item, entry: entry, texture: texture, viewport: viewport)
    }

    /// Draws the part `polygon` (convex, in the layer's coordinates) of an item's texture
    /// that its clip leaves.
    func drawClipped(_ polygon: [Point], of item: RenderItem, entry: Entry, texture: SDLTexture,
                     viewport: Viewport) {
        drawPolygon(polygon, of: item, entry: entry, texture: texture, viewport: viewport)
    }

    /// Draws the part `polygon` (convex, in the layer's coordinates) of an item's texture.
    func drawPolygon(_ polygon: [Point], of item: RenderItem, entry: Entry, texture: SDLTexture,
                     viewport: Viewport) {
        let local = entry.localRect
        let alpha = byte(item.opacity)
        let color = SDL_Color(r: 255, g: 255, b: 255, a: alpha)
        let placement = Self.placement(of: item, entry: entry, viewport: viewport)
        vertices.removeAll(keepingCapacity: true)
        for p in polygon {
            let device = placement.devicePoint(p)
            let uv = SDL_FPoint(x: Float((p.x - local.minX) / local.width), y: Float((p.y - local.minY) / local.height))
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(device.x), y: Float(device.y)),
                                       color: color, tex_coord: uv))
        }
        // A convex polygon is a fan; expand it to a plain triangle list.
        triangles.removeAll(keepingCapacity: true)
        for i in 1..<(vertices.count - 1) {
            triangles.append(vertices[0]); triangles.append(vertices[i]); triangles.append(vertices[i + 1])
        }
        SDL_RenderGeometry(renderer.handle, texture.handle, triangles, Int32(triangles.count), nil, 0)
    }

    /// Draws a hairline item's polylines one device pixel wide, blended over the frame.
    private func drawHairlines(_ item: RenderItem, of layer: HairlineLayer, viewport: Viewport) {
        let r = renderer.handle
        let color = layer.lineColor
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(r, byte(color.red), byte(color.green), byte(color.blue),
                               byte(color.alpha * item.opacity))
        let box = hairlineBox()
        for polyline in layer.polylines where polyline.count >= 2 {
            // The runs of connected segments left after cutting, as SDL polylines.
            var runs: [[SDL_FPoint]] = []
            var last: Point?
            for p in polyline {
                let point = viewport.devicePoint(item.transform.apply(to: p))
                defer { last = point }
                guard let from = last, let (a, b) = box.clip(from, point) else { continue }
                let start = SDL_FPoint(x: Float(a.x), y: Float(a.y)), end = SDL_FPoint(x: Float(b.x), y: Float(b.y))
                if let previous = runs.last?.last, previous.x == start.x, previous.y == start.y {
                    runs[runs.count - 1].append(end)
                } else {
                    runs.append([start, end])
                }
            }
            // A closed outline cut open by the frame's edge: its last run goes on into its
            // first, so that their shared point is drawn once (SDL draws a closed polyline's
            // first point once; two runs would blend it twice).
            if runs.count >= 2, let end = runs.last?.last, let start = runs.first?.first, end.x == start.x, end.y == start.y {
                let first = runs.removeFirst()
                runs[runs.count - 1] += first.dropFirst()
            }
            for run in runs { SDL_RenderDrawLinesF(r, run, Int32(run.count)) }
        }
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE)
    }

    /// The device pixels hairlines may light: the canvas area being drawn.
    ///
    /// Hairlines are clipped to it here, in floating point, before SDL sees them: SDL's
    /// software renderer turns a line's ends into whole pixels by truncation, which lights
    /// column 0 for a line ending at x = -0.3, and clips a line crossing the edge to a pixel on
    /// the edge that the line never reaches. A window's renderer draws neither. A box of a
    /// frame's damage holds each hairline it touches whole (`DamageTracker`), so SDL's clip
    /// to the box never cuts one.
    private func hairlineBox() -> LineClipBox {
        LineClipBox(minX: Double(canvasClip.minX), minY: Double(canvasClip.minY),
                    maxX: Double(canvasClip.maxX), maxY: Double(canvasClip.maxY))
    }

    /// How much finer or coarser than the canvas to rasterize a layer drawn scaled, in steps
    /// of a quarter octave so that a scale animation re-rasterizes only now and then, and at
    /// most `most` times finer.
    static func rasterFactor(for transform: Transform, upTo most: Double = 4) -> Double {
        let s = transform.maxScale
        guard s.isFinite, s > 0, abs(s - 1) > 0.01 else { return 1 }
        let steps = (log2(min(max(s, 1.0 / 16), most)) * 4).rounded(.up)
        return pow(2, steps / 4)
    }

    /// The most pixels a side that a layer's content is rasterized with: Cairo's images stop
    /// at 32,767, and a texture this size (a gigabyte) is already more than a window's GPU
    /// may take.
    static let maximumRasterSide = 16_384

    /// The most pixels in all that a layer's content is rasterized with: 128 MB a copy, and
    /// a layer's pixels are held in a few copies while they are made (Cairo's, the bled
    /// edges', the texture's). Ten times a 3× phone canvas, or a list 9,000 pt long at 3×;
    /// an SVG element reaching thousands of points past its canvas is drawn coarser.
    static let maximumRasterArea = 1 << 25

    /// The scale to rasterize content covering `rect` at: `wanted`, or as much less as keeps
    /// the image (with its two pixels of margin) within `maximumRasterSide` and
    /// `maximumRasterArea` (a pixel to spare for rounding). A layer larger than that is drawn coarser instead of not at all.
    /// Nil when there is nothing finite to draw.
    static func rasterScale(of rect: Rect, wanted: Double) -> Double? {
        let side = max(rect.width, rect.height), area = rect.width * rect.height
        guard side.isFinite, area.isFinite, wanted.isFinite, wanted > 0 else { return nil }
        guard side > 0 else { return wanted }
        let bySide = Double(maximumRasterSide - 3) / side
        let byArea = area > 0 ? (Double(maximumRasterArea) / area).squareRoot() * 0.99 : bySide
        return min(wanted, bySide, byArea)
    }

    /// The cached texture for the item, rasterizing when its content or scale changed, or
    /// when the part of a large layer that shows has left the part rasterized.
    private func texture(for item: RenderItem, wanted: Double, viewport: Viewport) -> Entry? {
        guard let plan = Self.rasterPlan(for: item, wanted: wanted, viewport: viewport, canvas: canvasClip) else { return nil }
        if var entry = cache[item.layer.id], entry.key == item.contentKey, entry.wanted == wanted,
           entry.covered.covers(plan.shown), plan.isPart || (!entry.isPart && entry.scale == plan.scale) {
            entry.lastUsed = frame
            cache[item.layer.id] = entry
            return entry
        }
        let image = ContentRasterizer(scale: plan.scale).rasterize(item.layer, localRect: plan.rect)
        rasterizationsLastFrame += 1
        totalRasterizations += 1
        let drawn = ((plan.rect.width * plan.scale).rounded(.up) + 2) * ((plan.rect.height * plan.scale).rounded(.up) + 2)
        largestRasterLastFrame = max(largestRasterLastFrame, Int(drawn))
        let texture = try? SDLTexture(renderer: renderer, width: image.width, height: image.height, pixels: image.pixels)
        let entry = Entry(key: item.contentKey, scale: plan.scale, wanted: wanted, covered: plan.rect, isPart: plan.isPart,
                          texture: texture, localRect: image.localRect,
                          lastUsed: frame, width: image.width, height: image.height, isOpaque: image.isOpaque)
        cache[item.layer.id] = entry
        didRasterize(image, of: item.layer.id)
        return entry
    }

    /// Called when the layer with `layerID` has been rasterized anew as `image`, its entry
    /// replaced; for a subclass that keeps more of the image than the texture.
    func didRasterize(_ image: RasterImage, of layerID: Int) {}

    /// Drops textures of layers not drawn for a couple of seconds.
    private func pruneCache() {
        guard frame % 60 == 0 else { return }
        cache = cache.filter { frame - $0.value.lastUsed < 120 }
        didPruneCache()
    }

    /// Called when layers' entries have been dropped from the cache.
    func didPruneCache() {}

    /// Whether the cache holds an entry for the layer with `layerID`.
    final func isCached(_ layerID: Int) -> Bool {
        cache[layerID] != nil
    }
}

@inline(__always) func byte(_ v: Double) -> UInt8 {
    UInt8((min(max(v, 0), 1) * 255).rounded())
}
