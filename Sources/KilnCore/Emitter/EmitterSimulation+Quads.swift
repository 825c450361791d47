import Foundation

extension EmitterSimulation {
    /// Refills `geometry` with every live particle as a textured quad, one batch per cell.
    ///
    /// Quads are the cell's contents size × the particle's scale, rotated about the particle
    /// centre, then mapped by `transform` (emitter coordinates to the target's, e.g. pixels).
    /// Vertex colours are straight alpha: red, green and blue are the particle's colour, and
    /// alpha is the particle's alpha × `opacity` (SDL blends textures and vertex colours that way).
    /// `oldestFirst` and `oldestLast` order the particles within each batch; batches follow the
    /// cell order. Cells without contents are skipped, and so is every particle whose quad lies
    /// wholly outside `visibleRect` (in the target's coordinates) when one is given.
    /// Allocates nothing once the buffers are big enough.
    package func writeQuads(
        into geometry: inout ParticleGeometry, transform: Transform = .identity,
        opacity: Double = 1, visibleRect: Rect? = nil
    ) {
        let cells = configuration.cells
        let perParticle = geometry.layout.verticesPerParticle
        var total = 0
        for (index, store) in stores.enumerated() where cells[index].contents != nil {
            total += store.count * perParticle
        }
        geometry.batches.removeAll(keepingCapacity: true)
        geometry.isAdditive = configuration.isAdditive
        geometry.resizeVertices(to: total)

        var firstVertex = 0
        for (index, store) in stores.enumerated() where cells[index].contents != nil && store.count > 0 {
            let writer = QuadWriter(
                cell: cells[index], transform: transform, opacity: opacity,
                isTriangles: geometry.layout == .triangles, visibleRect: visibleRect)
            let written = writeBatch(of: store, with: writer, from: firstVertex, into: &geometry)
            guard written > 0 else { continue }
            let batch = ParticleBatch(
                cellIndex: index, contentsKey: cells[index].contentsKey, firstVertex: firstVertex,
                vertexCount: written * perParticle,
                indexCount: geometry.layout == .indexedQuads ? written * 6 : 0,
                particleCount: written)
            geometry.batches.append(batch)
            firstVertex += batch.vertexCount
        }
        // Culled particles leave room at the end; shrinking keeps the capacity.
        geometry.resizeVertices(to: firstVertex)
    }

    /// Writes the store's particles from `firstVertex` on; returns how many it wrote.
    private func writeBatch(
        of store: ParticleStore, with writer: QuadWriter, from firstVertex: Int,
        into geometry: inout ParticleGeometry
    ) -> Int {
        let mode = configuration.renderMode
        let isOrdered = mode == .oldestFirst || mode == .oldestLast
        let stride = geometry.layout.verticesPerParticle
        if geometry.layout == .indexedQuads { geometry.reserveQuadIndices(store.count) }
        return store.withReadOnlyPlanes { planes in
            if isOrdered {
                geometry.sortByAge(planes.age, count: store.count, oldestFirst: mode == .oldestFirst)
            }
            return geometry.vertices.withUnsafeMutableBufferPointer { vertices in
                var out = vertices.baseAddress! + firstVertex
                var written = 0
                for k in 0..<store.count {
                    let i = isOrdered ? Int(geometry.order[k]) : k
                    guard writer.write(planes, i, to: out) else { continue }
                    out += stride
                    written += 1
                }
                return written
            }
        }
    }
}

/// Turns one particle into the vertices of its quad.
private struct QuadWriter {
    let a, b, c, d, tx, ty: Float
    let halfWidth, halfHeight: Float
    let opacity: Float
    let isTriangles: Bool
    let isCulling: Bool
    let minX, minY, maxX, maxY: Float

    init(cell: EmitterCell, transform t: Transform, opacity: Double, isTriangles: Bool, visibleRect: Rect?) {
        a = Float(t.a); b = Float(t.b); c = Float(t.c); d = Float(t.d)
        tx = Float(t.tx); ty = Float(t.ty)
        halfWidth = Float(cell.contentsSize.width / 2)
        halfHeight = Float(cell.contentsSize.height / 2)
        self.opacity = Float(min(max(opacity, 0), 1))
        self.isTriangles = isTriangles
        isCulling = visibleRect != nil
        minX = Float(visibleRect?.minX ?? 0); maxX = Float(visibleRect?.maxX ?? 0)
        minY = Float(visibleRect?.minY ?? 0); maxY = Float(visibleRect?.maxY ?? 0)
    }

    /// Whether a quad centred on (cx, cy) with half axes e and f misses the visible rect.
    @inline(__always)
    func isCulled(_ cx: Float, _ cy: Float, _ ex: Float, _ ey: Float, _ fx: Float, _ fy: Float) -> Bool {
        guard isCulling else { return false }
        let rx = abs(ex) + abs(fx), ry = abs(ey) + abs(fy)
        return cx + rx < minX || cx - rx > maxX || cy + ry < minY || cy - ry > maxY
    }

    /// Writes particle `i`'s quad at `out`; returns false, writing nothing, when it is culled.
    @inline(__always)
    func write(_ p: ParticlePlanes, _ i: Int, to out: UnsafeMutablePointer<ParticleVertex>) -> Bool {
        let scale = max(p.scale[i], 0)
        let angle = p.rotation[i]
        let sine: Float = angle == 0 ? 0 : sin(angle)
        let cosine: Float = angle == 0 ? 1 : cos(angle)
        // The quad's half axes, rotated in emitter space, then through the transform.
        let ux = cosine * halfWidth * scale, uy = sine * halfWidth * scale
        let wx = -sine * halfHeight * scale, wy = cosine * halfHeight * scale
        let ex = a * ux + c * uy, ey = b * ux + d * uy
        let fx = a * wx + c * wy, fy = b * wx + d * wy
        let x = p.x[i], y = p.y[i]
        let cx = a * x + c * y + tx, cy = b * x + d * y + ty
        if isCulled(cx, cy, ex, ey, fx, fy) { return false }

        let r = UInt8(min(max(p.red[i], 0), 1) * 255 + 0.5)
        let g = UInt8(min(max(p.green[i], 0), 1) * 255 + 0.5)
        let bl = UInt8(min(max(p.blue[i], 0), 1) * 255 + 0.5)
        let al = UInt8(min(max(p.alpha[i], 0), 1) * opacity * 255 + 0.5)

        func vertex(_ sx: Float, _ sy: Float, _ u: Float, _ v: Float) -> ParticleVertex {
            ParticleVertex(x: cx + sx * ex + sy * fx, y: cy + sx * ey + sy * fy,
                           r: r, g: g, b: bl, a: al, u: u, v: v)
        }
        let topLeft = vertex(-1, -1, 0, 0), bottomRight = vertex(1, 1, 1, 1)
        let bottomLeft = vertex(-1, 1, 0, 1)
        out[0] = topLeft
        out[1] = vertex(1, -1, 1, 0)
        out[2] = bottomRight
        if isTriangles {
            out[3] = topLeft
            out[4] = bottomRight
            out[5] = bottomLeft
        } else {
            out[3] = bottomLeft
        }
        return true
    }
}
