import Foundation
import KilnCore
import KilnRuntime
import KilnTestSupport
import Testing

/// Plays `text` from scene time 0 on an empty scene and returns its pointer events.
private func play(_ text: String) throws -> [PointerEvent] {
    var player = ScriptPlayer(script: try InputScriptParser.parse(text, file: "touch.json"))
    return player.events(upTo: 100, scene: ProbeScene()).compactMap {
        if case .pointer(let event) = $0 { return event }
        return nil
    }
}

@Suite("Multi-touch script steps")
struct ScriptTouchStepTests {
    @Test("A pinch puts two touch fingers down either side of the centre and moves them apart symmetrically")
    func pinchMovesTwoFingers() throws {
        let events = try play("""
        {"steps": [{"wait": 1}, {"pinch": {"center": [200, 400], "from": 80, "to": 240, "duration": 0.5}}]}
        """)

        let first = events.filter { $0.id == 10 }, second = events.filter { $0.id == 11 }
        #expect(events.allSatisfy { $0.device == .touch && $0.pressure == nil })
        #expect(first.count + second.count == events.count && first.count == second.count)
        #expect(first.first?.phase == .began && second.first?.phase == .began && first.first?.timestamp == 1)
        #expect(first.last?.phase == .ended && second.last?.phase == .ended && first.last?.timestamp == 1.5)
        #expect(isClose(first.first?.location, Point(160, 400), within: 1e-3)
                && isClose(second.first?.location, Point(240, 400), within: 1e-3))
        #expect(isClose(first.last?.location, Point(80, 400), within: 1e-3)
                && isClose(second.last?.location, Point(320, 400), within: 1e-3))
        for (a, b) in zip(first, second) {
            #expect(a.timestamp == b.timestamp
                    && isClose(a.location.interpolated(to: b.location, t: 0.5), Point(200, 400), within: 1e-3))
        }
        let distances = zip(first, second).map { $0.location.distance(to: $1.location) }
        #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 })
    }

    @Test("A pinch's scale multiplies its start distance, and its angle turns the pair of fingers")
    func pinchScaleAndAngle() throws {
        let events = try play("""
        {"steps": [{"pinch": {"center": [100, 100], "from": 100, "scale": 0.5, "angle": 90, "curve": "linear"}}]}
        """)

        let first = events.filter { $0.id == 10 }, second = events.filter { $0.id == 11 }
        #expect(isClose(first.first?.location, Point(100, 50), within: 1e-3)
                && isClose(second.first?.location, Point(100, 150), within: 1e-3))
        #expect(isClose(first.last?.location, Point(100, 75), within: 1e-3)
                && isClose(second.last?.location, Point(100, 125), within: 1e-3))
        #expect(second.last?.timestamp == ScriptStep.defaultDragDuration)
        // Linear: halfway through, the distance is halfway too.
        let middle = try #require(first.firstIndex { abs($0.timestamp - 0.25) < 1e-9 })
        #expect(abs(first[middle].location.distance(to: second[middle].location) - 75) < 1e-6)
    }

    @Test("A rotate turns two fingers a fixed distance apart, clockwise on the canvas for a positive angle")
    func rotateTurnsFingers() throws {
        let events = try play("""
        {"steps": [{"rotate": {"center": [200, 300], "distance": 100, "from": 0, "to": 90, "duration": 1}}]}
        """)

        let first = events.filter { $0.id == 10 }, second = events.filter { $0.id == 11 }
        #expect(isClose(first.first?.location, Point(150, 300), within: 1e-3)
                && isClose(second.first?.location, Point(250, 300), within: 1e-3))
        #expect(isClose(first.last?.location, Point(200, 250), within: 1e-3)
                && isClose(second.last?.location, Point(200, 350), within: 1e-3))
        #expect(zip(first, second).allSatisfy { abs($0.location.distance(to: $1.location) - 100) < 1e-6 })
        #expect(second.last?.timestamp == 1)
    }

    @Test("Fingers follow their own paths on one clock, overlapping in time, each with its own id")
    func fingersFollowTheirPaths() throws {
        let events = try play("""
        {"steps": [{"wait": 0.5}, {"fingers": [
          {"path": [{"t": 0, "at": [10, 10]}, {"t": 0.5, "at": [10, 110]}, {"t": 1, "at": [60, 110], "curve": "easeIn"}]},
          {"from": [200, 200], "to": [200, 100], "start": 0.25, "duration": 0.5, "curve": "linear"}
        ]}, {"tap": {"at": [5, 5]}}]}
        """)

        let first = events.filter { $0.id == 10 }, second = events.filter { $0.id == 11 }
        #expect(first.first?.timestamp == 0.5 && first.last?.timestamp == 1.5 && first.last?.phase == .ended)
        #expect(second.first?.timestamp == 0.75 && second.last?.timestamp == 1.25 && second.last?.phase == .ended)
        #expect(isClose(first.first { $0.timestamp == 1 }?.location, Point(10, 110), within: 1e-3))
        #expect(isClose(second.first { $0.timestamp == 1 }?.location, Point(200, 150), within: 1e-3))
        #expect(isClose(first.last?.location, Point(60, 110), within: 1e-3)
                && isClose(second.last?.location, Point(200, 100), within: 1e-3))
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        // The tap after the step waits for the last finger to lift, with the mouse's own id.
        #expect(events.last?.id == 0 && abs((events.last?.timestamp ?? 0) - 1.58) < 1e-9)
    }

    @Test("A finger given as a drag is the same as the path it stands for")
    func dragFormIsAPath() throws {
        let script = try InputScriptParser.parse("""
        {"steps": [{"fingers": [{"from": [1, 2], "to": [3, 4], "start": 0.1, "duration": 0.2}]}]}
        """)

        #expect(script.steps == [.fingers([ScriptFinger(path: [
            ScriptKeyframe(time: 0.1, point: .canvas(Point(1, 2))),
            ScriptKeyframe(time: 0.1 + 0.2, point: .canvas(Point(3, 4)), curve: .easeInOut),
        ])])])
        #expect(abs(script.duration - 0.3) < 1e-12)
    }

    @Test("Multi-touch steps written as JSON read back as the same steps")
    func jsonRoundTrip() throws {
        let script = InputScript(steps: [
            .pinch(ScriptPinch(center: .layer("photo"), startDistance: 60, endDistance: 180.5, angle: 30,
                               duration: 0.7, curve: .easeOut)),
            .rotate(ScriptRotation(center: .canvas(Point(1, 2)), distance: 90, startAngle: -10, endAngle: 45.25)),
            .fingers([ScriptFinger(from: .canvas(.zero), to: .layer("x", anchor: Point(0, 1), offset: Point(2, 3))),
                      ScriptFinger(path: [ScriptKeyframe(time: 0, point: .canvas(Point(5, 5))),
                                          ScriptKeyframe(time: 1, point: .canvas(Point(6, 6)), curve: .default)])]),
        ])

        let read = try InputScriptParser.parse(script.jsonText)

        #expect(read.steps == script.steps)
    }

    @Test("A layer a finger's path names is read when the step starts, and a missing one names its field")
    func missingLayerNamesTheFinger() throws {
        var player = ScriptPlayer(script: try InputScriptParser.parse("""
        {"steps": [{"fingers": [{"from": [0, 0], "to": [1, 1]},
                                {"path": [{"t": 0, "at": [0, 0]}, {"t": 1, "at": {"layer": "nowhere"}}]}]}]}
        """, file: "fingers.json"))

        _ = player.events(upTo: 5, scene: ProbeScene())

        #expect(player.problem?.description == "fingers.json:1: steps[0].fingers[1].path[1].at: the scene has no layer named \"nowhere\"")
    }

    static let mistakes: [(text: String, error: String)] = [
        ("{\"steps\": [\n{\"pinch\": {\"center\": [0, 0], \"from\": 10, \"to\": 20, \"scale\": 2}}]}",
         "bad.json:2: steps[0].pinch.scale: give either \"to\" or \"scale\", not both"),
        ("{\"steps\": [\n{\"pinch\": {\"center\": [0, 0], \"from\": 10}}]}",
         "bad.json:2: steps[0].pinch: missing \"to\" or \"scale\" (one of them is required)"),
        ("{\"steps\": [{\"pinch\": {\"center\": [0, 0],\n\"from\": 0, \"to\": 20}}]}",
         "bad.json:2: steps[0].pinch.from: expected a number above 0, found 0.0"),
        ("{\"steps\": [{\"rotate\": {\"center\": [0, 0], \"from\": 0, \"to\": 20}}]}",
         "bad.json:1: steps[0].rotate.distance: missing (this field is required)"),
        ("{\"steps\": [{\"fingers\": []}]}",
         "bad.json:1: steps[0].fingers: expected 1 to 10 fingers, found 0"),
        ("{\"steps\": [{\"fingers\": [{\"path\": [{\"t\": 0, \"at\": [0, 0]}]}]}]}",
         "bad.json:1: steps[0].fingers[0].path: expected an array of at least two points like {\"t\": 0, \"at\": [x, y]}"),
        ("{\"steps\": [{\"fingers\": [{\"path\": [{\"t\": 1, \"at\": [0, 0]},\n{\"t\": 0.5, \"at\": [0, 0]}]}]}]}",
         "bad.json:2: steps[0].fingers[0].path[1]: t 0.5 is earlier than the point before (1.0); times must not decrease"),
        ("{\"steps\": [{\"fingers\": [{\"path\": [{\"t\": 0, \"at\": [0, 0]}, {\"t\": 1, \"at\": [0, 0]}],\n\"to\": [1, 1]}]}]}",
         "bad.json:2: steps[0].fingers[0].to: a finger has either a \"path\" or a drag's \"from\" and \"to\", not both"),
    ]

    @Test("Each mistake in a multi-touch step is one line with the file, line and field", arguments: mistakes)
    func mistakesAreOneLine(_ mistake: (text: String, error: String)) {
        var message: String?
        do { _ = try InputScriptParser.parse(mistake.text, file: "bad.json") } catch { message = error.description }

        #expect(message == mistake.error)
    }
}
