import ArgumentParser
import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime

/// `kiln soak SCENE --minutes N`: random input for a while, headless, to show that frames
/// stay quick and memory stays put.
struct Soak: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Drive a scene with random input for minutes, headless; report frame times and memory.",
        discussion: """
            Drags, flicks, taps, pen presses, two pointers at once and Undo, at 60 frames per \
            second of scene time, drawn at the scale as fast as the machine can. After a warm-up \
            of 10 s of scene time the memory held is noted; at the end it must not have grown \
            by more than 10 % (and 8 MB), or the exit status is 1.
            """)

    @Argument(help: "The scene to soak: \(SceneCatalog.names.joined(separator: ", ")).")
    var scene: String

    @Option(help: "How long to run, in minutes of wall-clock time (fractions allowed).")
    var minutes: Double = 1

    @Option(help: "Seed of the random input.")
    var seed: UInt64 = 1

    @OptionGroup var pixels: ScaleOption

    @Flag(help: "Time frames by the drawing thread's CPU time, not the wall clock: steadier on a busy machine.")
    var cpuTime = false

    @Flag(help: """
        As the window does with the timeline strip shown: the input is logged, sessions are parked along \
        the log once a second of scene time, and every two minutes the scene is scrubbed 20 s back and goes \
        on from there.
        """)
    var strip = false

    @Flag(help: "Print one JSON line instead of a summary.")
    var json = false

    func validate() throws {
        try CanvasOptions.validateScene(scene)
        guard minutes.isFinite, minutes > 0, minutes <= 24 * 60 else {
            throw ValidationError("--minutes takes more than 0 and up to 1440.")
        }
    }

    func run() throws {
        let device = DevicePreset.iPhone14
        let timer: SceneFrameTimer
        do {
            timer = try SceneFrameTimer(canvas: device.size, scale: pixels.scale, isWindowed: false,
                                        clock: cpuTime ? .thread : .wall)
        } catch {
            warn("\(error)")
            throw ExitCode(2)
        }
        guard let hosted = strip ? Self.logging(scene, device: device, seed: seed)
                : SceneHosting(scene: scene, canvasSize: device.size, seed: seed).session() else {
            throw ExitCode(2)
        }
        let made = hosted.session.scene
        var input = RandomGestures(seed: seed, canvasSize: device.size, target: made.primaryControl)
        var report = SoakReport(scene: scene, seconds: minutes * 60)
        let started = Date()
        var frame = 0
        // Scene time scrubbed back, so that the session's time goes on from the moment shown.
        var scrubbed = 0.0
        while Date().timeIntervalSince(started) < minutes * 60 {
            let time = Double(frame) / 60
            for action in input.actions(upTo: time) {
                switch action {
                case .pointer(var event):
                    event.timestamp -= scrubbed
                    hosted.handle(event)
                case .key(let key): _ = hosted.handle(key, at: time - scrubbed)
                }
            }
            if strip && frame % 60 == 0 { hosted.prepareToScrub(near: time - scrubbed) }
            if strip && frame % 7200 == 7199, hosted.rewind(to: time - scrubbed - 20) { scrubbed += 20 }
            let drawn = timer.frame(hosted, at: time - scrubbed)
            frame += 1
            if report.startMemory == 0 {
                if frame >= SoakReport.warmUpFrames || Date().timeIntervalSince(started) >= minutes * 15 {
                    report.startMemory = ProcessMemory.residentBytes
                    report.startLayers = made.root.allLayers.count
                }
            } else {
                report.frameTimes.append(drawn.sample.total)
            }
            if frame % 3600 == 0 && !json {
                warn(String(format: "%.0f s of scene time, %d frames, %.1f MB", time, frame,
                            Double(ProcessMemory.residentBytes) / 1_048_576))
            }
        }
        hosted.close()
        report.endMemory = ProcessMemory.residentBytes
        report.endLayers = made.root.allLayers.count
        report.frames = frame
        print(json ? report.jsonLine : report.summary)
        if report.memoryGrew {
            warn("memory grew from \(report.megabytes(report.startMemory)) to \(report.megabytes(report.endMemory))")
            throw ExitCode(1)
        }
    }
}

extension Soak {
    /// Scene `name` hosted as the window hosts it with the strip shown: its input logged, and
    /// made anew to be scrubbed.
    static func logging(_ name: String, device: DevicePreset, seed: UInt64) -> HostedSession? {
        let hosting = SceneHosting(scene: name, canvasSize: device.size, seed: seed)
        guard let made = hosting.makeScene(context: hosting.context()) else { return nil }
        let session = SceneSession(scene: made)
        session.startInputLog(device: device.name, seed: seed)
        return HostedSession(session: session, capturePath: nil, resimulate: hosting.resimulation(of: name, device: device.name))
    }
}

/// What a soak measured.
struct SoakReport {
    /// Frames drawn before the memory is first noted, at most: caches fill, textures load.
    static let warmUpFrames = 3600

    var scene: String
    var seconds: Double
    var frames = 0
    /// The frames after the warm-up, in milliseconds.
    var frameTimes: [Double] = []
    var startMemory = 0
    var endMemory = 0
    var startLayers = 0
    var endLayers = 0

    /// Whether the memory held at the end is more than 10 % (and 8 MB) over the start.
    var memoryGrew: Bool {
        startMemory > 0 && endMemory - startMemory > max(8 << 20, startMemory / 10)
    }

    func percentile(_ fraction: Double) -> Double {
        FrameTimeHistory.percentile(fraction, of: frameTimes) ?? 0
    }

    func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

    var summary: String {
        String(format: "%@: %d frames (%.0f s of scene time) in %.1f min; frame ms p50 %.2f, p90 %.2f, p99 %.2f, "
                + "max %.2f; memory %@ → %@; layers %d → %d",
               scene, frames, Double(frames) / 60, seconds / 60, percentile(0.5), percentile(0.9), percentile(0.99),
               frameTimes.max() ?? 0, megabytes(startMemory), megabytes(endMemory), startLayers, endLayers)
    }

    var jsonLine: String {
        BenchJSON.line([
            ("soak", .string(scene)), ("frames", .int(frames)), ("minutes", .number(seconds / 60, decimals: 2)),
            ("p50_ms", .milliseconds(percentile(0.5))), ("p90_ms", .milliseconds(percentile(0.9))),
            ("p99_ms", .milliseconds(percentile(0.99))), ("max_ms", .milliseconds(frameTimes.max() ?? 0)),
            ("rss_start_mb", .number(Double(startMemory) / 1_048_576, decimals: 1)),
            ("rss_end_mb", .number(Double(endMemory) / 1_048_576, decimals: 1)),
            ("layers_start", .int(startLayers)), ("layers_end", .int(endLayers)), ("memory_grew", .bool(memoryGrew)),
        ])
    }
}
