import Foundation
import KilnCore
import KilnPlatform
import Synchronization
import Testing

/// The watchdog's reading of the main thread: a stay in scene code past the limit is a
/// hang, reported once; a busy thread that keeps entering scene code is not.
@Suite("Watchdog")
struct WatchdogTests {
    let update = SceneCode.Sample(part: .update, entries: 7)

    @Test("One stay in scene code past the limit is a hang, reported once with its part")
    func stayPastTheLimit() {
        var detector = HangDetector(limit: 2)

        let first = detector.observe(update, at: 10)
        let within = detector.observe(update, at: 11.9)
        let past = detector.observe(update, at: 12.1)
        let again = detector.observe(update, at: 15)

        #expect(first == nil && within == nil)
        #expect(past?.part == .update)
        #expect(abs((past?.seconds ?? 0) - 2.1) < 1e-9)
        #expect(again == nil)
    }

    @Test("A thread that keeps entering scene code, or leaves it, is not hung")
    func busyIsNotHung() {
        var detector = HangDetector(limit: 2)
        var hangs: [Watchdog.Hang] = []

        for step in 0..<100 {
            let sample = SceneCode.Sample(part: .pointerHandler, entries: UInt64(step))
            if let hang = detector.observe(sample, at: Double(step) * 0.1) { hangs.append(hang) }
        }
        for step in 0..<100 {
            let sample = SceneCode.Sample(part: .none, entries: 5)
            if let hang = detector.observe(sample, at: 20 + Double(step) * 0.1) { hangs.append(hang) }
        }

        #expect(hangs.isEmpty)
    }

    @Test("A new stay after a hang is watched afresh")
    func newStayAfterAHang() {
        var detector = HangDetector(limit: 1)
        let action = SceneCode.Sample(part: .recognizerAction, entries: 8)

        _ = detector.observe(update, at: 0)
        let first = detector.observe(update, at: 1.5)
        _ = detector.observe(action, at: 2)
        let second = detector.observe(action, at: 3.5)

        #expect(first?.part == .update)
        #expect(second?.part == .recognizerAction)
    }

    @Test("The watchdog's thread reports a stay past a short limit once, and nothing once stopped")
    func watchdogThread() throws {
        let part = Atomic<Int>(SceneCode.Part.keyHandler.rawValue)
        let hangs = Locked<[Watchdog.Hang]>([])
        let started = Watchdog.now
        let watchdog = Watchdog(limit: 0.2, sample: {
            SceneCode.Sample(part: SceneCode.Part(rawValue: part.load(ordering: .acquiring)) ?? .none, entries: 1)
        }) { hang in hangs.withLock { $0.append(hang) } }

        watchdog.start()
        while hangs.withLock({ $0.isEmpty }) && Watchdog.now - started < 5 { Thread.sleep(forTimeInterval: 0.01) }
        let seenAfter = Watchdog.now - started
        Thread.sleep(forTimeInterval: 0.5)
        let reported = hangs.withLock { $0 }
        watchdog.stop()
        part.store(SceneCode.Part.update.rawValue, ordering: .releasing)
        Thread.sleep(forTimeInterval: 0.5)

        #expect(reported.map(\.part) == [.keyHandler])
        #expect(seenAfter >= 0.2 && seenAfter < 1.5, "seen after \(seenAfter) s")
        #expect(hangs.withLock { $0.count } == 1)
        #expect(!watchdog.isRunning)
    }

    @Test("Scene code run off the main thread is not followed: a replay on another thread is no hang")
    func offMainThreadIsNotFollowed() {
        let before = SceneCode.sample

        let inside = SceneCode.run(.update) { SceneCode.sample }

        #expect(!Thread.isMainThread)
        #expect(inside == before)
    }

    @Test("Each part is named as the line says it", arguments: SceneCode.Part.allCases)
    func partPhrases(part: SceneCode.Part) {
        let phrases: [SceneCode.Part: String] = [
            .none: "Kiln's own code", .making: "its init", .update: "its update",
            .pointerHandler: "a pointer handler", .keyHandler: "a key handler",
            .recognizerAction: "a recognizer's action",
        ]

        #expect(part.phrase == phrases[part])
    }

    @Test("The exit status of a hang is its own: not a crash's, a signal's or a failure's")
    func exitStatusIsDistinct() {
        #expect(Watchdog.exitStatus == 86)
        #expect(![0, 1, 2, 130, 134, 139, 143].contains(Watchdog.exitStatus))
    }
}
