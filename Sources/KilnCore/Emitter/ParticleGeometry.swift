/// The particles of one cell, drawn with one texture in one geometry call.
package struct ParticleBatch: Hashable, Sendable {
    /// The index of the cell in the configuration.
    package var cellIndex: Int
    /// The cell's `contentsKey`: which texture to draw with.
    package var contentsKey: UInt64
    /// The batch's first vertex in `ParticleGeometry.vertices`.
    package var firstVertex: Int
    /// How many vertices the batch has, starting at `firstVertex`.
    package var vertexCount: Int
    /// How many of `ParticleGeometry.indices` to draw with (counted from the first): six per
    /// particle for `.indexedQuads`, zero for `.triangles`.
    package var indexCount: Int
    /// How many particles the batch draws.
    package var particleCount: Int
}

/// Vertex, index and ordering buffers a renderer keeps and refills every frame with
/// `EmitterSimulation.writeQuads(into:transform:opacity:)`.
///
/// Buffers only grow, so once they have held the largest frame, refilling allocates nothing.
/// A batch is drawn by passing `vertices[firstVertex...]` with `vertexCount` vertices and,
/// for indexed quads, the first `indexCount` indices (they count from the batch's first vertex).
package struct ParticleGeometry: Sendable {
    /// How each particle's quad is spelled out.
    package enum Layout: Hashable, Sendable {
        /// Four vertices per particle plus six shared indices: the least to write.
        case indexedQuads
        /// Six vertices per particle (two triangles) and no indices.
        case triangles

        /// Vertices written per particle.
        package var verticesPerParticle: Int { self == .indexedQuads ? 4 : 6 }
    }

    /// The quad layout to write; may change between frames.
    package var layout: Layout
    /// The vertices of every batch, back to back; `count` is exactly what was written.
    package internal(set) var vertices: [ParticleVertex] = []
    /// `0, 1, 2, 0, 2, 3` repeated for every quad, offset by 4 each time; used by `.indexedQuads`.
    package internal(set) var indices: [Int32] = []
    /// One batch per cell that has contents and live particles, in cell order.
    package internal(set) var batches: [ParticleBatch] = []
    /// Whether the batches are to be drawn with additive blending.
    package internal(set) var isAdditive = false

    /// Particle indices in drawing order, for the ordered render modes.
    var order: [Int32] = []
    private var orderScratch: [Int32] = []
    private var histogram = [Int](repeating: 0, count: ParticleGeometry.radixBuckets)

    /// Empty buffers.
    package init(layout: Layout = .indexedQuads) {
        self.layout = layout
    }

    /// Sets `vertices.count` to `count`, allocating only when the buffer must grow.
    mutating func resizeVertices(to count: Int) {
        if vertices.count < count {
            vertices.append(contentsOf: repeatElement(.zero, count: count - vertices.count))
        } else if vertices.count > count {
            vertices.removeLast(vertices.count - count)
        }
    }

    /// Makes sure `indices` covers `quads` quads (never shrinks: the pattern is the same).
    mutating func reserveQuadIndices(_ quads: Int) {
        var quad = Int32(indices.count / 6)
        guard quad < quads else { return }
        indices.reserveCapacity(quads * 6)
        while quad < quads {
            let v = quad * 4
            indices.append(contentsOf: [v, v + 1, v + 2, v, v + 2, v + 3])
            quad += 1
        }
    }
}

extension ParticleGeometry {
    private static let radixBits = 11
    private static let radixBuckets = 1 << radixBits

    /// Fills `order[0..<count]` with the particle indices `0..<count` sorted by age, oldest
    /// first or oldest last; ties keep index order.
    ///
    /// An LSD radix sort on the bits of the (non-negative) float ages, with buffers that are
    /// kept between frames: unlike the standard library's sort it allocates nothing.
    mutating func sortByAge(_ ages: UnsafePointer<Float>, count: Int, oldestFirst: Bool) {
        guard count > 0 else { return }
        if order.count < count {
            order.append(contentsOf: repeatElement(0, count: count - order.count))
            orderScratch.append(contentsOf: repeatElement(0, count: count - orderScratch.count))
        }
        let flip: UInt32 = oldestFirst ? .max : 0
        var resultInScratch = false
        order.withUnsafeMutableBufferPointer { order in
            orderScratch.withUnsafeMutableBufferPointer { scratch in
                histogram.withUnsafeMutableBufferPointer { histogram in
                    for i in 0..<count { order[i] = Int32(i) }
                    var from = order.baseAddress!, to = scratch.baseAddress!
                    for shift in stride(from: 0, to: 32, by: Self.radixBits) {
                        let moved = Self.radixPass(
                            from: from, to: to, count: count, histogram: histogram.baseAddress!
                        ) { (ages[Int($0)].bitPattern ^ flip) >> UInt32(shift) & UInt32(Self.radixBuckets - 1) }
                        if moved { swap(&from, &to); resultInScratch.toggle() }
                    }
                }
            }
        }
        if resultInScratch { swap(&order, &orderScratch) }
    }

    /// One stable counting pass on a digit; returns false (and moves nothing) when every
    /// element has the same digit, which is common for the high bits of similar ages.
    @inline(__always)
    private static func radixPass(
        from: UnsafeMutablePointer<Int32>, to: UnsafeMutablePointer<Int32>, count: Int,
        histogram: UnsafeMutablePointer<Int>, digit: (Int32) -> UInt32
    ) -> Bool {
        histogram.update(repeating: 0, count: radixBuckets)
        for k in 0..<count { histogram[Int(digit(from[k]))] += 1 }
        if histogram[Int(digit(from[0]))] == count { return false }
        var total = 0
        for bucket in 0..<radixBuckets {
            let n = histogram[bucket]
            histogram[bucket] = total
            total += n
        }
        for k in 0..<count {
            let d = Int(digit(from[k]))
            to[histogram[d]] = from[k]
            histogram[d] += 1
        }
        return true
    }
}
