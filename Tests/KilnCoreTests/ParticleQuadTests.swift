import Foundation
import KilnCore
import Testing

/// A simulation with one motionless particle of a 4×2 pt image per cell, at (50, 60).
private func singleParticle(
    cells: Int = 1, renderMode: EmitterRenderMode = .unordered,
    _ adjust: (inout EmitterCell) -> Void = { _ in }
) -> EmitterSimulation {
    var cell = EmitterCell(name: "quad", contents: Bitmap(width: 8, height: 4, fill: .white))
    cell.contentsScale = 2
    cell.birthRate = 10
    cell.lifetime = 5
    adjust(&cell)
    var configuration = EmitterConfiguration(cells: Array(repeating: cell, count: cells), seed: 5)
    configuration.emitterPosition = Point(50, 60)
    configuration.renderMode = renderMode
    var simulation = EmitterSimulation(configuration: configuration)
    simulation.step(dt: 0.1)
    return simulation
}

@Test("particle vertices have SDL_Vertex's 20-byte layout")
func vertexLayout() {
    #expect(MemoryLayout<ParticleVertex>.size == 20)
    #expect(MemoryLayout<ParticleVertex>.stride == 20)
    #expect(MemoryLayout<ParticleVertex>.offset(of: \.r) == 8)
    #expect(MemoryLayout<ParticleVertex>.offset(of: \.a) == 11)
    #expect(MemoryLayout<ParticleVertex>.offset(of: \.u) == 12)
    #expect(MemoryLayout<ParticleVertex>.offset(of: \.v) == 16)
}

@Test("a quad is the contents size times the scale, centred on the particle, with straight-alpha colour")
func quadSizeAndColour() {
    let simulation = singleParticle { cell in
        cell.scale = 2
        cell.color = Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)
    }
    var geometry = ParticleGeometry()

    simulation.writeQuads(into: &geometry)

    #expect(geometry.batches.count == 1)
    #expect(geometry.vertices.count == 4)
    let xs = geometry.vertices.map(\.x), ys = geometry.vertices.map(\.y)
    #expect(xs == [46, 54, 54, 46] && ys == [58, 58, 62, 62])
    #expect(geometry.vertices.map(\.u) == [0, 1, 1, 0] && geometry.vertices.map(\.v) == [0, 0, 1, 1])
    let first = geometry.vertices[0]
    #expect([first.r, first.g, first.b, first.a] == [255, 128, 0, 128])
    #expect(Array(geometry.indices.prefix(6)) == [0, 1, 2, 0, 2, 3])
}

@Test("rotation turns the quad about the particle centre and the transform maps it")
func quadRotationAndTransform() {
    var simulation = singleParticle { $0.spin = .pi / 2 }
    simulation.configuration.birthRate = 0
    simulation.step(dt: 1)
    var geometry = ParticleGeometry(layout: .triangles)
    let toPixels = Transform(scaleX: 2, y: 2)

    simulation.writeQuads(into: &geometry, transform: toPixels, opacity: 0.5)

    // After 1 s more at π/2 rad/s the 4×2 quad stands upright: 2 wide, 4 tall, then doubled.
    let corners = geometry.vertices.map { Point(Double($0.x), Double($0.y)) }
    #expect(geometry.vertices.count == 6 && geometry.batches[0].indexCount == 0)
    #expect(abs(corners.map(\.x).min()! - 98) < 1e-3 && abs(corners.map(\.x).max()! - 102) < 1e-3)
    #expect(abs(corners.map(\.y).min()! - 116) < 1e-3 && abs(corners.map(\.y).max()! - 124) < 1e-3)
    #expect(geometry.vertices[0].a == 128)
}

@Test("each cell with contents gets its own batch, cells without contents draw nothing")
func batchesPerCell() {
    var simulation = singleParticle(cells: 3)
    simulation.configuration.cells[1].contents = nil
    simulation.configuration.cells[2].contents = .makeSoftDot(diameter: 6, color: .red)
    simulation.step(dt: 0.2)
    var geometry = ParticleGeometry()

    simulation.writeQuads(into: &geometry)

    #expect(geometry.batches.map(\.cellIndex) == [0, 2])
    #expect(geometry.batches[0].contentsKey != geometry.batches[1].contentsKey)
    #expect(geometry.batches[1].firstVertex == geometry.batches[0].vertexCount)
    #expect(geometry.vertices.count == 4 * (simulation.aliveCount(inCell: 0) + simulation.aliveCount(inCell: 2)))
}

@Test("oldestFirst draws the oldest particles first and oldestLast draws them last",
      arguments: [EmitterRenderMode.oldestFirst, .oldestLast])
func orderedModes(mode: EmitterRenderMode) {
    // Alpha records age, so the drawing order can be read back from the vertices.
    var simulation = singleParticle(renderMode: mode) { cell in
        cell.birthRate = 3000
        cell.lifetime = 1
        cell.lifetimeRange = 0.5
        cell.alphaSpeed = -1
    }
    for _ in 0..<60 { simulation.step(dt: 1.0 / 60) }
    var geometry = ParticleGeometry()

    simulation.writeQuads(into: &geometry)

    let alphas = stride(from: 0, to: geometry.vertices.count, by: 4).map { geometry.vertices[$0].a }
    #expect(alphas.count > 2000)
    #expect(alphas.first != alphas.last)
    let sorted = mode == .oldestFirst ? alphas.sorted() : alphas.sorted(by: >)
    #expect(alphas == sorted)
}

@Test("refilling the geometry every frame keeps its buffers")
func geometryBuffersAreReused() {
    var simulation = singleParticle { cell in
        cell.birthRate = 2000
        cell.lifetime = 0.5
    }
    simulation.configuration.renderMode = .oldestLast
    var geometry = ParticleGeometry()
    for _ in 0..<60 {
        simulation.step(dt: 1.0 / 60)
        simulation.writeQuads(into: &geometry)
    }
    let vertexCapacity = geometry.vertices.capacity, indexCapacity = geometry.indices.capacity
    var largest = 0

    for _ in 0..<600 {
        simulation.step(dt: 1.0 / 60)
        simulation.writeQuads(into: &geometry)
        largest = max(largest, geometry.vertices.count)
    }

    #expect(largest <= vertexCapacity)
    #expect(geometry.vertices.capacity == vertexCapacity)
    #expect(geometry.indices.capacity == indexCapacity)
}

@Test("particles whose quads lie wholly outside the visible rect are skipped, the rest kept whole")
func culling() {
    // A 4×2 pt quad at (50, 60): x 48…52, y 59…61.
    let simulation = singleParticle()
    var geometry = ParticleGeometry()

    simulation.writeQuads(into: &geometry, visibleRect: Rect(0, 0, 47.9, 200))
    let outside = (geometry.vertices.count, geometry.batches.count)
    simulation.writeQuads(into: &geometry, visibleRect: Rect(0, 0, 48.1, 200))

    #expect(outside == (0, 0))
    #expect(geometry.vertices.count == 4 && geometry.batches.map(\.particleCount) == [1])
    #expect(geometry.vertices.map(\.x).max() == 52)
}
