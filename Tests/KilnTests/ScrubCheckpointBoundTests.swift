import Foundation
import Kiln
import KilnCore
import KilnRuntime
import Testing

/// The checkpoints a long session keeps for scrubbing: only the strip's reach, so that a
/// window left open with the strip shown levels off.
@Suite("Scrub checkpoints of a long session")
struct ScrubCheckpointBoundTests {
    /// A square that follows the pointer.
    final class DragScene: Scene {
        let name = "drag"
        let root = Layer()
        let backgroundColor = Color.white
        let square = Layer()

        init() {
            root.frame = Rect(0, 0, 390, 844)
            square.frame = Rect(0, 0, 40, 40)
            root.addSublayer(square)
        }

        func update(time: Double) {}
        func handle(_ event: PointerEvent) { square.position = event.location }
    }

    /// A logging drag session, hosted as the window hosts it, which rewinds make anew.
    func hostDrags() -> HostedSession {
        func session(script: InputScript?) -> SceneSession {
            let made = SceneSession(scene: DragScene(), script: script)
            made.startInputLog(device: nil, seed: 1)
            return made
        }
        let resimulate: Resimulation = { log, _ in
            (session(script: log), ServiceGate(audio: SilentAudio(), haptics: NoHaptics(), events: nil))
        }
        return HostedSession(session: session(script: nil), capturePath: nil, resimulate: resimulate)
    }

    /// Waits until a session is parked at every moment the strip reaches (a minute at most).
    func settle(_ checkpoints: ScrubCheckpoints) {
        let deadline = Date().addingTimeInterval(60)
        while !checkpoints.isReady && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    }

    /// Minutes of session time the long session runs, a multiple of five: thirty, unless
    /// `KILN_LONG_SESSION_MINUTES` says fewer (the sanitizers' runs, several times slower).
    static let minutes: Int = {
        let asked = ProcessInfo.processInfo.environment["KILN_LONG_SESSION_MINUTES"].flatMap { Int($0) } ?? 30
        return max(10, asked / 5 * 5)
    }()

    @Test("Thirty minutes of drags and scrubs with the strip shown keep as many checkpoints, holding as much log, as five")
    func checkpointsLevelOff() throws {
        let hosted = hostDrags()
        let checkpoints = try #require(hosted.checkpoints)
        var levels: [Int: (count: Int, logged: Int)] = [:]
        var time = 0.0
        var frame = 0

        // 60 frames a second of session time: a half-second drag every ten seconds, the strip
        // preparing checkpoints each second, and every five minutes a scrub 20 s back that a
        // touch then forks.
        while frame < Self.minutes * 60 * 60 {
            frame += 1
            time += 1.0 / 60
            let phase = frame % 600
            if phase < 30 {
                let kind: PointerPhase = phase == 0 ? .began : phase == 29 ? .ended : .moved
                hosted.handle(PointerEvent(phase: kind, location: Point(50 + Double(phase), 300), timestamp: time))
            }
            hosted.advance(to: time)
            if frame % 60 == 0 { hosted.prepareToScrub(near: time) }
            if frame % 18000 == 9000 {
                settle(checkpoints)
                #expect(hosted.rewind(to: time - 20))
                time -= 20
            }
            if frame % (5 * 3600) == 0 {
                settle(checkpoints)
                levels[frame / 3600] = (checkpoints.parkedMoments.count, checkpoints.parkedLogLength)
            }
        }

        let early = try #require(levels[5]), late = try #require(levels[Self.minutes])
        #expect(early.count > 0)
        #expect(Double(late.count) <= Double(early.count) * 1.1, "checkpoints: \(levels.sorted { $0.key < $1.key })")
        #expect(Double(late.logged) <= Double(early.logged) * 1.1 + 10, "logged: \(levels.sorted { $0.key < $1.key })")
        #expect(checkpoints.parkedMoments.allSatisfy { $0 >= time - TimelineStrip.span - 3 })
    }

    @Test("A checkpoint taken by a scrub gives the session back the log it was stepped through")
    func takenCheckpointKeepsItsLog() throws {
        let hosted = hostDrags()
        for frame in 1...600 {
            let time = Double(frame) / 60
            let kind: PointerPhase = frame == 1 ? .began : frame == 600 ? .ended : .moved
            hosted.handle(PointerEvent(phase: kind, location: Point(Double(frame) / 2, 300), timestamp: time))
            hosted.advance(to: time)
        }
        let log = hosted.session.loggedInput
        hosted.prepareToScrub(near: 5)
        let checkpoints = try #require(hosted.checkpoints)
        settle(checkpoints)
        #expect(checkpoints.parkedMoments.contains(5))

        #expect(hosted.rewind(to: 5.5))

        #expect(checkpoints.parkedLogLength == 0)
        #expect(hosted.session.loggedInput == log.filter { $0.time <= 5.5 })
    }
}
