// A thread that samples, a few times per limit, where the main thread is in scene code
// (`SceneCode`), and calls its handler once when one stay lasts past the limit. The main
// thread pays nothing beyond `SceneCode`'s atomic stores; the handler runs on the
// watchdog's thread while the main thread is still stuck, so it may read what the main
// thread wrote before it entered scene code, and nothing it writes after.
import Dispatch
import Foundation
import KilnCore
import Synchronization

/// Watches the main thread for scene code that does not return.
///
/// `kiln dev` runs the window as a child process and tells a hang from a crash by
/// `exitStatus`.
package final class Watchdog: Sendable {
    /// The exit status of a process ended because scene code hung.
    package static let exitStatus: Int32 = 86
    /// How long scene code may run before it counts as hung, unless told otherwise.
    package static let defaultLimit = 2.0

    /// Scene code that ran past the limit.
    package struct Hang: Equatable, Sendable {
        /// The part it is stuck in.
        package var part: SceneCode.Part
        /// How long it had been there when seen.
        package var seconds: Double

        /// A hang in `part`, seen after `seconds`.
        package init(part: SceneCode.Part, seconds: Double) {
            self.part = part
            self.seconds = seconds
        }
    }

    /// How long one stay in scene code may last.
    package let limit: Double
    private let interval: Double
    private let sample: @Sendable () -> SceneCode.Sample
    private let onHang: @Sendable (Hang) -> Void
    private let onTick: @Sendable (Double) -> Void
    private let isStopped = Atomic<Bool>(false)

    /// A watchdog that calls `onHang` once scene code has run for more than `limit` seconds,
    /// and `onTick` with a steady time (in seconds) each time it looks; `sample` says where
    /// the watched thread is (the main thread's `SceneCode`, unless a test says otherwise).
    package init(limit: Double = defaultLimit, sample: @escaping @Sendable () -> SceneCode.Sample = { SceneCode.sample },
                 onTick: @escaping @Sendable (Double) -> Void = { _ in },
                 onHang: @escaping @Sendable (Hang) -> Void) {
        self.limit = limit
        // Often enough that a hang is seen within a tenth of the limit, and signals within 50 ms.
        interval = min(0.05, limit / 10)
        self.sample = sample
        self.onTick = onTick
        self.onHang = onHang
    }

    /// Starts watching on a thread of its own.
    package func start() {
        let thread = Thread { [self] in watch() }
        thread.name = "kiln.watchdog"
        thread.start()
    }

    /// Stops watching: no handler is called from now on.
    package func stop() {
        isStopped.store(true, ordering: .releasing)
    }

    /// Whether `stop()` was called.
    package var isRunning: Bool { !isStopped.load(ordering: .acquiring) }

    /// A steady clock, in seconds.
    package static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    private func watch() {
        var detector = HangDetector(limit: limit)
        while isRunning {
            Thread.sleep(forTimeInterval: interval)
            let now = Self.now
            if let hang = detector.observe(sample(), at: now), isRunning { onHang(hang) }
            if isRunning { onTick(now) }
        }
    }
}
