import KilnCore
import LaserDemo
import Testing

@Test("the laser debris has three cells of small red images with different alpha")
func laserDebrisCells() {
    let configuration = EmitterPresets.laserDebris(center: Point(195, 523), spanWidth: 240)

    let images = configuration.cells.compactMap(\.contents)
    let peakAlphas = images.map { image in (0..<image.height).flatMap { y in (0..<image.width).map { image.color(x: $0, y: y).alpha } }.max()! }

    #expect(images.count == 3)
    #expect(images.allSatisfy { (4...8).contains($0.width) && (4...8).contains($0.height) })
    #expect(Set(peakAlphas.map { ($0 * 20).rounded() }).count == 3)
    #expect(images.allSatisfy { $0.color(x: $0.width / 2, y: $0.height / 2).red > 0.9 })
    #expect(Set(configuration.cells.map(\.contentsKey)).count == 3)
}

@Test("fired, the laser debris sprays from the span and falls under gravity")
func laserDebrisFires() {
    var simulation = EmitterSimulation(
        configuration: EmitterPresets.laserDebris(center: Point(195, 523), spanWidth: 240))

    for _ in 0..<30 { simulation.step(dt: 1.0 / 60) }
    let particles = simulation.particles

    #expect(Set(particles.map(\.cellIndex)) == [0, 1, 2])
    #expect(particles.contains { $0.position.x < 95 } && particles.contains { $0.position.x > 295 })
    #expect(particles.contains { $0.position.y < 500 })
    #expect(particles.filter { $0.age > 0.3 }.allSatisfy { $0.velocity.y > -120 })
}

@Test("the debris stays off until its birth rate is animated up")
func laserDebrisIdle() {
    var configuration = EmitterPresets.laserDebris(center: Point(195, 523), spanWidth: 240)
    configuration.birthRate = 0
    var simulation = EmitterSimulation(configuration: configuration)
    let capacity = simulation.capacity

    for _ in 0..<30 { simulation.step(dt: 1.0 / 60) }
    let idle = simulation.aliveCount
    simulation.configuration.birthRate = 1
    for _ in 0..<30 { simulation.step(dt: 1.0 / 60) }

    #expect(idle == 0)
    #expect(simulation.aliveCount > 50)
    #expect(simulation.capacity == capacity)
}
