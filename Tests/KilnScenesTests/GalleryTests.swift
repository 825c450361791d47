import KilnCore
import KilnScenes
import Testing

@Suite("Gallery")
struct GalleryTests {
    func makeGallery() throws -> (GalleryScene, [EmitterLayer]) {
        let gallery = GalleryScene(context: SceneContext(canvasSize: DevicePreset.iPhone14.size))
        let emitters = try ["gallery.fountain", "gallery.debris"].map { name in
            try #require(gallery.root.layer(named: name) as? EmitterLayer)
        }
        return (gallery, emitters)
    }

    @Test("The fountain and the laser debris are already full at time 0")
    func prewarmed() throws {
        let (gallery, emitters) = try makeGallery()

        gallery.update(time: 0)

        #expect(emitters.allSatisfy { $0.aliveCount > 20 })
    }

    @Test("Updates step the emitters by the time since the last update, never backwards")
    func stepsByElapsedTime() throws {
        let (gallery, emitters) = try makeGallery()
        let (reference, _) = try makeGallery()
        let fountain = emitters[0], twin = try #require(reference.root.layer(named: "gallery.fountain") as? EmitterLayer)
        let initial = fountain.simulation.particles

        gallery.update(time: 5)
        let afterFirst = fountain.simulation.particles
        gallery.update(time: 5 + 1.0 / 30)
        let afterSecond = fountain.simulation.particles
        gallery.update(time: 1)
        let afterBackwards = fountain.simulation.particles

        twin.step(dt: 1.0 / 60)
        twin.step(dt: 1.0 / 60)
        #expect(afterFirst == initial)
        #expect(afterSecond == twin.simulation.particles)
        #expect(afterBackwards == afterSecond)
    }
}
