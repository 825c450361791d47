// Where an offline render's time goes, stage by stage, for `kiln bench render`. The clip
// renderer reads the clock around each stage only when it is given an accumulator, so a
// render that is not measured does no more than before. The stages do not cover everything:
// making the host and the scene, and starting ffmpeg, are left out, so they add up to less
// than the wall time.
import Foundation
import KilnCore

extension ClipRenderer {
    /// Seconds spent in each stage of one or more renders.
    public final class Timings {
        /// Stepping the scene (`HostedScene.advance`), sounds mixed as they start included.
        public var sceneUpdate = 0.0
        /// Drawing the frame, before its pixels are lent to the sink.
        public var compositing = 0.0
        /// The sink taking the frame: packing it into a buffer for the encoder (a video's as
        /// 4:2:0 YUV).
        public var pixelHandOff = 0.0
        /// The sound track's mix beyond what the scene's own sounds mixed as they started,
    /// handed to ffmpeg after each frame.
        public var audioMix = 0.0
        /// Blocked on the encoder: for a free frame buffer, and for ffmpeg to finish.
        public var encoderWait = 0.0
        /// Wall-clock seconds of the whole render.
        public var wall = 0.0
        /// Frames drawn.
        public var frames = 0

        private let clock = SystemClock()

        public init() {}

        /// Seconds on this accumulator's clock.
        var now: Double { clock.now }

        /// Runs `body` and adds its duration to `stage`.
        func measure<R>(_ stage: ReferenceWritableKeyPath<Timings, Double>, _ body: () throws -> R) rethrows -> R {
            let started = now
            defer { self[keyPath: stage] += now - started }
            return try body()
        }
    }
}

extension ClipRenderer.Timings? {
    /// Runs `body`, timed into `stage` when there is an accumulator.
    func measure<R>(_ stage: ReferenceWritableKeyPath<ClipRenderer.Timings, Double>,
                    _ body: () throws -> R) rethrows -> R {
        guard let timings = self else { return try body() }
        return try timings.measure(stage, body)
    }
}

/// A sink that says how long it blocked on its consumer, so the hand-off is told apart from
/// the waiting.
protocol WaitingFrameSink: FrameSink {
    /// Seconds `write` has blocked so far, waiting for the consumer to take earlier frames.
    var secondsWaiting: Double { get }
}
