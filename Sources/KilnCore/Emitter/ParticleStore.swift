/// The live particles of one cell, in struct-of-arrays storage.
///
/// Each field is a contiguous plane of `capacity` floats inside one array, so a step walks
/// every plane linearly and takes a single uniqueness check instead of one per field.
/// Particles `0..<count` are alive; a dead one is replaced by the last.
struct ParticleStore: Sendable {
    /// The per-particle fields, one plane each, in storage order.
    enum Field: Int, CaseIterable {
        case x, y, vx, vy, age, lifetime, scale, scaleSpeed, rotation, spin
        case red, green, blue, alpha, redSpeed, greenSpeed, blueSpeed, alphaSpeed
    }

    /// The number of planes.
    static let fieldCount = Field.allCases.count

    private(set) var storage: [Float]
    private(set) var capacity: Int
    var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 0)
        storage = ParticleStore.makeStorage(capacity: self.capacity)
    }

    // Never empty, so that the storage always has a base address to make planes from.
    private static func makeStorage(capacity: Int) -> [Float] {
        [Float](repeating: 0, count: max(capacity, 1) * fieldCount)
    }

    var isFull: Bool { count >= capacity }

    /// Reallocates to `newCapacity` (never smaller than the live count), keeping particles.
    mutating func resize(to newCapacity: Int) {
        let newCapacity = max(newCapacity, count)
        guard newCapacity != capacity else { return }
        var newStorage = ParticleStore.makeStorage(capacity: newCapacity)
        for field in Field.allCases {
            let from = field.rawValue * capacity, to = field.rawValue * newCapacity
            newStorage[to..<(to + count)] = storage[from..<(from + count)]
        }
        storage = newStorage
        capacity = newCapacity
    }

    /// The value of one field of live particle `index`.
    func value(_ field: Field, at index: Int) -> Float {
        storage[field.rawValue * capacity + index]
    }

    /// Gives `body` pointers to every plane, for the hot loops.
    mutating func withPlanes<R>(_ body: (ParticlePlanes) -> R) -> R {
        let capacity = capacity
        return storage.withUnsafeMutableBufferPointer { buffer in
            body(ParticlePlanes(base: buffer.baseAddress!, capacity: capacity))
        }
    }

    /// Gives `body` pointers to every plane for reading only.
    func withReadOnlyPlanes<R>(_ body: (ParticlePlanes) -> R) -> R {
        let capacity = capacity
        return storage.withUnsafeBufferPointer { buffer in
            // The planes type is shared with the mutating path; nothing writes through it here.
            body(ParticlePlanes(base: UnsafeMutablePointer(mutating: buffer.baseAddress!), capacity: capacity))
        }
    }
}

/// Pointers to the planes of a `ParticleStore`, valid only inside `withPlanes`.
struct ParticlePlanes {
    let x, y, vx, vy, age, lifetime: UnsafeMutablePointer<Float>
    let scale, scaleSpeed, rotation, spin: UnsafeMutablePointer<Float>
    let red, green, blue, alpha: UnsafeMutablePointer<Float>
    let redSpeed, greenSpeed, blueSpeed, alphaSpeed: UnsafeMutablePointer<Float>
    private let base: UnsafeMutablePointer<Float>
    private let capacity: Int
    private let fieldCount: Int

    init(base: UnsafeMutablePointer<Float>, capacity: Int) {
        self.base = base
        self.capacity = capacity
        self.fieldCount = ParticleStore.fieldCount
        func plane(_ field: ParticleStore.Field) -> UnsafeMutablePointer<Float> {
            base + field.rawValue * capacity
        }
        x = plane(.x); y = plane(.y); vx = plane(.vx); vy = plane(.vy)
        age = plane(.age); lifetime = plane(.lifetime)
        scale = plane(.scale); scaleSpeed = plane(.scaleSpeed)
        rotation = plane(.rotation); spin = plane(.spin)
        red = plane(.red); green = plane(.green); blue = plane(.blue); alpha = plane(.alpha)
        redSpeed = plane(.redSpeed); greenSpeed = plane(.greenSpeed)
        blueSpeed = plane(.blueSpeed); alphaSpeed = plane(.alphaSpeed)
    }

    /// Copies every field of particle `source` over particle `destination`.
    @inline(__always)
    func move(from source: Int, to destination: Int) {
        var plane = base
        for _ in 0..<fieldCount {
            plane[destination] = plane[source]
            plane += capacity
        }
    }

    /// Advances particle `i` by `dt` with semi-implicit Euler: acceleration, then damping
    /// (`dampingFactor` is `1 / (1 + damping · dt)`), then position with the new velocity.
    @inline(__always)
    func advance(_ i: Int, by dt: Float, ax: Float, ay: Float, dampingFactor: Float) {
        let newVX = (vx[i] + ax * dt) * dampingFactor
        let newVY = (vy[i] + ay * dt) * dampingFactor
        vx[i] = newVX
        vy[i] = newVY
        x[i] += newVX * dt
        y[i] += newVY * dt
        scale[i] += scaleSpeed[i] * dt
        rotation[i] += spin[i] * dt
        red[i] += redSpeed[i] * dt
        green[i] += greenSpeed[i] * dt
        blue[i] += blueSpeed[i] * dt
        alpha[i] += alphaSpeed[i] * dt
    }
}
