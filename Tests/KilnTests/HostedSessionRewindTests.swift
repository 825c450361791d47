import Foundation
import Kiln
import KilnCore
import KilnRuntime
import KilnTestSupport
import LaserDemo
import MailboxDemo
import Testing

/// Stepping back and scrubbing: a hosted session made anew and re-simulated from its input
/// log up to a moment looks as it did then, its log cut there, nothing it did heard twice.
@Suite("Rewinding a hosted session")
struct HostedSessionRewindTests {
    /// Every call an audio service gets, in order.
    final class CallLog: AudioService {
        var calls: [String] = []
        func prepare(_ sounds: [Sound]) {}
        func play(_ sound: Sound, volume: Double) { calls.append("play \(sound.name)") }
        func startLoop(_ sound: Sound, volume: Double) { calls.append("loop \(sound.name) \(volume)") }
        func setVolume(_ volume: Double, forLoop sound: Sound) { calls.append("volume \(sound.name) \(volume)") }
        func stopLoop(_ sound: Sound, fadeOut: Double) { calls.append("stop \(sound.name)") }
        func stopAll(fadeOut: Double) { calls.append("stop all") }
    }

    /// A logging Mailbox session, hosted as the window hosts it, whose rewinds make the scene
    /// anew behind a gate in front of `events`.
    func hostMailbox(events: EventRecorder) -> HostedSession {
        let canvas = DevicePreset.iPhone14.size
        func session(script: InputScript?, events: EventSink?) -> SceneSession {
            let made = SceneSession(scene: MailboxScene(context: SceneContext(canvasSize: canvas, events: events)),
                                    script: script)
            made.startInputLog(device: nil, seed: 1)
            return made
        }
        let resimulate: Resimulation = { log, _ in
            let gate = ServiceGate(audio: SilentAudio(), haptics: NoHaptics(), events: events)
            return (session(script: log, events: gate.gatedEvents), gate)
        }
        return HostedSession(session: session(script: nil, events: events), capturePath: nil, resimulate: resimulate)
    }

    /// A right swipe on the first message, over `duration` seconds from `start`, frame by
    /// frame at 60 a second, each frame's layers kept by its time.
    func swipe(_ hosted: HostedSession, from start: Double, duration: Double, frames: inout [Double: [[Point]]]) {
        let steps = Int(duration * 60)
        let first = Int((start * 60).rounded())
        for step in 0...steps {
            let time = Double(first + step) / 60
            let phase: PointerPhase = step == 0 ? .began : step == steps ? .ended : .moved
            hosted.handle(PointerEvent(phase: phase, location: Point(60 + Double(step) * 4, 150), timestamp: time))
            hosted.advance(to: time)
            frames[time] = LayerOutlines.quads(of: hosted.root)
        }
    }

    @Test("Rewound to a moment of a swipe, the scene is laid out as it was then, and untouched it plays on as it went")
    func rewindShowsThePast() throws {
        let events = EventRecorder()
        let hosted = hostMailbox(events: events)
        var frames: [Double: [[Point]]] = [:]
        for frame in 0..<30 { hosted.advance(to: Double(frame) / 60) }
        swipe(hosted, from: 0.5, duration: 0.5, frames: &frames)
        for frame in 61...150 {
            hosted.advance(to: Double(frame) / 60)
            frames[Double(frame) / 60] = LayerOutlines.quads(of: hosted.root)
        }
        let emitted = events.events.count
        #expect(emitted > 0)

        for moment in [0.75, 1.1, 0.6, 1.5] {
            let target = try #require(frames.keys.min { abs($0 - moment) < abs($1 - moment) })
            #expect(hosted.rewind(to: target))
            let same = LayerOutlines.quads(of: hosted.root) == frames[target]
            #expect(same, "rewound to \(target) s, the layers are not where they were")
        }
        // From a moment mid-swipe, untouched, the rest of the swipe plays as it was done.
        #expect(hosted.rewind(to: 45.0 / 60))
        for frame in 46...150 {
            hosted.advance(to: Double(frame) / 60)
            let same = LayerOutlines.quads(of: hosted.root) == frames[Double(frame) / 60]
            #expect(same, "played on from 0.75 s, frame \(frame) differs")
            if !same { break }
        }
        // Nothing a re-simulation did up to its moment was told again; what played on from
        // there was told again, as it happened again.
        let playedOn = events.events.prefix(emitted).filter { $0.time > 45.0 / 60 }
        #expect(!playedOn.isEmpty)
        #expect(events.events.count == emitted + playedOn.count)
        #expect(events.events.suffix(playedOn.count).map(\.name) == playedOn.map(\.name))
    }

    @Test("Touched after a rewind into a swipe, the log after that moment is dropped and the replayed finger is cancelled there")
    func touchForks() throws {
        let hosted = hostMailbox(events: EventRecorder())
        var frames: [Double: [[Point]]] = [:]
        swipe(hosted, from: 0.1, duration: 0.5, frames: &frames)
        hosted.advance(to: 1)
        #expect(hosted.rewind(to: 0.3))

        // A mouse passing over does not fork; a touch does.
        hosted.handle(PointerEvent(phase: .hover, location: Point(100, 300), timestamp: 0.35))
        hosted.handle(PointerEvent(id: 7, phase: .began, location: Point(100, 300), timestamp: 0.4))
        hosted.advance(to: 0.5)

        let log = hosted.session.loggedInput
        #expect(log.allSatisfy { $0.time <= 0.4 + 1e-9 })
        let tail = log.suffix(2).compactMap { output -> PointerPhase? in
            if case .pointer(let event) = output { event.phase } else { nil }
        }
        #expect(tail == [.cancelled, .began])
        #expect(!log.contains { if case .pointer(let event) = $0 { event.phase == .hover } else { false } })
    }

    @Test("A session that keeps no log, or has no way to make its scene anew, cannot rewind")
    func noLogNoRewind() {
        let plain = HostedSession(session: SceneSession(scene: MailboxScene(context: SceneContext(canvasSize: DevicePreset.iPhone14.size))),
                                  capturePath: nil)
        #expect(!plain.rewind(to: 0))
    }

    @Test("Behind a shut gate no sound, impact or event gets out; a loop still on when it opens starts then, at its last volume")
    func gateHoldsBackThenLetsLoopsIn() {
        let audio = CallLog()
        let events = EventRecorder()
        let gate = ServiceGate(audio: audio, haptics: NoHaptics(), events: events)
        let gated = gate.gatedAudio
        gated.play(.chime, volume: 1)
        gated.startLoop(.hum, volume: 0.2)
        gated.setVolume(0.6, forLoop: .hum)
        gated.startLoop(.sizzle, volume: 1)
        gated.stopLoop(.sizzle, fadeOut: 0.1)
        gate.gatedEvents?.record(SceneEvent(time: 1, name: "laser.on"))
        var opened = false
        gate.gatedOpen { _ in opened = true }("laser")
        #expect(audio.calls.isEmpty)
        #expect(events.events.isEmpty)
        #expect(!opened)

        gate.open()
        #expect(audio.calls == ["loop hum 0.6"])
        gated.play(.chime, volume: 1)
        gate.gatedEvents?.record(SceneEvent(time: 2, name: "laser.off"))
        #expect(audio.calls == ["loop hum 0.6", "play chime"])
        #expect(events.events.map(\.name) == ["laser.off"])
    }

    @Test("Scrubbed back, the strip keeps the session's length past its last touch until live input forks it")
    func stripKeepsItsLength() throws {
        let hosted = hostMailbox(events: EventRecorder())
        var frames: [Double: [[Point]]] = [:]
        swipe(hosted, from: 0.5, duration: 0.5, frames: &frames)
        for frame in 61...150 { hosted.advance(to: Double(frame) / 60) }
        #expect(try #require(hosted.timeline).end == 2.5)

        for moment in [0.6, 1.5, 0.9] {
            #expect(hosted.rewind(to: moment))
            #expect(try #require(hosted.timeline).end == 2.5, "scrubbed to \(moment) s")
        }
        // A touch forks the session there: what was after it is gone.
        hosted.handle(PointerEvent(phase: .began, location: Point(60, 400), timestamp: 0.95))
        hosted.advance(to: 0.95)
        #expect(try #require(hosted.timeline).end == 0.95)
    }
}

/// Scrubbing from sessions parked along the log: the same frames as re-simulating from the start.
@Suite("Scrubbing from parked sessions")
struct ScrubCheckpointTests {
    @Test("Sessions parked along a log on their own thread show each moment as the live run showed it")
    func parkedSessionsShowThePast() throws {
        let events = EventRecorder()
        let hosted = HostedSessionRewindTests().hostMailbox(events: events)
        defer { hosted.close() }
        var frames: [Int: [[Point]]] = [:]
        // Swipes across the first rows over six seconds, each frame's layers kept.
        for frame in 0...360 {
            let time = Double(frame) / 60
            let inSwipe = frame % 120
            if inSwipe <= 30 {
                let phase: PointerPhase = inSwipe == 0 ? .began : inSwipe == 30 ? .ended : .moved
                hosted.handle(PointerEvent(phase: phase, location: Point(60 + Double(inSwipe) * 5, 150 + Double(frame / 120) * 92),
                                           timestamp: time))
            }
            hosted.advance(to: time)
            frames[frame] = LayerOutlines.quads(of: hosted.root)
        }
        hosted.prepareToScrub(near: 6)
        let checkpoints = try #require(hosted.checkpoints)
        let deadline = Date().addingTimeInterval(60)
        while checkpoints.parkedMoments.count < 6 && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(checkpoints.parkedMoments == [1, 2, 3, 4, 5, 6])

        for frame in [330, 75, 200, 130, 350, 20] {
            #expect(hosted.rewind(to: Double(frame) / 60))
            #expect(LayerOutlines.quads(of: hosted.root) == frames[frame], "scrubbed to frame \(frame)")
        }
    }

    @Test("A session closed or let go ends its checkpoints' thread, which then frees them and their parked sessions")
    func checkpointsEnd() throws {
        for closes in [true, false] {
            weak var released: ScrubCheckpoints?
            do {
                let hosted = HostedSessionRewindTests().hostMailbox(events: EventRecorder())
                for frame in 0...180 { hosted.advance(to: Double(frame) / 60) }
                hosted.prepareToScrub(near: 2)
                let checkpoints = try #require(hosted.checkpoints)
                released = checkpoints
                let deadline = Date().addingTimeInterval(60)
                while checkpoints.parkedMoments.isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
                #expect(!checkpoints.parkedMoments.isEmpty)
                if closes { hosted.close() }
            }
            let deadline = Date().addingTimeInterval(60)
            while released != nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            #expect(released == nil, closes ? "closed" : "let go")
        }
    }

    @Test("A log's prefix through a moment is the same for the log and for any log grown from it")
    func prefixes() {
        let run = (0..<10).map { ScriptEvent(time: Double($0) * 0.1, phase: $0 == 0 ? .began : .moved, location: Point(0, 0)) }
        let short = InputScript(steps: [.wait(0.5), .events(run)])
        let grown = InputScript(steps: [.wait(0.5), .events(run + [ScriptEvent(time: 1.0, phase: .ended, location: Point(0, 0))]),
                                        .key(KeyPress("z"))])
        for moment in [0.0, 0.3, 0.55, 0.9, 1.4] {
            #expect(short.prefix(through: moment) == grown.prefix(through: moment), "through \(moment)")
        }
        #expect(short.prefix(through: 1.6) != grown.prefix(through: 1.6))
        #expect(grown.prefix(through: 10) == InputScript(steps: grown.steps))
    }
}
