import Foundation
import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import LaserDemo
import Testing

@Suite("Laser card burner: layout, flicker, toast, shake and the shipped scripts")
struct LaserSpecTests {
    @Test("L1: instruction, card, arrow, beam and light spill sit top to bottom, the beam across the canvas at 62 % of its height")
    func layout() throws {
        let h = SceneHarness<LaserScene>()
        let canvas = DevicePreset.iPhone14.size
        func frame(_ name: String) throws -> Rect { try #require(h.scene.root.layer(named: name)).frame }
        let instruction = try #require(h.scene.root.layer(named: "instruction") as? TextLayer)
        let pocket = try frame("pocket"), arrow = try frame("arrow"), laser = try frame("laser")
        let beamUp = try frame("beamUp"), beamDown = try frame("beamDown")

        #expect(instruction.string == "Drag your Pocket through the laser to delete it")
        #expect(abs(laser.midY - 0.62 * canvas.height) <= 0.5)
        #expect(laser.minX <= 0 && laser.maxX >= canvas.width, "the beam spans the canvas: \(laser)")
        #expect(laser.height <= 4, "a thin beam: \(laser)")
        #expect(instruction.frame.maxY <= pocket.minY)
        #expect(pocket.maxY < arrow.minY && arrow.maxY < laser.minY)
        #expect(abs(arrow.midX - canvas.width / 2) < 1)
        #expect(abs(beamUp.maxY - laser.midY) <= 0.5 && beamUp.height > 0)
        #expect(abs(beamDown.minY - laser.midY) <= 0.5 && beamDown.height > 0)
        let labels = try h.pocket.sublayers.compactMap { ($0 as? TextLayer)?.string }
        #expect(labels.contains("Trip to Micronesia"))
        #expect(labels.contains("£1,240.00"))
    }

    @Test("L1: the arrow bobs towards the laser on a 1 s loop")
    func arrowBobs() {
        let h = SceneHarness<LaserScene>()
        var ys: [Double] = []
        for frame in 1...360 {
            h.run(until: 1 + Double(frame) / 120)
            ys.append(h.scene.root.layer(named: "arrow")!.position.y)
        }
        let top = ys.min()!, bottom = ys.max()!
        // The lowest points of the bob, one per loop.
        let lows = ys.indices.filter { ys[$0] > bottom - 0.05 }
            .reduce(into: [Int]()) { runs, i in if runs.last.map({ i - $0 > 10 }) ?? true { runs.append(i) } }

        #expect(bottom - top > 5, "the arrow moves: \(top)…\(bottom)")
        #expect(lows.count == 3, "\(lows)")
        let periods = zip(lows, lows.dropFirst()).map { Double($1 - $0) / 120 }
        #expect(periods.allSatisfy { abs($0 - 1) < 0.02 }, "\(periods)")
        // Every second it is back where it started.
        #expect(abs(ys[119] - ys[239]) < 0.01 && abs(ys[239] - ys[359]) < 0.01)
    }

    @Test("L2: while on, the glow flickers ±8 % around its level, never past what a layer shows")
    func flickerRange() {
        let h = SceneHarness<LaserScene>()
        var levels: [Double] = []
        for frame in 1...2400 {
            h.run(until: 1 + Double(frame) / 120)
            levels.append(h.scene.root.layer(named: "beamUp")!.opacity)
        }
        let low = levels.min()!, high = levels.max()!
        let middle = (low + high) / 2, mean = levels.reduce(0, +) / Double(levels.count)

        #expect(high <= 1)
        #expect(high <= middle * 1.08 + 1e-9 && low >= middle * 0.92 - 1e-9, "\(low)…\(high)")
        // Over 20 s the noise reaches close to both ends.
        #expect((high - low) / middle > 2 * 0.08 * 0.85, "\(low)…\(high)")
        #expect(abs(mean - middle) / middle < 0.03, "mean \(mean), middle \(middle)")
    }

    @Test("L8: after a delete the toast \"Pocket deleted · Undo\" shows for 4 s")
    func toastShowsForItsDuration() throws {
        let h = SceneHarness<LaserScene>()
        let toast = try #require(h.scene.root.layer(named: "toast"))
        #expect(toast.opacity == 0)

        try h.down()
        try h.move(toProgress: 0.8, duration: 0.5)
        h.up()
        h.run(until: h.time + 0.5)
        let deletedAt = try #require(h.names("pocket.deleted").first).time
        let texts = toast.sublayers.compactMap { $0 as? TextLayer }

        #expect(texts.map(\.string) == ["Pocket deleted", "Undo"])
        #expect(toast.layer(named: "toast.undo") != nil)
        h.run(until: deletedAt + 3.9)
        #expect(toast.opacity == 1)
        h.run(until: deletedAt + 4.5)
        #expect(toast.opacity == 0)
    }

    @Test("L8, L9: tapping the toast's Undo restores the pocket to the card")
    func toastUndoRestores() throws {
        let h = SceneHarness<LaserScene>()
        try h.down()
        try h.move(toProgress: 0.8, duration: 0.5)
        h.up()
        h.run(until: h.time + 1.5)
        #expect(h.scene.store.pockets.map(\.id) == ["bike", "rainy-day"])
        let toast = try #require(h.scene.root.layer(named: "toast"))

        h.tap(at: Point(toast.frame.maxX - 40, toast.frame.midY))
        h.run(until: h.time + 0.6)

        #expect(h.names("pocket.restored").map { $0.fields["id"] } == [.string("micronesia")])
        #expect(h.scene.store.pockets.map(\.id) == ["micronesia", "bike", "rainy-day"])
        #expect(try !h.pocket.isHidden && h.pocket.opacity == 1)
        let labels = try h.pocket.sublayers.compactMap { ($0 as? TextLayer)?.string }
        #expect(labels.contains("Trip to Micronesia"))
        #expect(toast.opacity == 0)
        #expect(h.audio.playedSounds.contains(.chime))
    }

    @Test("L7: the card visibly shakes while cutting and is still at rest")
    func shakeWhileCutting() throws {
        let h = SceneHarness<LaserScene>()
        #expect(try h.pocket.transform == .identity)

        try h.down()
        try h.move(toProgress: 0.0, duration: 0.3)
        var offsets: [Transform] = []
        for step in 1...10 {
            try h.move(toProgress: 0.05 * Double(step), duration: 0.06)
            try offsets.append(h.pocket.transform)
        }
        let moved = offsets.filter { $0 != .identity }

        #expect(moved.count >= 8, "\(offsets)")
        #expect(offsets.allSatisfy { $0.a == 1 && $0.d == 1 && $0.b == 0 && $0.c == 0 }, "a jitter, not a scale")
        #expect(offsets.allSatisfy { abs($0.tx) <= 1.8 && abs($0.ty) <= 0.9 }, "\(offsets)")
        #expect(Set(offsets.map(\.tx)).count >= 5, "it jitters rather than holding one offset")
        h.up()
        h.run(until: h.time + 2)
        #expect(try h.pocket.transform == .identity)
    }

    @Test("L8, L9: laser-delete.json deletes the pocket")
    func deleteScript() throws {
        let (scene, events) = try play("laser-delete.json")

        #expect(events.events.filter { $0.name == "pocket.deleted" }.map { $0.fields["id"] } == [.string("micronesia")])
        #expect(events.names.filter { $0 == "pocket.spared" }.isEmpty)
        #expect(!scene.store.pockets.contains { $0.id == "micronesia" })
    }

    @Test("L5, L8, L9: laser-spare.json spares the pocket twice and leaves it charred")
    func spareScript() throws {
        let (scene, events) = try play("laser-spare.json")
        let charLayers = try #require(scene.root.layer(named: "pocket")).sublayers.filter { $0.name == "char" }

        #expect(events.names.filter { $0 == "pocket.spared" }.count == 2)
        #expect(events.names.filter { $0 == "pocket.deleted" }.isEmpty)
        #expect(scene.store.pockets.first?.id == "micronesia")
        #expect(charLayers.count >= 2, "char on the card: \(charLayers.count) layers")
        #expect(charLayers.allSatisfy { $0.contents != nil })
    }

    /// Plays a shipped script through the scene at 60 Hz, to a second past its end.
    private func play(_ name: String) throws -> (LaserScene, EventRecorder) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/Scripts/\(name)")
        let script = try InputScriptParser.parse(contentsOf: url)
        let events = EventRecorder()
        let scene = try #require(DemoCatalog.make(script.scene ?? "", context:
            SceneContext(canvasSize: DevicePreset.iPhone14.size, events: events, seed: script.seed ?? 1))
            as? LaserScene)
        let session = SceneSession(scene: scene, script: script)
        let frames = Int((script.duration + 1) * 60)
        for frame in 0...frames { session.advance(to: Double(frame) / 60) }
        #expect(!session.isPlayingScript)
        return (scene, events)
    }
}
