import Foundation
import KilnCore
import KilnRuntime

/// Frame times of one benchmark run and their summary.
public struct ParticleBenchResult: Hashable, Sendable {
    /// Particles born per second.
    public var count: Int
    /// Live particles after the last timed frame.
    public var alive: Int
    /// Each timed frame, in milliseconds, in the order drawn.
    public var frameTimes: [Double]
    /// The renderer drawn with, as SDL (and OpenGL) name it.
    public var renderer: String

    /// A result from its parts.
    public init(count: Int, alive: Int, frameTimes: [Double], renderer: String) {
        self.count = count
        self.alive = alive
        self.frameTimes = frameTimes
        self.renderer = renderer
    }

    /// The mean frame time in milliseconds.
    public var mean: Double {
        frameTimes.isEmpty ? 0 : frameTimes.reduce(0, +) / Double(frameTimes.count)
    }

    /// The median frame time in milliseconds.
    public var p50: Double { percentile(50) }

    /// The 99th percentile frame time in milliseconds.
    public var p99: Double { percentile(99) }

    /// The nearest-rank percentile: the smallest time that at least `p` % of frames do not exceed.
    public func percentile(_ p: Double) -> Double {
        FrameTimeHistory.percentile(p / 100, of: frameTimes) ?? 0
    }

    /// The one JSON line `kiln bench particles --json` prints.
    public var jsonLine: String {
        BenchJSON.line([
            ("bench", .string("particles")), ("count", .int(count)), ("alive", .int(alive)),
            ("frames", .int(frameTimes.count)), ("mean_ms", .milliseconds(mean)), ("p50_ms", .milliseconds(p50)),
            ("p99_ms", .milliseconds(p99)), ("renderer", .string(renderer)),
        ])
    }

    /// A line for people.
    public var summary: String {
        String(format: "particles: %d/s, %d alive, %d frames on %@: mean %.2f ms, p50 %.2f ms, p99 %.2f ms",
               count, alive, frameTimes.count, renderer, mean, p50, p99)
    }
}
