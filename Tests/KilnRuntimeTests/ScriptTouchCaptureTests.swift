import KilnCore
import KilnRuntime
import Testing

/// Records `events` as `--capture`, R and the journal's input log do, writes the script,
/// reads it back and replays it from the same start: the events the replay gives.
func captureAndReplay(_ events: [PointerEvent], startTime: Double = 0) throws -> [PointerEvent] {
    var recorder = ScriptRecorder(startTime: startTime)
    for event in events { recorder.record(event) }
    let script = try InputScriptParser.parse(recorder.jsonText, file: "capture.json")
    var player = ScriptPlayer(script: script, startTime: startTime)
    return player.events(upTo: startTime + script.duration + 1, scene: ProbeScene()).compactMap {
        if case .pointer(let event) = $0 { return event }
        return nil
    }
}

/// Whether two event lists agree: ids, phases, devices, buttons, pressures, times and places.
func sameEvents(_ a: [PointerEvent], _ b: [PointerEvent]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { x, y in
        x.id == y.id && x.phase == y.phase && x.device == y.device && x.buttons == y.buttons
            && x.pressure == y.pressure && x.pressureSource == y.pressureSource
            && abs(x.timestamp - y.timestamp) < 1e-9 && x.location.distance(to: y.location) < 1e-9
    }
}

@Suite("Multi-touch capture")
struct ScriptTouchCaptureTests {
    @Test("A pinch, a rotate and overlapping fingers, captured and replayed, give the same pointer events")
    func scriptedTouchesRoundTrip() throws {
        var player = ScriptPlayer(script: try InputScriptParser.parse("""
        {"steps": [
          {"drag": {"from": [10, 10], "to": [50, 10], "pointer": "touch"}},
          {"pinch": {"center": [195, 420], "from": 80, "to": 260, "angle": 20, "duration": 0.6}},
          {"rotate": {"center": [195, 420], "distance": 120, "to": -45, "duration": 0.4, "curve": "easeOut"}},
          {"fingers": [{"from": [100, 700], "to": [100, 300], "duration": 0.3},
                       {"from": [200, 700], "to": [200, 300], "start": 0.05, "duration": 0.3},
                       {"path": [{"t": 0.1, "at": [300, 700]}, {"t": 0.2, "at": [300, 650]}, {"t": 0.5, "at": [290, 300]}]}]}
        ]}
        """), startTime: 2)
        let played = player.events(upTo: 10, scene: ProbeScene()).compactMap { output -> PointerEvent? in
            if case .pointer(let event) = output { return event }
            return nil
        }

        let replayed = try captureAndReplay(played, startTime: 2)

        #expect(Set(played.map(\.id)) == [2, 10, 11, 12])
        #expect(sameEvents(played, replayed))
    }

    @Test("Random input from several pointers at once survives capture and replay exactly", arguments: 0..<40)
    func randomPointersRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let events = Self.randomTouches(&random)

        let replayed = try captureAndReplay(events, startTime: 1.25)

        #expect(sameEvents(events, replayed), "seed \(seed)")
    }

    /// Up to five pointers of any device, each going down, moving and lifting (or being
    /// cancelled) at random, interleaved, at times that never go back and sometimes repeat.
    static func randomTouches(_ random: inout SplitMix64) -> [PointerEvent] {
        let devices: [PointerDevice] = [.touch, .touch, .touch, .mouse, .pen]
        var down: [Int: PointerDevice] = [:]
        var time = 1.25
        var events: [PointerEvent] = []
        for _ in 0..<(20 + Int(random.next() % 80)) {
            if random.nextUnit() < 0.6 { time += (random.nextUnit() * 0.05 * 1000).rounded() / 1000 }
            let id = [0, 1, 2, 10, 11, 12, 1003, 1004][Int(random.next() % 8)]
            let location = Point((random.nextUnit() * 3900).rounded() / 10, (random.nextUnit() * 8440).rounded() / 10)
            let device = down[id] ?? devices[Int(random.next() % UInt64(devices.count))]
            let pressure: Double? = device == .mouse || random.nextUnit() < 0.5 ? nil : (random.nextUnit() * 100).rounded() / 100
            let phase: PointerPhase
            if down[id] == nil {
                phase = random.nextUnit() < 0.2 ? .hover : .began
            } else {
                let roll = random.nextUnit()
                phase = roll < 0.7 ? .moved : roll < 0.9 ? .ended : .cancelled
            }
            down[id] = phase == .began || phase == .moved ? device : nil
            events.append(PointerEvent(id: id, phase: phase, location: location, timestamp: time, device: device,
                                       pressure: pressure, pressureSource: pressure == nil ? nil : "touch",
                                       buttons: phase == .began || phase == .moved ? 1 : 0))
        }
        return events
    }
}
