import KilnCore
import Testing

@Test("the fountain rises above its base and comes back down")
func fountainRisesAndFalls() {
    var simulation = EmitterSimulation(configuration: EmitterPresets.fountain(at: Point(195, 700)))

    for _ in 0..<180 { simulation.step(dt: 1.0 / 60) }
    let particles = simulation.particles

    #expect(particles.contains { $0.position.y < 600 })
    #expect(particles.contains { $0.velocity.y > 100 })
}

@Test("identical images share a contents key and different ones do not")
func contentsKeys() {
    let red = EmitterCell(contents: Bitmap(width: 4, height: 4, fill: .red))
    let alsoRed = EmitterCell(name: "other", contents: Bitmap(width: 4, height: 4, fill: .red))
    var changed = red

    changed.contents = Bitmap(width: 4, height: 4, fill: .blue)

    #expect(red.contentsKey == alsoRed.contentsKey)
    #expect(changed.contentsKey != red.contentsKey)
    #expect(EmitterCell().contentsKey == 0)
}
