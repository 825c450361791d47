import KilnCore
import KilnRuntime
import Testing

@Suite("Input script capture")
struct ScriptRecorderTests {
    /// A live-looking session from scene time 3: a mouse drag, a key, a pen stroke with
    /// pressure from a tablet, two touches at once, a second key.
    func liveSession() -> [ScriptOutput] {
        var outputs: [ScriptOutput] = [
            .pointer(PointerEvent(phase: .hover, location: Point(5.25, 6.5), timestamp: 3.01, buttons: 0)),
            .pointer(PointerEvent(phase: .began, location: Point(10.123456789, 20), timestamp: 3.1)),
        ]
        for i in 1...20 {
            let t = 3.1 + Double(i) / 61
            outputs.append(.pointer(PointerEvent(phase: .moved, location: Point(10 + Double(i) / 3, 20 + Double(i) * 0.7),
                                                 timestamp: t)))
        }
        outputs += [
            .pointer(PointerEvent(phase: .ended, location: Point(17, 34), timestamp: 3.5, buttons: 0)),
            .key(KeyPress("z", modifiers: .ctrl), time: 4.0),
            .pointer(PointerEvent(id: 1, phase: .began, location: Point(100, 100), timestamp: 4.2, device: .pen,
                                  pressure: 0.11, pressureSource: "xinput2")),
            .pointer(PointerEvent(id: 1, phase: .moved, location: Point(101, 102), timestamp: 4.21, device: .eraser,
                                  pressure: 0.7, pressureSource: "xinput2")),
            .pointer(PointerEvent(id: 1, phase: .ended, location: Point(101, 102), timestamp: 4.3, device: .pen,
                                  pressure: 0, pressureSource: "xinput2", buttons: 0)),
            .pointer(PointerEvent(id: 1003, phase: .began, location: Point(1, 1), timestamp: 5, device: .touch,
                                  pressure: 0.5, pressureSource: "touch")),
            .pointer(PointerEvent(id: 1004, phase: .began, location: Point(2, 2), timestamp: 5, device: .touch,
                                  pressure: 0.6, pressureSource: "touch")),
            .pointer(PointerEvent(id: 1003, phase: .cancelled, location: Point(1, 1), timestamp: 5.1, device: .touch,
                                  pressure: 0.5, pressureSource: "touch")),
            .key(KeyPress("escape"), time: 5.1),
        ]
        return outputs
    }

    func record(_ outputs: [ScriptOutput], startTime: Double) -> ScriptRecorder {
        var recorder = ScriptRecorder(scene: "gallery", device: "iphone-14", seed: 7, startTime: startTime)
        for output in outputs {
            switch output {
            case .pointer(let event): recorder.record(event)
            case .key(let key, let time): recorder.record(key, at: time)
            }
        }
        return recorder
    }

    @Test("Capturing, writing, parsing and replaying gives back the same events")
    func captureThenReplay() throws {
        let live = liveSession()
        let recorder = record(live, startTime: 3)

        let script = try InputScriptParser.parse(recorder.jsonText, file: "capture.json")
        var player = ScriptPlayer(script: script, startTime: 3)
        let replayed = player.events(upTo: 10, scene: ProbeScene())

        #expect(replayed.count == live.count)
        for (original, copy) in zip(live, replayed) {
            #expect(abs(original.time - copy.time) < 1e-6)
            switch (original, copy) {
            case (.pointer(let a), .pointer(let b)):
                #expect(a.phase == b.phase && a.id == b.id && a.device == b.device && a.buttons == b.buttons)
                #expect(a.location.distance(to: b.location) < 1e-6)
                #expect(a.pressure == b.pressure && a.pressureSource == b.pressureSource)
            case (.key(let a, _), .key(let b, _)):
                #expect(a == b)
            default:
                Issue.record("\(original) was replayed as \(copy)")
            }
        }
        #expect(script.scene == "gallery" && script.device == "iphone-14" && script.seed == 7)
        #expect(player.isFinished)
    }

    @Test("Keys split the raw events into several steps, with waits up to each key")
    func keysSplitEvents() {
        let recorder = record(liveSession(), startTime: 3)

        let kinds = recorder.script.steps.map(\.kind)

        #expect(kinds == ["events", "wait", "key", "events", "key"])
        #expect(recorder.script.steps[1] == .wait(0.5))
        #expect(abs(recorder.script.duration - 2.1) < 1e-12)
    }

    @Test("The captured file is pretty-printed with a stable key order")
    func fileLayout() {
        var recorder = ScriptRecorder(scene: "laser")
        recorder.record(PointerEvent(id: 1, phase: .began, location: Point(10, 20.5), timestamp: 0.5, device: .pen,
                                     pressure: 0.25, pressureSource: "evdev"))
        recorder.record(PointerEvent(id: 1, phase: .ended, location: Point(10, 20.5), timestamp: 0.75, device: .pen,
                                     buttons: 0))
        recorder.record(KeyPress("z", modifiers: .ctrl), at: 1)

        let text = recorder.jsonText

        #expect(text == """
        {
          "scene": "laser",
          "steps": [
            {"events": [
              {"t": 0.5, "phase": "began", "x": 10, "y": 20.5, "pointer": "pen", "pressure": 0.25, "source": "evdev"},
              {"t": 0.75, "phase": "ended", "x": 10, "y": 20.5, "pointer": "pen"}
            ]},
            {"wait": 0.25},
            {"key": "ctrl+z"}
          ]
        }

        """)
    }

    @Test("Input that arrives out of order is clamped so that time never runs backwards")
    func clampedTimes() throws {
        var recorder = ScriptRecorder()
        recorder.record(PointerEvent(phase: .began, location: .zero, timestamp: 1))
        recorder.record(PointerEvent(phase: .moved, location: Point(1, 0), timestamp: 0.9))
        recorder.record(KeyPress("a"), at: 0.5)

        let script = try InputScriptParser.parse(recorder.jsonText)
        var player = ScriptPlayer(script: script)
        let times = player.events(upTo: 2, scene: ProbeScene()).map(\.time)

        #expect(times == [1, 1, 1])
    }
}
