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
        if frame % 60 == 0 { textures = textures.filter { frame - $0.value.lastUsed < 120 } }
    }

    /// Draws `emitter`'s particles for `item`. `canvasArea` is the device rectangle the canvas
    /// covers, which is also SDL's clip rectangle before and after.
    func draw(_ item: RenderItem, of emitter: EmitterLayer, viewport: Viewport, canvasArea: Rect) {
        let toDevice = item.transform.concatenating(
            Transform(a: viewport.scale, b: 0, c: 0, d: viewport.scale, tx: viewport.offset.x, ty: viewport.offset.y))
        var visible = canvasArea
        if let clip = item.clip {
            let bounds = clip.bounds
            let box = Rect(origin: viewport.devicePoint(bounds.origin), size: bounds.size * viewport.scale)
            guard let inside = box.intersection(canvasArea), !inside.isEmpty else { return }
            visible = inside
        }
        emitter.writeQuads(into: &geometry, transform: toDevice, opacity: item.opacity, visibleRect: visible)
        guard !geometry.batches.isEmpty else { return }
        if item.clip != nil { setClipRect(visible.integral) }
        for batch in geometry.batches {
            guard let texture = texture(for: emitter.emitterCells[batch.cellIndex]) else { continue }
            texture.setAdditive(geometry.isAdditive)
            drawBatch(batch, with: texture)
        }
        if item.clip != nil { setClipRect(canvasArea) }
    }

    private func drawBatch(_ batch: ParticleBatch, with texture: SDLTexture) {
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
