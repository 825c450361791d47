// Draws emitter layers' particles: one SDL_RenderGeometry call per cell, textured with the
// cell's contents and coloured per vertex. Limits: SDL2's software renderer has no custom
// blend modes, so textures and vertex colours are straight alpha with SDL's BLEND or ADD;
// a clip region is applied as its bounding box (SDL's clip rectangle) and particles wholly
// outside it are skipped, so a rounded or rotated clip lets particles show in the box's corners.
import CSDL2
@_spi(Fuzzing) import KilnCore

/// Draws particle render items, keeping one texture per distinct cell image and one set of
/// vertex buffers that every emitter refills, so steady frames allocate nothing.
final class ParticleRenderer {
    private struct CachedTexture {
        var texture: SDLTexture
        var lastUsed: Int
    }

    private let renderer: SDLRenderer
    private var textures: [UInt64: CachedTexture] = [:]
    private var geometry: ParticleGeometry
    /// Each emitter's quads written ahead of drawing (to know where they fall), by layer id,
    /// with the frame they were written for; kept to reuse their buffers.
    private var prepared: [Int: (geometry: ParticleGeometry, frame: Int)] = [:]
    private var frame = 0
    /// `SDL_RenderGeometry` calls made for particles in the current or last frame.
    private(set) var geometryCallsLastFrame = 0
    /// Particles drawn in the current or last frame (after culling).
    private(set) var particlesLastFrame = 0
    /// Cell images turned into textures, in all.
    private(set) var textureUploads = 0

    /// A renderer writing quads in `layout` (indexed quads measured fastest; see `kiln bench`).
    init(renderer: SDLRenderer, layout: ParticleGeometry.Layout = .indexedQuads) {
        precondition(MemoryLayout<ParticleVertex>.stride == MemoryLayout<SDL_Vertex>.stride,
                     "ParticleVertex must match SDL_Vertex")
        self.renderer = renderer
        geometry = ParticleGeometry(layout: layout)
    }

    /// The quad layout; changing it takes effect on the next draw.
    var layout: ParticleGeometry.Layout {
        get { geometry.layout }
        set { geometry.layout = newValue }
    }

    /// Starts counting a new frame and drops textures unused for a couple of seconds.
    func beginFrame() {
        frame += 1
        geometryCallsLastFrame = 0
        particlesLastFrame = 0
        if frame % 60 == 0 {
            textures = textures.filter { frame - $0.value.lastUsed < 120 }
            prepared = prepared.filter { frame - $0.value.frame < 120 }
        }
    }

    /// The device rectangle the canvas lets `item`'s particles show in: the canvas area, within
    /// the clip's bounding box; nil when that is empty.
    private func visibleRect(of item: RenderItem, viewport: Viewport, canvasArea: Rect) -> Rect? {
        guard let clip = item.clip else { return canvasArea }
        let bounds = clip.bounds
        let box = Rect(origin: viewport.devicePoint(bounds.origin), size: bounds.size * viewport.scale)
        guard let inside = box.intersection(canvasArea), !inside.isEmpty else { return nil }
        return inside
    }

    private func deviceTransform(of item: RenderItem, viewport: Viewport) -> Transform {
        item.transform.concatenating(
            Transform(a: viewport.scale, b: 0, c: 0, d: viewport.scale, tx: viewport.offset.x, ty: viewport.offset.y))
    }

    /// Writes `emitter`'s quads for `item` ahead of drawing it in this frame, and returns the
    /// device rectangle they cover; nil when no particle shows.
    func prepare(_ item: RenderItem, of emitter: EmitterLayer, viewport: Viewport, canvasArea: Rect) -> Rect? {
        guard let visible = visibleRect(of: item, viewport: viewport, canvasArea: canvasArea) else {
            prepared[emitter.id] = nil
            return nil
        }
        var entry = prepared.removeValue(forKey: emitter.id) ?? (ParticleGeometry(layout: geometry.layout), frame)
        entry.frame = frame
        emitter.writeQuads(into: &entry.geometry, transform: deviceTransform(of: item, viewport: viewport),
                           opacity: item.opacity, visibleRect: visible)
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        for batch in entry.geometry.batches {
            for vertex in entry.geometry.vertices[batch.firstVertex..<(batch.firstVertex + batch.vertexCount)] {
                minX = min(minX, vertex.x); minY = min(minY, vertex.y)
                maxX = max(maxX, vertex.x); maxY = max(maxY, vertex.y)
            }
        }
        prepared[emitter.id] = entry
        guard minX <= maxX, minY <= maxY else { return nil }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return canvasArea }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX), height: Double(maxY - minY))
    }

    /// Draws `emitter`'s particles for `item`, with the quads `prepare` wrote in this frame if
    /// it did. `canvasArea` is the device rectangle the canvas covers; `drawArea`, within it,
    /// is SDL's clip rectangle before and after.
    func draw(_ item: RenderItem, of emitter: EmitterLayer, viewport: Viewport, canvasArea: Rect, drawArea: Rect) {
        guard let visible = visibleRect(of: item, viewport: viewport, canvasArea: canvasArea) else { return }
        if let entry = prepared[emitter.id], entry.frame == frame {
            draw(entry.geometry, of: emitter, clip: item.clip == nil ? nil : visible.integral, drawArea: drawArea)
        } else {
            emitter.writeQuads(into: &geometry, transform: deviceTransform(of: item, viewport: viewport),
                               opacity: item.opacity, visibleRect: visible)
            draw(geometry, of: emitter, clip: item.clip == nil ? nil : visible.integral, drawArea: drawArea)
        }
    }

    private func draw(_ geometry: ParticleGeometry, of emitter: EmitterLayer, clip: Rect?, drawArea: Rect) {
        guard !geometry.batches.isEmpty else { return }
        if let clip {
            guard let inside = clip.intersection(drawArea), !inside.isEmpty else { return }
            setClipRect(inside)
        }
        for batch in geometry.batches {
            guard let texture = texture(for: emitter.emitterCells[batch.cellIndex]) else { continue }
            texture.setAdditive(geometry.isAdditive)
            drawBatch(batch, of: geometry, with: texture)
        }
        if clip != nil { setClipRect(drawArea) }
    }

    private func drawBatch(_ batch: ParticleBatch, of geometry: ParticleGeometry, with texture: SDLTexture) {
        let r = renderer.handle
        geometry.vertices.withUnsafeBufferPointer { vertices in
            vertices.withMemoryRebound(to: SDL_Vertex.self) { sdlVertices in
                let first = sdlVertices.baseAddress! + batch.firstVertex
                if batch.indexCount > 0 {
                    geometry.indices.withUnsafeBufferPointer { indices in
                        _ = SDL_RenderGeometry(r, texture.handle, first, Int32(batch.vertexCount),
                                               indices.baseAddress, Int32(batch.indexCount))
                    }
                } else {
                    _ = SDL_RenderGeometry(r, texture.handle, first, Int32(batch.vertexCount), nil, 0)
                }
            }
        }
        geometryCallsLastFrame += 1
        particlesLastFrame += batch.particleCount
    }

    /// The cell's texture, made from its contents the first time its `contentsKey` is seen.
    private func texture(for cell: EmitterCell) -> SDLTexture? {
        if var cached = textures[cell.contentsKey] {
            cached.lastUsed = frame
            textures[cell.contentsKey] = cached
            return cached.texture
        }
        guard let contents = cell.contents, contents.width > 0, contents.height > 0 else { return nil }
        let image = RasterImage(bitmap: contents)
        guard let texture = try? SDLTexture(renderer: renderer, width: image.width, height: image.height,
                                            pixels: image.pixels) else { return nil }
        textureUploads += 1
        textures[cell.contentsKey] = CachedTexture(texture: texture, lastUsed: frame)
        return texture
    }

    private func setClipRect(_ rect: Rect) {
        var clip = SDL_Rect(x: Int32(rect.minX), y: Int32(rect.minY), w: Int32(rect.width), h: Int32(rect.height))
        SDL_RenderSetClipRect(renderer.handle, &clip)
    }
}
