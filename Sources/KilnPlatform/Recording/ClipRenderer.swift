// Renders a stretch of a scene offline, headless, at an exact frame rate: the scene is
// stepped frame by frame from time 0 and the frames of the clip go to a sink (ffmpeg for a
// video, PNG files, one PNG). Every offline output goes through this one loop.
// A GIF takes two passes over the same frames (scenes are deterministic): the first finds
// the clip's palette, the second maps every frame to it. A scene with a mixer is heard too:
// the mixer follows the same loop, and its track covers exactly the clip's frames. A video's
// track is handed to ffmpeg as it is mixed, after each frame, so the sound is encoded beside
// the frames and the file is whole when the last frame is.
import Foundation
import KilnCore
import KilnRuntime

/// Which frames of scene time a clip holds.
public struct ClipTiming: Sendable, Equatable {
    /// Frames per second of scene time.
    public var fps: Double
    /// The clip's first frame; the frames before it are stepped through but not drawn.
    public var firstFrame: Int
    /// How many frames the clip holds.
    public var frameCount: Int
    /// The scene time of the clip's last frame when it is not a whole frame's (a still
    /// rendered at any time); `nil` for `(firstFrame + frameCount - 1) / fps`.
    public var lastFrameTime: Double?
    /// Scene seconds each second of the clip shows: 0.25 is a slow-motion clip, with four
    /// times the frames for the same scene time.
    public var speed = 1.0

    /// Frames `firstFrame ..< firstFrame + frameCount` at `fps`.
    public init(fps: Double, firstFrame: Int = 0, frameCount: Int) {
        self.fps = fps
        self.firstFrame = firstFrame
        self.frameCount = frameCount
    }

    /// One frame at scene time `time`, stepped to at `fps`, with the `drawnBefore` frames
    /// before it drawn too (for a HUD that measures them).
    public static func still(at time: Double, fps: Double, drawnBefore: Int = 0) -> ClipTiming {
        let steps = Int((time * fps).rounded(.down))
        let first = max(0, steps - drawnBefore)
        var timing = ClipTiming(fps: fps, firstFrame: first, frameCount: steps - first + 1)
        timing.lastFrameTime = time
        return timing
    }

    /// The clip's length in seconds.
    public var duration: Double { Double(frameCount) / fps }

    /// The scene time of frame `index`, counted from the scene's start.
    public func time(ofFrame index: Int) -> Double {
        if let lastFrameTime, index == firstFrame + frameCount - 1 { return lastFrameTime }
        return Double(index) / fps * speed
    }
}

/// What was written.
public struct ClipSummary: Sendable {
    public var path: String
    public var frameCount: Int
    public var width: Int
    public var height: Int
    /// Wall-clock seconds the rendering took.
    public var elapsed: Double
    /// The clip's sound track, when the scene had a mixer (also for a GIF, which carries none).
    package var soundTrack: SoundTrack?
}

/// Renders scenes into MP4, WebM or GIF files through ffmpeg.
public enum ClipRenderer {
    /// Renders `timing`'s frames of a scene made by `makeScene` into `sink`, which takes
    /// frames of `pixelSize(canvas:scale:)`. When `check` throws, the sink is cancelled.
    /// Returns the clip's sound track when the scene has a mixer.
    @discardableResult
    package static func render(into sink: FrameSink, timing: ClipTiming, host: OffscreenHost,
                              makeScene: () throws -> OfflineScene, check: (HostedScene) throws -> Void = { _ in },
                              progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws -> SoundTrack? {
        try pass(timing, host: host, writer: sink, scene: makeScene(), check: check) {
            progress($0, timing.frameCount)
        }
    }

    /// Renders `timing`'s frames of scenes made by `makeScene` (one per pass) into `path`.
    ///
    /// `check` runs after every frame; when it throws, nothing is left under `path`.
    /// `progress` gets the frames done and the frames to do (twice the clip for a GIF).
    /// `timings`, when given, gathers the time each stage took.
    package static func render(to path: String, format: VideoFormat, timing: ClipTiming, canvas: Size,
                              scale: Double, ffmpeg: URL, makeScene: () throws -> OfflineScene,
                              check: (HostedScene) throws -> Void = { _ in },
                              progress: (_ done: Int, _ total: Int) -> Void = { _, _ in },
                              timings: Timings? = nil, showsDamage: Bool = false) throws -> ClipSummary {
        let started = Date()
        let wallStart = timings?.now ?? 0
        defer { if let timings { timings.wall += timings.now - wallStart } }
        if OutputFile.isStream(path) {
            throw PlatformError.io("cannot write \(path): a video needs a regular file, not a FIFO or device")
        }
        let host = try OffscreenHost(canvas: canvas, scale: scale)
        host.showsDamage = showsDamage
        let size = host.pixelSize
        let passes = format == .gif ? 2 : 1
        let total = timing.frameCount * passes
        var palette: HiddenFile?
        if format == .gif {
            let writer = try VideoWriter(ffmpeg: ffmpeg, path: path, output: .palette, width: size.width,
                                         height: size.height, fps: timing.fps, keepsHidden: true, suffix: "palette.png")
            // Only the colours are wanted from this pass; the video's pass below makes the sound kept.
            _ = try pass(timing, host: host, writer: writer, scene: makeScene(), check: check, timings: timings) {
                progress($0, total)
            }
            palette = writer.encoded
        }
        defer { palette?.remove() }
        let offline = try makeScene()
        let writer: VideoWriter
        do {
            writer = try VideoWriter(ffmpeg: ffmpeg, path: path, output: .video(format, palette: palette?.path),
                                     width: size.width, height: size.height, fps: timing.fps,
                                     keepsHidden: false, sound: offline.mixer != nil)
        } catch {
            offline.scene.close()
            throw error
        }
        let done = total - timing.frameCount
        let track = try pass(timing, host: host, writer: writer, scene: offline, check: check, timings: timings) {
            progress(done + $0, total)
        }
        return ClipSummary(path: path, frameCount: timing.frameCount, width: size.width, height: size.height,
                           elapsed: Date().timeIntervalSince(started), soundTrack: track)
    }

    /// Steps a new scene through the clip's frames and writes the clip's frames; returns
    /// the sound its mixer made over the clip, if it has one. The scene is closed afterwards.
    private static func pass(_ timing: ClipTiming, host: OffscreenHost, writer: FrameSink,
                             scene offline: @autoclosure () throws -> OfflineScene,
                             check: (HostedScene) throws -> Void,
                             timings: Timings? = nil, progress: (Int) -> Void) throws -> SoundTrack? {
        do {
            let offline = try offline()
            let scene = offline.scene
            defer { scene.close() }
            // A video with sound takes the track as it is mixed, after each frame.
            let video = (writer as? VideoWriter).flatMap { $0.carriesSound ? $0 : nil }
            var streamed: [Int16] = []
            (writer as? PNGFramesSink)?.opaque = scene.backgroundColor.alpha >= 1
            // The track starts with the clip's first frame; sounds started before it are
            // heard from where they have got to.
            let start = Double(timing.firstFrame) / timing.fps * timing.speed
            offline.mixer?.speed = timing.speed
            offline.mixer?.startTrack(at: start)
            for frame in 0..<timing.firstFrame {
                timings.measure(\.sceneUpdate) { scene.advance(to: timing.time(ofFrame: frame)) }
                try check(scene)
            }
            for i in 0..<timing.frameCount {
                timings.measure(\.sceneUpdate) { scene.advance(to: timing.time(ofFrame: timing.firstFrame + i)) }
                try check(scene)
                let drawing = timings?.now ?? 0
                try host.draw(root: scene.root, overlays: scene.overlays, background: scene.backgroundColor,
                              overlay: scene.overlay) { pixels, pitch in
                    let changed = host.damageBoxes
                    guard let timings else { return try write(pixels, pitch: pitch, changed: changed, to: writer) }
                    timings.compositing += timings.now - drawing
                    try handOff(pixels, pitch: pitch, changed: changed, to: writer, timings: timings)
                }
                if let video, let mixer = offline.mixer {
                    timings.measure(\.audioMix) {
                        let samples = mixer.takeTrack(until: timing.time(ofFrame: timing.firstFrame + i))
                        streamed += samples
                        video.writeSound(samples)
                    }
                }
                progress(i + 1)
            }
            timings?.frames += timing.frameCount
            // The track lasts as long as the clip: up to where the frame after its last begins.
            let track = timings.measure(\.audioMix) { () -> SoundTrack? in
                guard let mixer = offline.mixer else { return nil }
                let rest = mixer.takeTrack(until: start + timing.duration * timing.speed)
                video?.writeSound(rest)
                return SoundTrack(sampleRate: mixer.sampleRate, samples: streamed + rest)
            }
            // Finishing waits for ffmpeg to encode the frames still queued.
            try timings.measure(\.encoderWait) { try writer.finish() }
            return track
        } catch {
            writer.cancel()
            throw error
        }
    }

    /// Writes a frame that differs from the last only within `changed` (all of it when nil).
    private static func write(_ pixels: UnsafeRawBufferPointer, pitch: Int, changed: [Compositor.PixelBox]?,
                              to writer: FrameSink) throws {
        if let video = writer as? VideoWriter {
            try video.write(pixels, pitch: pitch, changed: changed)
        } else {
            try writer.write(pixels, pitch: pitch)
        }
    }

    /// Writes a frame, timing the copy apart from the wait for a free buffer.
    private static func handOff(_ pixels: UnsafeRawBufferPointer, pitch: Int, changed: [Compositor.PixelBox]?,
                                to writer: FrameSink, timings: Timings) throws {
        let waited = (writer as? WaitingFrameSink)?.secondsWaiting ?? 0
        let started = timings.now
        try write(pixels, pitch: pitch, changed: changed, to: writer)
        let blocked = ((writer as? WaitingFrameSink)?.secondsWaiting ?? 0) - waited
        timings.pixelHandOff += timings.now - started - blocked
        timings.encoderWait += blocked
    }
}
