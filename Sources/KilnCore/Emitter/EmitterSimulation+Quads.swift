import Foundation

extension EmitterSimulation {
    /// Refills `geometry` with every live particle as a textured quad, one batch per cell.
    ///
    /// Quads are the cell's contents size × the particle's scale, rotated about the particle
    /// centre, then mapped by `transform` (emitter coordinates to the target's, e.g. pixels).
    /// Vertex colours are premultiplied and multiplied by `opacity`. `oldestFirst` and
    /// `oldestLast` order the particles within each batch; batches follow the cell order.
    /// Cells without contents are skipped. Allocates nothing once the buffers are big enough.
    public func writeQuads(
        into geometry: inout ParticleGeometry, transform: Transform = .identity,
        opacity: Double = 1
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
                isTriangles: geometry.layout == .triangles)
            writeBatch(of: store, with: writer, from: firstVertex, into: &geometry)
            let batch = ParticleBatch(
                cellIndex: index, contentsKey: cells[index].contentsKey, firstVertex: firstVertex,
                vertexCount: store.count * perParticle,
                indexCount: geometry.layout == .indexedQuads ? store.count * 6 : 0,
                particleCount: store.count)
            geometry.batches.append(batch)
            firstVertex += batch.vertexCount
        }
    }

    private func writeBatch(
        of store: ParticleStore, with writer: QuadWriter, from firstVertex: Int,
        into geometry: inout ParticleGeometry
    ) {
        let mode = configuration.renderMode
        let isOrdered = mode == .oldestFirst || mode == .oldestLast
        let stride = geometry.layout.verticesPerParticle
        if geometry.layout == .indexedQuads { geometry.reserveQuadIndices(store.count) }
        store.withReadOnlyPlanes { planes in
            if isOrdered {
                geometry.sortByAge(planes.age, count: store.count, oldestFirst: mode == .oldestFirst)
            }
            geometry.vertices.withUnsafeMutableBufferPointer { vertices in
                var out = vertices.baseAddress! + firstVertex
                if isOrdered {
                    for k in 0..<store.count {
                        writer.write(planes, Int(geometry.order[k]), to: out)
                        out += stride
                    }
                } else {
                    for i in 0..<store.count {
                        writer.write(planes, i, to: out)
                        out += stride
                    }
                }
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

    init(cell: EmitterCell, transform t: Transform, opacity: Double, isTriangles: Bool) {
        a = Float(t.a); b = Float(t.b); c = Float(t.c); d = Float(t.d)
        tx = Float(t.tx); ty = Float(t.ty)
        halfWidth = Float(cell.contentsSize.width / 2)
        halfHeight = Float(cell.contentsSize.height / 2)
        self.opacity = Float(min(max(opacity, 0), 1))
        self.isTriangles = isTriangles
    }

    @inline(__always)
    func write(_ p: ParticlePlanes, _ i: Int, to out: UnsafeMutablePointer<ParticleVertex>) {
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

        let alpha = min(max(p.alpha[i], 0), 1) * opacity
        let k = alpha * 255
        let r = UInt8(min(max(p.red[i], 0), 1) * k + 0.5)
        let g = UInt8(min(max(p.green[i], 0), 1) * k + 0.5)
        let bl = UInt8(min(max(p.blue[i], 0), 1) * k + 0.5)
        let al = UInt8(k + 0.5)

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
    }
}
