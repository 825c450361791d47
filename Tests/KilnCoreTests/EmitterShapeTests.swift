import Foundation
import KilnCore
import Testing

/// Where 2,000 motionless particles are born for a shape, mode and size at (200, 300).
private func birthPositions(_ shape: EmitterShape, _ mode: EmitterMode, _ size: Size) -> [Point] {
    var cell = EmitterCell(name: "still", contents: Bitmap(width: 2, height: 2, fill: .white))
    cell.birthRate = 20_000
    cell.lifetime = 5
    var configuration = EmitterConfiguration(cells: [cell], seed: 3)
    configuration.emitterPosition = Point(200, 300)
    configuration.emitterSize = size
    configuration.emitterShape = shape
    configuration.emitterMode = mode
    var simulation = EmitterSimulation(configuration: configuration)

    simulation.step(dt: 0.1)

    return simulation.particles.map { $0.position - Point(200, 300) }
}

private let tolerance = 1e-3

@Test("a point emitter puts every particle at the emitter position")
func pointShape() {
    let offsets = birthPositions(.point, .points, Size(50, 50))

    #expect(offsets.count == 2000)
    #expect(offsets.allSatisfy { $0.length < tolerance })
}

@Test("a line emitter spreads particles along its width, on the line", arguments: EmitterMode.allCases)
func lineShape(mode: EmitterMode) {
    let offsets = birthPositions(.line, mode, Size(120, 40))

    #expect(offsets.allSatisfy { abs($0.y) < tolerance && abs($0.x) <= 60 + tolerance })
    #expect(offsets.contains { $0.x < -55 } && offsets.contains { $0.x > 55 })
}

@Test("a rectangle's surface and points modes fill its inside", arguments: [EmitterMode.surface, .points])
func rectangleInside(mode: EmitterMode) {
    let offsets = birthPositions(.rectangle, mode, Size(100, 40))

    #expect(offsets.allSatisfy { abs($0.x) <= 50 + tolerance && abs($0.y) <= 20 + tolerance })
    #expect(offsets.contains { abs($0.x) < 40 && abs($0.y) < 15 })
    #expect(offsets.contains { $0.x < -45 && $0.y < -15 } && offsets.contains { $0.x > 45 && $0.y > 15 })
}

@Test("a rectangle's outline mode puts particles on all four edges, in proportion to their length")
func rectangleOutline() {
    let offsets = birthPositions(.rectangle, .outline, Size(100, 40))

    let onVerticalEdge = offsets.filter { abs(abs($0.x) - 50) < tolerance && abs($0.y) <= 20 + tolerance }
    let onHorizontalEdge = offsets.filter { abs(abs($0.y) - 20) < tolerance && abs($0.x) <= 50 + tolerance }
    #expect(onVerticalEdge.count + onHorizontalEdge.count == offsets.count)
    #expect(onVerticalEdge.contains { $0.x < 0 } && onVerticalEdge.contains { $0.x > 0 })
    // The long edges are 200 of the 280 points of perimeter.
    let horizontalShare = Double(onHorizontalEdge.count) / Double(offsets.count)
    #expect(abs(horizontalShare - 200.0 / 280) < 0.04)
}

@Test("a circle's outline mode puts particles on the circle of radius emitterSize.width")
func circleOutline() {
    let offsets = birthPositions(.circle, .outline, Size(30, 0))

    #expect(offsets.allSatisfy { abs($0.length - 30) < tolerance })
    #expect(offsets.contains { $0.x > 29 } && offsets.contains { $0.x < -29 })
    #expect(offsets.contains { $0.y > 29 } && offsets.contains { $0.y < -29 })
}

@Test("a circle's surface mode fills the disc evenly by area")
func circleSurface() {
    let offsets = birthPositions(.circle, .surface, Size(30, 0))

    #expect(offsets.allSatisfy { $0.length <= 30 + tolerance })
    // Even by area: a quarter of the particles fall within half the radius.
    let innerShare = Double(offsets.filter { $0.length < 15 }.count) / Double(offsets.count)
    #expect(abs(innerShare - 0.25) < 0.03)
}
