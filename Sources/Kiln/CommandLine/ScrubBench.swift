import ArgumentParser
import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime

/// `kiln bench scrub`: how quickly a scrub back through a session shows its moment.
struct ScrubBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrub",
        abstract: "Time scrubbing back through a session: jumps to random moments, each until its frame is drawn.",
        discussion: """
            Each scene is given --seconds of generated input (drags, flicks, taps, pen presses, two \
            pointers at once) at 60 frames per second of scene time, as in the window. Then it is \
            paused, as a scrub begins, and shown at --jumps random moments of the session, each \
            re-simulated from the input log (from the nearest parked session, made on a thread of \
            their own, or with --from-start from the scene's start) and drawn at the scale. Between \
            jumps the bench waits --gap seconds, as a hand dragging on the strip does. Reported per \
            scene: p50, p99 and the slowest of the time from the jump to its frame drawn.
            """)

    @Argument(help: "Scenes to time (default: laser, mailbox, pressure).")
    var scenes: [String] = []

    @Option(help: "Seconds of generated input before the jumps.")
    var seconds: Double = 60

    @Option(help: "Random moments to jump to.")
    var jumps: Int = 50

    @Option(help: "Seconds between jumps.")
    var gap: Double = 0.1

    @Option(help: "Seed of the input and of the moments.")
    var seed: UInt64 = 1

    @OptionGroup var pixels: ScaleOption

    @Flag(help: "Re-simulate every jump from the scene's start, without parked sessions: the comparison.")
    var fromStart = false

    @Flag(help: "Time what a reload or a tweak does: every jump is to the session's end, re-simulated from the scene's start.")
    var reload = false

    @Flag(help: """
        Play the session in real time, each frame stepped and drawn, as the window does with the timeline strip \
        shown: sessions are parked along the log as it plays (none with --from-start). Also reports the live \
        frames' p50 and p99.
        """)
    var live = false

    @Flag(help: "Print one JSON line per scene instead of a summary.")
    var json = false

    func validate() throws {
        for scene in scenes { try CanvasOptions.validateScene(scene) }
        guard seconds >= 1, seconds <= 600 else { throw ValidationError("--seconds takes 1 to 600.") }
        guard jumps >= 1, jumps <= 10_000 else { throw ValidationError("--jumps takes 1 to 10000.") }
        guard gap >= 0, gap <= 10 else { throw ValidationError("--gap takes 0 to 10 seconds.") }
    }

    func run() throws {
        for argument in scenes.isEmpty ? ["laser", "mailbox", "pressure"] : scenes {
            let name = try resolveScene(argument)
            let result = try bench(name)
            print(json ? result.jsonLine : result.summary)
        }
    }

    private func bench(_ name: String) throws -> ScrubBenchResult {
        let device = DevicePreset.iPhone14
        let timer: SceneFrameTimer
        do { timer = try SceneFrameTimer(canvas: device.size, scale: pixels.scale, isWindowed: false) } catch {
            warn("\(error)")
            throw ExitCode(2)
        }
        let hosting = SceneHosting(scene: name, canvasSize: device.size, seed: seed)
        guard let made = hosting.makeScene(context: hosting.context()) else { throw ExitCode(2) }
        let playing = SceneSession(scene: made)
        playing.startInputLog(device: device.name, seed: seed)
        let hosted = HostedSession(session: playing, capturePath: nil,
                                   resimulate: fromStart ? nil : hosting.resimulation(of: name, device: device.name))
        let fromScratch = hosting.resimulation(of: name, device: device.name)
        defer { hosted.close() }

        var result = ScrubBenchResult(scene: name, seconds: seconds, fromStart: fromStart || reload, toEnd: reload)
        var input = RandomGestures(seed: seed, canvasSize: device.size, target: made.primaryControl)
        let frames = Int(seconds * 60)
        let playStarted = DispatchTime.now().uptimeNanoseconds
        for frame in 0...frames {
            let time = Double(frame) / 60
            if live { Self.wait(until: playStarted + UInt64(time * 1e9)) }
            let started = DispatchTime.now().uptimeNanoseconds
            for action in input.actions(upTo: time) {
                switch action {
                case .pointer(let event): hosted.handle(event)
                case .key(let key): _ = hosted.handle(key, at: time)
                }
            }
            // As the window does while the strip shows: about once a second.
            if live && frame % 60 == 0 { hosted.prepareToScrub(near: time) }
            hosted.advance(to: time)
            if live {
                _ = timer.frame(hosted, at: time)
                result.liveMilliseconds.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
            }
        }
        guard let log = hosted.session.inputLog(upTo: .infinity) else { throw ExitCode(2) }
        hosted.prepareToScrub(near: seconds)

        var random = SplitMix64(seed: seed ^ 0x5C12_B000)
        for _ in 0..<jumps {
            let target = reload ? seconds : Double.random(in: 0...seconds, using: &random)
            let started = DispatchTime.now().uptimeNanoseconds
            if fromStart || reload {
                let (session, gate) = fromScratch(log, [])
                HostedSession.step(session, from: 0, to: target)
                gate.open()
                _ = timer.frame(HostedSession(session: session, capturePath: nil), at: target)
            } else {
                _ = hosted.rewind(to: target)
                _ = timer.frame(hosted, at: target)
            }
            result.milliseconds.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
            Thread.sleep(forTimeInterval: gap)
        }
        return result
    }

    /// Sleeps until the monotonic clock reads `deadline` nanoseconds.
    private static func wait(until deadline: UInt64) {
        let now = DispatchTime.now().uptimeNanoseconds
        if deadline > now { Thread.sleep(forTimeInterval: Double(deadline - now) / 1e9) }
    }
}

/// What a scrub benchmark measured.
struct ScrubBenchResult {
    var scene: String
    var seconds: Double
    var fromStart: Bool
    /// Whether every jump was to the session's end, as a reload's.
    var toEnd = false
    /// Each jump's time until its frame was drawn.
    var milliseconds: [Double] = []
    /// With `--live`, each live frame's time to step and draw.
    var liveMilliseconds: [Double] = []

    func percentile(_ fraction: Double, of times: [Double]? = nil) -> Double {
        FrameTimeHistory.percentile(fraction, of: times ?? milliseconds) ?? 0
    }

    /// The live frames' part of the summary, empty without `--live`.
    private var liveSummary: String {
        liveMilliseconds.isEmpty ? "" : String(format: "; live frames p50 %.1f, p99 %.1f ms",
                                               percentile(0.5, of: liveMilliseconds), percentile(0.99, of: liveMilliseconds))
    }

    var summary: String {
        String(format: "%@: %d jumps into %.0f s%@; ms to the frame p50 %.1f, p99 %.1f, max %.1f",
               scene, milliseconds.count, seconds,
               toEnd ? ", each to its end from the start (a reload)" : fromStart ? " from the start" : "",
               percentile(0.5), percentile(0.99), milliseconds.max() ?? 0) + liveSummary
    }

    var jsonLine: String {
        BenchJSON.line([
            ("scrub", .string(scene)), ("seconds", .number(seconds, decimals: 0)), ("jumps", .int(milliseconds.count)),
            ("from_start", .bool(fromStart)), ("to_end", .bool(toEnd)), ("p50_ms", .milliseconds(percentile(0.5))),
            ("p99_ms", .milliseconds(percentile(0.99))), ("max_ms", .milliseconds(milliseconds.max() ?? 0)),
        ] + (liveMilliseconds.isEmpty ? [] : [
            ("live_p50_ms", .milliseconds(percentile(0.5, of: liveMilliseconds))),
            ("live_p99_ms", .milliseconds(percentile(0.99, of: liveMilliseconds))),
        ]))
    }
}
