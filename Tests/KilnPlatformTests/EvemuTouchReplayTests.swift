import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime
import KilnTestSupport
import Testing

/// A touchscreen recording written by hand, kept with the tablet recordings.
private func touchscreen(_ name: String) throws -> EvemuRecording {
    try EvemuRecording(contentsOf: ProjectFiles.tablets.appendingPathComponent(name))
}

private let canvas = DevicePreset.iPhone14.size

/// The most fingers down at once in `events`.
private func mostFingersDown(_ events: [PointerEvent]) -> Int {
    var down: Set<Int> = [], most = 0
    for event in events {
        if event.phase == .began { down.insert(event.id) }
        if event.phase == .ended || event.phase == .cancelled { down.remove(event.id) }
        most = max(most, down.count)
    }
    return most
}

@Suite("Evemu touchscreen replay")
struct EvemuTouchReplayTests {
    @Test("Both fixtures are read as touchscreens, pens are not")
    func detectsTouchscreens() throws {
        let b = try touchscreen("Kiln-Touchscreen-B.pinch.events")
        let a = try touchscreen("Kiln-Touchscreen-A.two-finger-swipe.events")
        let pen = try touchscreen("Wacom-Cintiq-13HD-touch-Pen.events")

        #expect(b.isTouchscreen && a.isTouchscreen && !pen.isTouchscreen)
        #expect(b.deviceName == "Kiln Handmade Touchscreen B" && b.frames.count == 12)
    }

    @Test("Protocol B: two fingers pinch apart, each its own touch pointer, the screen fitted to the canvas")
    func protocolBPinch() throws {
        let events = EvemuReplay(recording: try touchscreen("Kiln-Touchscreen-B.pinch.events"))
            .events(anchor: .zero, canvasSize: canvas, startTime: 0.5)

        // 200 × 400 mm fitted into 390 × 844 points: 1.95 points a millimetre, 32 points
        // above and below; a unit is 1/20 mm, so x = 0.0975 x and y = 32 + 0.0975 y.
        let first = events.filter { $0.id == 10 }, second = events.filter { $0.id == 11 }
        #expect(events.allSatisfy { $0.device == .touch && $0.pressure == nil })
        #expect(first.count + second.count == events.count && mostFingersDown(events) == 2)
        #expect(first.map(\.phase) == [.began] + Array(repeating: .moved, count: 8) + [.ended])
        #expect(first.first?.timestamp == 0.5 && isClose(first.first?.location, Point(156, 422), within: 0.01))
        #expect(abs((second.first?.timestamp ?? 0) - 0.512) < 1e-9
                && isClose(second.first?.location, Point(234, 422), within: 0.01))
        #expect(isClose(first.last?.location, Point(78, 422), within: 0.01) && abs((first.last?.timestamp ?? 0) - 0.602) < 1e-9)
        #expect(isClose(second.last?.location, Point(312, 425.9), within: 0.01) && second.last?.phase == .ended)
        #expect(second.last!.timestamp > first.last!.timestamp)
    }

    @Test("Protocol A: anonymous contacts are matched by nearest position, whatever order they are listed in")
    func protocolATwoFingers() throws {
        let events = EvemuReplay(recording: try touchscreen("Kiln-Touchscreen-A.two-finger-swipe.events"))
            .events(anchor: .zero, canvasSize: canvas, startTime: 0)

        // 1023 × 599 units fitted into 390 × 844 points, centred vertically.
        let scale = 390.0 / 1023, top = (844 - 599 * scale) / 2
        func place(_ x: Double, _ y: Double) -> Point { Point(x * scale, top + y * scale) }
        let first = events.filter { $0.id == 10 }, second = events.filter { $0.id == 11 }
        #expect(first.count + second.count == events.count && mostFingersDown(events) == 2)
        #expect(first.allSatisfy { abs($0.location.x - 300 * scale) < 1e-9 })
        #expect(second.allSatisfy { abs($0.location.x - 700 * scale) < 1e-9 })
        #expect(isClose(first.first?.location, place(300, 400), within: 0.01)
                && isClose(second.first?.location, place(700, 400), within: 0.01))
        #expect(isClose(first.last?.location, place(300, 330), within: 0.01) && abs((first.last?.timestamp ?? 0) - 0.08) < 1e-9)
        // The frame without contacts lifts the last finger where it was.
        #expect(second.last?.phase == .ended && isClose(second.last?.location, place(700, 330), within: 0.01))
        #expect(abs((second.last?.timestamp ?? 0) - 0.09) < 1e-9)
    }

    @Test("A cut replay cancels the fingers still down at the cut", arguments: [0.05])
    func cutCancels(at cut: Double) throws {
        let events = EvemuReplay(recording: try touchscreen("Kiln-Touchscreen-B.pinch.events"), cutAt: cut)
            .events(anchor: .zero, canvasSize: canvas, startTime: 0)

        #expect(events.filter { $0.phase == .cancelled }.map(\.id) == [10, 11])
        #expect(events.allSatisfy { $0.timestamp <= cut } && !events.contains { $0.phase == .ended })
    }

    @Test("A replay captured as a script replays the same fingers", arguments: [
        "Kiln-Touchscreen-B.pinch.events", "Kiln-Touchscreen-A.two-finger-swipe.events",
        "Kiln-Touchscreen-A-no-properties.pinch.events", "Kiln-Touchscreen-B.firm-press.events",
    ])
    func captureRoundTrip(_ name: String) throws {
        let events = EvemuReplay(recording: try touchscreen(name)).events(anchor: .zero, canvasSize: canvas)
        var recorder = ScriptRecorder()
        for event in events { recorder.record(event) }

        let script = try InputScriptParser.parse(recorder.jsonText, file: "capture.json")
        var player = ScriptPlayer(script: script)
        let replayed = player.events(upTo: 5, scene: TestScene(size: canvas)).compactMap { output -> PointerEvent? in
            if case .pointer(let event) = output { return event }
            return nil
        }

        #expect(replayed == events)
    }

    @Test("Two replayed fingers drive a two-finger pan at their centroid")
    func fingersDriveAPan() throws {
        let events = EvemuReplay(recording: try touchscreen("Kiln-Touchscreen-A.two-finger-swipe.events"))
            .events(anchor: .zero, canvasSize: canvas, startTime: 0)
        let root = Layer()
        root.frame = Rect(origin: .zero, size: canvas)
        let dispatcher = GestureDispatcher(root: root)
        let pan = PanGestureRecognizer()
        var pointers: [Int] = []
        var translations: [Point] = []
        pan.onChange { pointers.append($0.numberOfPointers); translations.append($0.translation(in: nil)) }
        dispatcher.add(pan, to: root)

        for event in events { dispatcher.handle(event) }

        // Both fingers move up 70 units (about 27 points) together; the pan follows them.
        #expect(pointers.contains(2))
        #expect(translations.map(\.y).min()! < -20 && translations.allSatisfy { abs($0.x) < 1e-9 })
    }

    @Test("A protocol-A screen with no property set replays as two fingers, and their pinch reaches a pinch recognizer")
    func noPropertiesPinch() throws {
        let events = EvemuReplay(recording: try touchscreen("Kiln-Touchscreen-A-no-properties.pinch.events"))
            .events(anchor: .zero, canvasSize: canvas, startTime: 0)
        let root = Layer()
        root.frame = Rect(origin: .zero, size: canvas)
        let dispatcher = GestureDispatcher(root: root)
        let pinch = PinchGestureRecognizer()
        var states: [GestureState] = []
        var scales: [Double] = []
        pinch.onChange { states.append($0.state); scales.append($0.scale) }
        dispatcher.add(pinch, to: root)

        for event in events { dispatcher.handle(event) }

        // 240 × 180 mm fitted into 390 × 844 points: 1.625 points a millimetre, 275.75 points
        // above and below; a unit is 1/40 mm.
        func place(_ x: Double, _ y: Double) -> Point { Point(x / 40 * 1.625, 275.75 + y / 40 * 1.625) }
        let first = events.filter { $0.id == 10 }, second = events.filter { $0.id == 11 }
        #expect(first.count + second.count == events.count && mostFingersDown(events) == 2)
        #expect(events.allSatisfy { $0.device == .touch && $0.pressure == nil })
        #expect(isClose(first.first?.location, place(3000, 2400), within: 0.01)
                && isClose(second.first?.location, place(6600, 4800), within: 0.01))
        #expect(abs((second.first?.timestamp ?? 0) - 0.008) < 1e-9)
        #expect(isClose(first.last?.location, place(3900, 3000), within: 0.01)
                && isClose(second.last?.location, place(5700, 4200), within: 0.01))
        #expect(first.last?.phase == .ended && second.last?.phase == .ended)
        // The fingers close to half their distance: the pinch ends at a scale of one half.
        #expect(states.first == .began && states.last == .ended && states.contains(.changed))
        #expect(abs((scales.last ?? 1) - 0.5) < 1e-6 && scales.allSatisfy { $0 <= 1 })
    }
}
