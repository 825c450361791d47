// The report of `kiln bench render`: an offline render's wall time against its clip's
// length, and the time in each stage of the clip renderer's loop.
import Foundation

/// One timed offline render to a video.
public struct RenderBenchResult {
    /// The script played.
    public var script: String
    public var scene: String
    public var pixelSize: (width: Int, height: Int)
    public var fps: Double
    /// Whether the video carries a sound track.
    public var hasSound: Bool
    /// The clip's length in seconds.
    public var clipSeconds: Double
    /// Where the time went.
    public var timings: ClipRenderer.Timings
    /// CPU seconds of Kiln's own process over the render, every thread.
    public var kilnCPUSeconds: Double = 0
    /// CPU seconds of the ffmpeg processes the render ran (the encoder, and ffprobe's check of the file).
    public var encoderCPUSeconds: Double = 0
    /// Wall seconds of ffmpeg encoding the same frames alone, from a file; nil when not measured.
    public var encoderAloneSeconds: Double?
    /// Wall seconds of the same frames rendered as a PNG sequence; nil when not measured.
    public var pngSequenceSeconds: Double?

    public init(script: String, scene: String, pixelSize: (width: Int, height: Int), fps: Double,
                hasSound: Bool, clipSeconds: Double, timings: ClipRenderer.Timings) {
        self.script = script
        self.scene = scene
        self.pixelSize = pixelSize
        self.fps = fps
        self.hasSound = hasSound
        self.clipSeconds = clipSeconds
        self.timings = timings
    }

    /// Seconds of clip made per second of wall time: above 1 renders faster than it plays.
    public var realTimeRatio: Double { timings.wall > 0 ? clipSeconds / timings.wall : 0 }

    /// The stages reported, by their names in the report, with their seconds.
    public var stages: [(name: String, seconds: Double)] {
        [("scene_update", timings.sceneUpdate), ("compositing", timings.compositing),
         ("pixel_handoff", timings.pixelHandOff), ("audio_mix", timings.audioMix),
         ("encoder_wait", timings.encoderWait)]
    }

    /// The time in no stage: making the host and scene, starting ffmpeg.
    public var otherSeconds: Double { max(0, timings.wall - stages.reduce(0) { $0 + $1.seconds }) }

    private func perFrame(_ seconds: Double) -> Double {
        timings.frames > 0 ? seconds * 1000 / Double(timings.frames) : 0
    }

    /// The most a render may take against the encoder alone on the same frames.
    public static let wallGoal = 1.15
    /// The most CPU a frame of Kiln's own work may take, in milliseconds.
    public static let cpuGoal = 1.5
    /// The most a PNG sequence of the same frames may take against the video.
    public static let pngGoal = 3.0

    /// The PNG sequence's wall time over the video's; nil when it was not measured.
    public var pngAgainstVideo: Double? {
        pngSequenceSeconds.flatMap { timings.wall > 0 ? $0 / timings.wall : nil }
    }

    /// The render's wall time over the encoder's alone; nil when that was not measured.
    public var wallAgainstEncoder: Double? {
        encoderAloneSeconds.flatMap { $0 > 0 ? timings.wall / $0 : nil }
    }

    /// Kiln's own CPU milliseconds a frame.
    public var kilnCPUPerFrame: Double { perFrame(kilnCPUSeconds) }

    /// The goals, each with its figure and whether it is met.
    public var goals: [String] {
        var lines: [String] = []
        if let ratio = wallAgainstEncoder, let alone = encoderAloneSeconds {
            lines.append(String(format: "wall ≤ %.2f× the encoder alone on the same frames: %.2f s against %.2f s, %.2f× (%@)",
                                Self.wallGoal, timings.wall, alone, ratio, ratio <= Self.wallGoal ? "met" : "not met"))
        }
        lines.append(String(format: "Kiln's own CPU ≤ %.1f ms a frame: %.2f ms (%@); ffmpeg's %.2f ms", Self.cpuGoal,
                            kilnCPUPerFrame, kilnCPUPerFrame <= Self.cpuGoal ? "met" : "not met",
                            perFrame(encoderCPUSeconds)))
        if let ratio = pngAgainstVideo, let png = pngSequenceSeconds {
            lines.append(String(format: "a PNG sequence ≤ %.0f× the video's wall time: %.2f s against %.2f s, %.2f× (%@)",
                                Self.pngGoal, png, timings.wall, ratio, ratio <= Self.pngGoal ? "met" : "not met"))
        }
        return lines
    }

    /// The one JSON line `kiln bench render --json` prints.
    public var jsonLine: String {
        var fields: [(String, BenchJSON.Value)] = [
            ("bench", .string("render")), ("script", .string(script)), ("scene", .string(scene)),
            ("frames", .int(timings.frames)), ("pixels", .string("\(pixelSize.width)x\(pixelSize.height)")),
            ("fps", .number(fps, decimals: 2)), ("sound", .bool(hasSound)),
            ("clip_s", .number(clipSeconds, decimals: 3)), ("wall_s", .number(timings.wall, decimals: 3)),
            ("realtime_x", .number(realTimeRatio, decimals: 2)),
        ]
        for stage in stages + [("other", otherSeconds)] {
            fields.append(("\(stage.name)_s", .number(stage.seconds, decimals: 3)))
            fields.append(("\(stage.name)_ms_per_frame", .milliseconds(perFrame(stage.seconds))))
        }
        fields.append(("kiln_cpu_ms_per_frame", .milliseconds(kilnCPUPerFrame)))
        fields.append(("ffmpeg_cpu_ms_per_frame", .milliseconds(perFrame(encoderCPUSeconds))))
        if let alone = encoderAloneSeconds, let ratio = wallAgainstEncoder {
            fields.append(("encoder_alone_s", .number(alone, decimals: 3)))
            fields.append(("wall_over_encoder_alone", .number(ratio, decimals: 3)))
        }
        if let png = pngSequenceSeconds, let ratio = pngAgainstVideo {
            fields.append(("png_sequence_s", .number(png, decimals: 3)))
            fields.append(("png_over_video", .number(ratio, decimals: 3)))
        }
        return BenchJSON.line(fields)
    }

    /// A table for people.
    public var summary: String {
        var lines = [String(format: "%@ (%@): %d frames at %dx%d, %g fps, %@; %.2f s of clip in %.2f s: %.2f× real time",
                            script, scene, timings.frames, pixelSize.width, pixelSize.height, fps,
                            hasSound ? "with sound" : "silent", clipSeconds, timings.wall, realTimeRatio)]
        lines.append("  stage            total s   ms/frame")
        for stage in stages + [("other", otherSeconds)] {
            let name = stage.name.replacingOccurrences(of: "_", with: " ")
            lines.append(String(format: "  %@%8.3f %10.3f", name.padding(toLength: 15, withPad: " ", startingAt: 0),
                                stage.seconds, perFrame(stage.seconds)))
        }
        lines.append("  goals:")
        lines += goals.map { "    " + $0 }
        return lines.joined(separator: "\n")
    }
}
