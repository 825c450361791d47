import KilnCore
import KilnRuntime
import KilnTestSupport
import Testing

/// A scene with one named layer, `card`, inside a container offset by (10, 20); it
/// keeps what it is handed.
final class ProbeScene: Scene {
    let name = "probe"
    let root = Layer()
    let card = Layer()
    var backgroundColor: Color { .white }
    var pointerEvents: [PointerEvent] = []
    var keys: [KeyPress] = []

    init() {
        root.bounds = Rect(0, 0, 390, 844)
        let container = Layer()
        container.frame = Rect(10, 20, 300, 600)
        card.name = "card"
        card.frame = Rect(100, 200, 50, 40)
        container.addSublayer(card)
        root.addSublayer(container)
    }

    func update(time: Double) {}
    func handle(_ event: PointerEvent) { pointerEvents.append(event) }
    func handle(_ key: KeyPress) -> Bool {
        keys.append(key)
        return true
    }
}

extension [ScriptOutput] {
    /// The pointer events, in order.
    var pointerEvents: [PointerEvent] {
        compactMap { if case .pointer(let event) = $0 { event } else { nil } }
    }
}

@Suite("Input script playing")
struct ScriptPlayerTests {
    func play(_ steps: [ScriptStep], upTo time: Double = 100, scene: Scene = ProbeScene()) -> [ScriptOutput] {
        var player = ScriptPlayer(script: InputScript(steps: steps))
        return player.events(upTo: time, scene: scene)
    }

    @Test("A move emits events at 120 Hz along its curve, plus one at its exact end")
    func moveSampling() {
        let steps: [ScriptStep] = [.down(at: .canvas(.zero)), .move(to: .point(.canvas(Point(120, 60))),
                                                                      duration: 0.5, curve: .easeIn)]

        let events = play(steps).pointerEvents

        let moves = events.dropFirst()
        #expect(events.first?.phase == .began && moves.count == 60)
        for (k, event) in zip(1..., moves) {
            let t = min(Double(k) / 120, 0.5)
            let progress = TimingFunction.easeIn.value(at: t / 0.5)
            #expect(event.phase == .moved && abs(event.timestamp - t) < 1e-12)
            #expect(abs(event.location.x - 120 * progress) < 1e-9 && abs(event.location.y - 60 * progress) < 1e-9)
        }
        #expect(moves.last?.location == Point(120, 60))
    }

    @Test("A move's duration that is not a multiple of 1/120 s still ends exactly on time")
    func oddDuration() {
        let events = play([.move(to: .point(.canvas(Point(10, 0))), duration: 0.3)]).pointerEvents

        #expect(events.count == 36)
        #expect(events.last?.timestamp == 0.3 && events.last?.location == Point(10, 0))
        #expect(events.allSatisfy { $0.phase == .hover && $0.buttons == 0 })
    }

    @Test("Consecutive steps start when the one before ends")
    func stepTiming() {
        let steps: [ScriptStep] = [
            .wait(0.5), .tap(at: .canvas(Point(1, 1))), .key(KeyPress("z", modifiers: .ctrl)),
            .drag(from: .canvas(Point(1, 1)), to: .canvas(Point(2, 2)), duration: 0.5),
        ]

        let outputs = play(steps)

        let times = outputs.map(\.time)
        let phases = outputs.pointerEvents.map(\.phase)
        #expect(abs(times[0] - 0.5) < 1e-12 && abs(times[1] - 0.58) < 1e-12 && abs(times[2] - 0.58) < 1e-12)
        #expect(outputs[2] == .key(KeyPress("z", modifiers: .ctrl), time: times[2]))
        #expect(phases.prefix(3) == [.began, .ended, .began] && phases.last == .ended)
        #expect(abs(times.last! - 1.08) < 1e-12)
        #expect(times == times.sorted())
    }

    @Test("The duration is known without a scene and the player finishes only at its end")
    func durationAndFinish() throws {
        let script = try InputScriptParser.parse(everyStepScript)
        var player = ScriptPlayer(script: InputScript(steps: [.wait(0.25), .hold(duration: 1)]),
                                  startTime: 2)

        _ = player.events(upTo: 3.2, scene: ProbeScene())
        let finishedEarly = player.isFinished
        _ = player.events(upTo: 3.25, scene: ProbeScene())

        #expect(abs(script.duration - (0.5 + 0.8 + 1.0 + 1.2 + 2.5 + 0.08 + 0.6 + 0.5 + 0.5)) < 1e-12)
        #expect(ScriptPlayer(script: script).duration == script.duration)
        #expect(!finishedEarly && player.isFinished && player.endTime == 3.25)
    }

    @Test("Playing frame by frame gives the same events as playing all at once")
    func frameByFrame() throws {
        let script = try InputScriptParser.parse(everyStepScript)
        let scene = ProbeScene()
        for name in ["laser", "undo"] {
            let layer = Layer()
            layer.name = name
            layer.frame = Rect(50, 60, 70, 80)
            scene.root.addSublayer(layer)
        }
        var stepped = ScriptPlayer(script: script)
        var atOnce = ScriptPlayer(script: script)

        var frames: [ScriptOutput] = []
        for frame in 0...480 { frames += stepped.events(upTo: Double(frame) / 60, scene: scene) }
        let all = atOnce.events(upTo: 8, scene: scene)

        #expect(frames == all)
        #expect(stepped.isFinished && stepped.problem == nil)
    }

    @Test("Layer points are read from the layer's frame in canvas coordinates")
    func layerPoints() {
        let steps: [ScriptStep] = [
            .tap(at: .layer("card")),
            .tap(at: .layer("card", anchor: Point(1, 0), offset: Point(3, -4))),
        ]

        let began = play(steps).pointerEvents.filter { $0.phase == .began }

        #expect(began.map(\.location) == [Point(135, 240), Point(163, 216)])
    }

    @Test("A layer point is resolved when its step starts, not when the script does")
    func resolvedAtStepStart() {
        let scene = ProbeScene()
        var player = ScriptPlayer(script: InputScript(steps: [
            .wait(1), .drag(from: .canvas(.zero), to: .layer("card"), duration: 1),
        ]))

        _ = player.events(upTo: 0.5, scene: scene)
        scene.card.position = Point(0, 0)
        let early = player.events(upTo: 1.5, scene: scene)
        scene.card.position = Point(200, 200)
        let late = player.events(upTo: 2, scene: scene)

        #expect(late.pointerEvents.last?.location == Point(10, 20))
        #expect(early.pointerEvents.first?.timestamp == 1)
    }

    @Test("Playing on a scene delivers each step's events before the next step reads the layers")
    func playDelivers() {
        let scene = ProbeScene()
        var player = ScriptPlayer(script: InputScript(steps: [.tap(at: .canvas(Point(5, 5))), .key(KeyPress("escape"))]))

        let outputs = player.play(upTo: 1, on: scene)

        #expect(scene.pointerEvents == outputs.pointerEvents && scene.pointerEvents.count == 2)
        #expect(scene.keys == [KeyPress("escape")])
    }

    @Test("A press ramps the pen's pressure at 120 Hz and lifts with the final pressure")
    func pressRamp() {
        let events = play([.press(at: .canvas(Point(7, 8)), duration: 1, pointer: .pen,
                                  pressure: .ramp(from: 0, to: 0.8))]).pointerEvents

        let half = events.first { abs($0.timestamp - 0.5) < 1e-9 }
        #expect(events.count == 122 && events.first?.phase == .began && events.last?.phase == .ended)
        #expect(events.first?.pressure == 0 && abs((half?.pressure ?? 0) - 0.4) < 1e-12)
        #expect(events.last?.pressure == 0.8 && events.last?.buttons == 0)
        #expect(events.allSatisfy { $0.id == 1 && $0.device == .pen && $0.pressureSource == "script" })
        #expect(events.allSatisfy { $0.location == Point(7, 8) })
    }

    @Test("A hold without pressure emits nothing; with a ramp it emits moved events in place")
    func hold() {
        let down = ScriptStep.down(at: .canvas(Point(1, 2)), pointer: .touch, pressure: 0.2)

        let still = play([down, .hold(duration: 1), .up]).pointerEvents
        let ramped = play([down, .hold(duration: 0.1, pressure: .ramp(from: 0.2, to: 0.5)), .up]).pointerEvents

        #expect(still.map(\.phase) == [.began, .ended] && still.last?.timestamp == 1)
        #expect(ramped.count == 14 && ramped.dropFirst().dropLast().allSatisfy { $0.phase == .moved })
        #expect(ramped.map(\.pressure!) == ramped.map(\.pressure!).sorted() && ramped.last?.pressure == 0.5)
        #expect(ramped.allSatisfy { $0.id == 2 && $0.location == Point(1, 2) })
    }

    @Test("A move by an offset starts from where the pointer is and keeps its pressure")
    func moveBy() {
        let events = play([.down(at: .canvas(Point(10, 10)), pointer: .pen, pressure: 0.4),
                           .move(to: .by(Point(5, -5)), duration: 0)]).pointerEvents

        #expect(events.last == PointerEvent(id: 1, phase: .moved, location: Point(15, 5), timestamp: 0,
                                            device: .pen, pressure: 0.4, pressureSource: "script"))
    }

    @Test("Raw events keep their fields and are timed from their step's start")
    func rawEvents() {
        let raw = [ScriptEvent(time: 0, phase: .began, location: Point(1, 2), device: .touch, pressure: 0.5),
                   ScriptEvent(time: 0.25, phase: .ended, location: Point(3, 4), device: .touch, id: 1007, buttons: 1)]

        let events = play([.wait(1), .events(raw), .key(KeyPress("a"))])

        #expect(events.pointerEvents == [
            PointerEvent(id: 2, phase: .began, location: Point(1, 2), timestamp: 1, device: .touch,
                         pressure: 0.5, pressureSource: "script", buttons: 1),
            PointerEvent(id: 1007, phase: .ended, location: Point(3, 4), timestamp: 1.25, device: .touch, buttons: 1),
        ])
        #expect(events.last?.time == 1.25)
    }

    @Test("A missing layer stops the script with its line and field, cancelling a held pointer")
    func missingLayer() throws {
        let script = try InputScriptParser.parse("""
        {"steps": [{"down": {"at": [1, 2]}},
                   {"move": {"to": {"layer": "nowhere"}}}]}
        """, file: "lost.json")
        var player = ScriptPlayer(script: script)

        let outputs = player.events(upTo: 5, scene: ProbeScene())

        #expect(outputs.pointerEvents.map(\.phase) == [.began, .cancelled])
        #expect(player.problem?.description == "lost.json:2: steps[1].move.to: the scene has no layer named \"nowhere\"")
        #expect(player.isFinished)
    }

    /// Two cards on a canvas, `card2` drawn over `card1` at `cover` (canvas points).
    final class CoveredCards: Scene {
        let name = "covered"
        let root = Layer()
        let card1 = Layer(), card2 = Layer()
        var backgroundColor: Color { .white }
        var pointerEvents: [PointerEvent] = []

        init(cover: Rect) {
            root.frame = Rect(0, 0, 390, 844)
            card1.name = "card1"
            card1.frame = Rect(20, 100, 200, 100)
            card2.name = "card2"
            card2.frame = cover
            root.addSublayer(card1)
            root.addSublayer(card2)
        }

        func update(time: Double) {}
        func handle(_ event: PointerEvent) { pointerEvents.append(event) }
    }

    @Test("A tap on a layer whose centre another covers is aimed where it shows, and says which layer covers it")
    func tapOnPartlyCoveredLayer() throws {
        let scene = CoveredCards(cover: Rect(70, 120, 200, 200))
        let script = try InputScriptParser.parse("""
        {"steps": [{"wait": 0.1},
                   {"tap": {"at": {"layer": "card1"}}}]}
        """, file: "cards.json")
        var player = ScriptPlayer(script: script)

        let began = try #require(player.play(upTo: 1, on: scene).pointerEvents.first)

        #expect(scene.root.hitTest(canvasPoint: began.location) === scene.card1)
        #expect(began.location.x < 70, "in the strip of card1 left of card2, the widest that shows")
        #expect(player.problem == nil && player.isFinished)
        let note = try #require(player.notes.first?.description)
        #expect(player.notes.count == 1)
        #expect(note.hasPrefix(#"cards.json:2: steps[1].tap.at: the tap on "card1" lands on "card2", which covers it there; aimed at ("#))
        #expect(note.hasSuffix(#") instead, where "card1" shows"#))
    }

    @Test("A tap on a layer another covers whole stops the script in one line naming the layer on top; nothing is tapped")
    func tapOnWhollyCoveredLayer() throws {
        let scene = CoveredCards(cover: Rect(10, 90, 300, 200))
        let script = try InputScriptParser.parse("""
        {"steps": [{"tap": {"at": {"layer": "card1"}}},
                   {"key": "a"}]}
        """, file: "cards.json")
        var player = ScriptPlayer(script: script)

        let outputs = player.play(upTo: 1, on: scene)

        #expect(outputs.isEmpty && scene.pointerEvents.isEmpty)
        #expect(player.problem?.description
                == #"cards.json:1: steps[0].tap.at: the tap on "card1" lands on "card2", which covers all of it"#)
        #expect(player.isFinished && player.notes.isEmpty)
    }

    @Test("A drag from a layer another covers starts where it shows; a point a layer's offset puts outside it is left alone")
    func dragFromCoveredLayer() throws {
        let scene = CoveredCards(cover: Rect(70, 120, 200, 200))
        var player = ScriptPlayer(script: InputScript(steps: [
            .drag(from: .layer("card1"), to: .layer("card2"), duration: 0.1),
            .tap(at: .layer("card1", offset: Point(0, -60))),
        ]))

        let events = player.play(upTo: 1, on: scene).pointerEvents

        let began = events.filter { $0.phase == .began }.map(\.location)
        #expect(began.count == 2 && scene.root.hitTest(canvasPoint: began[0]) === scene.card1)
        #expect(events.last { $0.phase == .ended && $0.location == Point(170, 220) } != nil, "the drag ends on card2's centre")
        #expect(began.last == Point(120, 90))
        #expect(player.notes.map(\.field) == ["steps[0].drag.from"])
    }

    @Test("A session playing the script keeps the line for the host to print")
    func sessionKeepsTheNote() {
        let scene = CoveredCards(cover: Rect(70, 120, 200, 200))
        let session = SceneSession(scene: scene, script: InputScript(steps: [.tap(at: .layer("card1"))]))

        session.advance(to: 0.5)

        #expect(session.scriptNotes.map(\.message).first?.contains(#"lands on "card2""#) == true)
        #expect(session.scriptProblem == nil && scene.pointerEvents.count == 2)
    }
}
