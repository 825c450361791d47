/// A copy of one live particle's state, for tests, inspectors and debugging overlays.
package struct Particle: Hashable, Sendable {
    /// The index of the particle's cell in the configuration.
    package var cellIndex: Int
    /// The centre, in the emitter's coordinates.
    package var position: Point
    /// Points per second.
    package var velocity: Point
    /// Seconds since birth.
    package var age: Double
    /// Seconds the particle lives in total.
    package var lifetime: Double
    /// Size as a multiple of the cell's contents size (before clamping to zero for drawing).
    package var scale: Double
    /// Radians, clockwise on screen.
    package var rotation: Double
    /// The colour it is drawn with, each component clamped to 0…1.
    package var color: Color
}

extension EmitterSimulation {
    /// A copy of every live particle, cell by cell. Allocates: for tests and inspection,
    /// not for drawing (use `writeQuads(into:transform:opacity:)`).
    package var particles: [Particle] {
        var result: [Particle] = []
        result.reserveCapacity(aliveCount)
        for (cellIndex, store) in stores.enumerated() {
            for i in 0..<store.count { result.append(store.particle(at: i, cellIndex: cellIndex)) }
        }
        return result
    }
}

extension ParticleStore {
    /// The state of live particle `i`.
    func particle(at i: Int, cellIndex: Int) -> Particle {
        func clamped(_ field: Field) -> Double { Double(min(max(value(field, at: i), 0), 1)) }
        return Particle(
            cellIndex: cellIndex,
            position: Point(Double(value(.x, at: i)), Double(value(.y, at: i))),
            velocity: Point(Double(value(.vx, at: i)), Double(value(.vy, at: i))),
            age: Double(value(.age, at: i)),
            lifetime: Double(value(.lifetime, at: i)),
            scale: Double(value(.scale, at: i)),
            rotation: Double(value(.rotation, at: i)),
            color: Color(red: clamped(.red), green: clamped(.green), blue: clamped(.blue),
                         alpha: clamped(.alpha)))
    }
}
