@testable import KilnCore
@testable import KilnRuntime
import Testing

@Suite("Scene time under slow motion, pause and steps")
struct SceneTimeDialTests {
    @Test("At 1× scene time is the wall clock since the scene began")
    func normalSpeed() {
        let dial = SceneTimeDial(wall: 100)
        #expect(dial.time(atWall: 100) == 0)
        #expect(dial.time(atWall: 102.5) == 2.5)
        #expect(dial.label == nil)
    }

    @Test("S goes 1×, ¼×, 1/10× and round, each speed counting from the moment it was chosen")
    func cyclingSpeeds() {
        var dial = SceneTimeDial(wall: 0)
        dial.cycleSpeed(atWall: 2)
        #expect(dial.speed == 0.25)
        #expect(dial.label == "¼×")
        #expect(dial.time(atWall: 6) == 2 + 4 * 0.25)
        dial.cycleSpeed(atWall: 6)
        #expect(dial.speed == 0.1)
        #expect(dial.label == "1/10×")
        #expect(abs(dial.time(atWall: 16) - (3 + 1)) < 1e-12)
        dial.cycleSpeed(atWall: 16)
        #expect(dial.speed == 1)
        #expect(abs(dial.time(atWall: 17) - 5) < 1e-12)
    }

    @Test("A speed given on the command line takes its place in the round by its size")
    func customSpeed() {
        var dial = SceneTimeDial(speed: 0.5, wall: 0)
        #expect(dial.label == "½×")
        dial.cycleSpeed(atWall: 0)
        #expect(dial.speed == 0.25)
        dial.cycleSpeed(atWall: 0)
        dial.cycleSpeed(atWall: 0)
        #expect(dial.speed == 1)
        dial.cycleSpeed(atWall: 0)
        #expect(dial.speed == 0.5)
    }

    @Test("Paused, scene time stands still however long the wall clock runs, and resumes from there")
    func pause() {
        var dial = SceneTimeDial(speed: 0.25, wall: 0)
        dial.togglePause(atWall: 4)
        #expect(dial.isPaused)
        #expect(dial.label == "PAUSED")
        #expect(dial.time(atWall: 4) == 1)
        #expect(dial.time(atWall: 400) == 1)
        dial.togglePause(atWall: 400)
        #expect(!dial.isPaused)
        #expect(dial.time(atWall: 404) == 2)
    }

    @Test("Steps move a 60th of a second of scene time while paused, never before 0, and nothing while running")
    func steps() {
        var dial = SceneTimeDial(wall: 0)
        #expect(dial.stepped(by: 1) == nil)
        dial.pause(atWall: 0.5)
        let forward = dial.stepped(by: 1)!
        #expect(abs(forward - (0.5 + 1.0 / 60)) < 1e-12)
        dial.jump(to: forward, atWall: 9)
        #expect(dial.time(atWall: 20) == forward)
        #expect(dial.stepped(by: -1000) == 0)
    }

    @Test("A new scene starts at 0, at the speed chosen, running")
    func restart() {
        var dial = SceneTimeDial(wall: 0)
        dial.cycleSpeed(atWall: 1)
        dial.pause(atWall: 3)
        dial.restart(atWall: 10)
        #expect(!dial.isPaused)
        #expect(dial.time(atWall: 14) == 1)
    }

    @Test("Scene time never runs backwards, whatever the wall times asked in whatever order",
          arguments: [UInt64(1), 2, 3, 4, 5])
    func monotonic(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var dial = SceneTimeDial(wall: 0)
        var wall = 0.0
        var latest = 0.0
        for _ in 0..<500 {
            wall += Double.random(in: 0...0.2, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: dial.cycleSpeed(atWall: wall)
            case 1: dial.togglePause(atWall: wall)
            default: break
            }
            let now = dial.time(atWall: wall)
            #expect(now >= latest, "seed \(seed)")
            latest = now
        }
    }
}
