import KilnCore
import KilnEndToEndSupport
import LaserDemo
import Testing

@Suite("Laser card burner")
struct LaserSceneTests {
    @Test("L9: the laser turns on once ignition ends, with its sound and hum")
    func ignition() {
        let h = SceneHarness<LaserScene>()

        #expect(h.names("laser.on").count == 1)
        #expect(abs(h.names("laser.on")[0].time - 0.35) < 0.02)
        #expect(h.audio.playedSounds.first == .ignition)
        #expect(h.audio.isLooping(.hum))
    }

    @Test("L8: more than 60 % through deletes the pocket through the store",
          arguments: [0.61, 0.9])
    func deletes(progress: Double) throws {
        let h = SceneHarness<LaserScene>()

        try h.down()
        try h.move(toProgress: progress, duration: 0.6)
        h.up()
        h.run(until: h.time + 0.6)

        #expect(h.names("pocket.deleted").map { $0.fields["id"] } == [.string("micronesia")])
        #expect(!h.scene.store.pockets.contains { $0.id == "micronesia" })
        #expect(h.names("pocket.spared").isEmpty)
    }

    @Test("L8: 59 % and exactly 60 % spare the pocket, which springs home", arguments: [0.59, 0.60])
    func spares(progress: Double) throws {
        let h = SceneHarness<LaserScene>()
        let home = try h.pocket.position

        try h.down()
        try h.move(toProgress: progress, duration: 0.6)
        h.up()
        h.run(until: h.time + 2)

        #expect(h.names("pocket.deleted").isEmpty)
        let spared = h.names("pocket.spared")
        #expect(spared.count == 1)
        if case .number(let p)? = spared.first?.fields["progress"] { #expect(abs(p - progress) < 0.005) }
        #expect(try h.pocket.position.distance(to: home) < 0.5)
    }

    @Test("L5: char is added on retraction while in the beam, and on a spared release")
    func charOnRetraction() throws {
        let h = SceneHarness<LaserScene>()

        try h.down()
        try h.move(toProgress: 0.0, duration: 0.4)
        try h.move(toProgress: 0.35, duration: 0.3)
        #expect(h.names("pocket.charred").isEmpty)
        try h.move(toProgress: 0.2, duration: 0.2)
        #expect(h.names("pocket.charred").count == 1)
        try h.move(toProgress: 0.1, duration: 0.1)
        #expect(h.names("pocket.charred").count == 1)
        h.up()

        let layers = h.names("pocket.charred").map { $0.fields["layers"] }
        #expect(layers == [.number(1), .number(2)])
    }

    @Test("L5: moving back up outside the beam chars nothing")
    func noCharOutsideBeam() throws {
        let h = SceneHarness<LaserScene>()

        try h.down()
        try h.move(toProgress: -0.3, duration: 0.3)
        try h.move(toProgress: -0.6, duration: 0.3)
        h.up()
        h.run(until: h.time + 1)

        #expect(h.names("pocket.charred").isEmpty)
        #expect(h.names("pocket.spared").isEmpty)
        #expect(h.names("pocket.cut.begin").isEmpty)
    }

    @Test("L6: debris fires only while the card is pushed into the beam")
    func debrisOnlyWhilePlunging() throws {
        let h = SceneHarness<LaserScene>()

        try h.down()
        try h.move(toProgress: -0.05, duration: 0.4)
        #expect(h.scene.debrisBirthRate == 0)
        try h.move(toProgress: 0.3, duration: 0.4)
        #expect(h.scene.debrisBirthRate > 0.5)
        let emitter = h.scene.root.layer(named: "debris") as? EmitterLayer
        #expect((emitter?.aliveCount ?? 0) > 20)
        h.run(until: h.time + 0.6)
        #expect(h.scene.debrisBirthRate == 0)
        try h.move(toProgress: 0.2, duration: 0.3)
        h.run(until: h.time + 0.05)

        #expect(h.scene.debrisBirthRate < 0.5)
    }

    @Test("L7: a heavy impact repeats about every 60 ms while cutting")
    func impactCadence() throws {
        let h = SceneHarness<LaserScene>()

        try h.down()
        try h.move(toProgress: 0.0, duration: 0.3)
        try h.move(toProgress: 0.5, duration: 1.2)

        let intervals = h.haptics.intervals
        #expect(intervals.count >= 15)
        let mean = intervals.reduce(0, +) / Double(intervals.count)
        #expect(abs(mean - 0.06) < 0.005)
        #expect(intervals.allSatisfy { $0 > 0.04 && $0 < 0.08 })
    }

    @Test("L9: cut.begin once per drag; deleted then restored with Ctrl+Z (X7)")
    func eventsAndUndo() throws {
        let h = SceneHarness<LaserScene>()

        try h.down()
        try h.move(toProgress: 0.2, duration: 0.3)
        try h.move(toProgress: 0.1, duration: 0.2)
        try h.move(toProgress: 0.7, duration: 0.3)
        h.up()
        h.run(until: h.time + 0.6)
        _ = h.scene.handle(KeyPress("z", modifiers: .ctrl))
        h.run(until: h.time + 0.1)

        #expect(h.names("pocket.cut.begin").count == 1)
        #expect(h.names("pocket.restored").map { $0.fields["id"] } == [.string("micronesia")])
        #expect(h.scene.store.pockets.first?.id == "micronesia")
        #expect(try h.pocket.isHidden == false)
        let order = h.events.names.filter { $0.hasPrefix("pocket.") && $0 != "pocket.charred" }
        #expect(order == ["pocket.cut.begin", "pocket.deleted", "pocket.restored"])
    }

    @Test("L4: idle for 4 s, a hint nudges the card towards the laser and back")
    func idleHint() throws {
        let h = SceneHarness<LaserScene>()
        let home = try h.pocket.position

        h.run(until: 3.95)
        #expect(h.names("pocket.hint").isEmpty)
        h.run(until: 4.6)
        let nudged = try h.pocket.position.y - home.y
        h.run(until: 6.2)

        #expect(h.names("pocket.hint").count == 1)
        #expect(nudged > 20)
        #expect(try h.pocket.position.distance(to: home) < 0.01)
    }

    @Test("L4: a drag resets the idle clock")
    func hintWaitsForIdle() throws {
        let h = SceneHarness<LaserScene>()

        h.run(until: 3.0)
        try h.down()
        try h.move(toProgress: -0.6, duration: 0.3)
        h.up()
        h.run(until: 5.0)

        #expect(h.names("pocket.hint").isEmpty)
    }

    @Test("L3: the sizzle is louder the faster the card moves in the beam")
    func sizzleFollowsSpeed() throws {
        let slow = SceneHarness<LaserScene>(), fast = SceneHarness<LaserScene>()

        for (h, duration) in [(slow, 1.5), (fast, 0.25)] {
            try h.down()
            try h.move(toProgress: 0.0, duration: 0.3)
            try h.move(toProgress: 0.3, duration: duration)
        }

        #expect(fast.audio.loopVolumes[.sizzle, default: 0] > slow.audio.loopVolumes[.sizzle, default: 0] + 0.1)
    }

    @Test("L3: leaving the scene stops every sound")
    func silenceOnLeave() {
        let h = SceneHarness<LaserScene>()

        h.scene.leave()

        #expect(!h.audio.isLooping(.hum))
    }
}
