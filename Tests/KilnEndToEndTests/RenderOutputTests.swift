// What `kiln render` and `kiln recover --render` leave beside their output when they are
// ended part way, when the encoder writes nothing, and when the clip is too long: no hidden
// file, no ffmpeg still running, the user's file as it was. No display is needed.
import Foundation
import Kiln
import KilnCore
import KilnPlatform
import KilnEndToEndSupport
import Testing

@Suite("Render output")
struct RenderOutputTests {
    let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    /// A stand-in ffmpeg in its own folder that notes its pid in `pid` and then never reads
    /// its input, so a render stays under way, with its hidden files made, until it is ended.
    func stuckEncoder() throws -> URL {
        let tools = scratch.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let url = tools.appendingPathComponent("ffmpeg")
        // Written beside and moved into place, so the test never reads a pid file half written.
        let pid = scratch.appendingPathComponent("pid").path
        try "#!/bin/sh\necho $$ > '\(pid).part' && mv '\(pid).part' '\(pid)'\nexec sleep 600\n"
            .write(to: url, atomically: true, encoding: .utf8)
        chmod(url.path, 0o755)
        return url
    }

    func isAlive(_ pid: pid_t) -> Bool {
        // A zombie has no /proc/PID/exe target; a running process does.
        kill(pid, 0) == 0 && (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) != nil
    }

    func waitUntil(within seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    @Test("A signal that ends a render leaves no hidden file beside its output, and no ffmpeg running",
          arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGABRT, SIGKILL])
    func signalEndsRender(_ number: Int32) throws {
        let ffmpeg = try stuckEncoder()
        let out = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let render = Process()
        render.executableURL = try KilnBinary.locate()
        render.arguments = ["render", "laser", "--out", out.appendingPathComponent("clip.mp4").path, "--frames", "600"]
        render.environment = ProcessInfo.processInfo.environment.merging(
            ["KILN_FFMPEG": ffmpeg.path, "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        render.standardError = FileHandle.nullDevice
        try render.run()
        defer { if render.isRunning { kill(render.processIdentifier, SIGKILL) } }
        let pidFile = scratch.appendingPathComponent("pid").path
        #expect(waitUntil(within: 60) {
            FileManager.default.fileExists(atPath: pidFile)
                && !((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).isEmpty
        }, "the render started its encoder and made its hidden file")
        let encoder = try #require(pid_t(try String(contentsOfFile: pidFile, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(encoder, SIGKILL) }

        kill(render.processIdentifier, number)
        let ended = waitUntil(within: 20) { !render.isRunning }

        try #require(ended, "the render went on after the signal")

        #expect(render.terminationReason == .uncaughtSignal && render.terminationStatus == number)
        #expect(waitUntil(within: 5) { !isAlive(encoder) }, "ffmpeg outlived the render")
        // Nothing can run after SIGKILL: only the encoder's end is promised then.
        if number != SIGKILL {
            #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [])
        }
    }

    @Test("An encoder ended by Ctrl+C or a stop ends the render by the same signal, as a shell expects; killed otherwise, it is one error",
          arguments: [SIGINT, SIGTERM, SIGKILL])
    func encoderEndedBySignal(_ number: Int32) throws {
        let (render, said, out) = try renderLaser(encoder: "head -c 100000 > /dev/null\nkill -\(number) $$\n")

        if number == SIGKILL {
            #expect(render.terminationReason == .exit && render.terminationStatus == 1)
            #expect(said.contains("ffmpeg stopped while making"))
        } else {
            #expect(render.terminationReason == .uncaughtSignal && render.terminationStatus == number)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [])
    }

    @Test("An encoder that catches a Ctrl+C and exits 255 before the signal reaches Kiln: the render still ends by SIGINT, leaving nothing")
    func encoderInterruptedFirst() throws {
        // As ffmpeg does on a Ctrl+C to the group, but with Kiln's own signal arriving late.
        let (render, _, out) = try renderLaser(
            encoder: "head -c 100000 > /dev/null\n(sleep 0.3; kill -INT $PPID) < /dev/null > /dev/null 2>&1 &\nexit 255\n")

        #expect(render.terminationReason == .uncaughtSignal && render.terminationStatus == SIGINT)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [])
    }

    /// A 600-frame render of the laser into a folder of its own, through a stub encoder that
    /// runs the shell `encoder`: the ended render, what it said, and the folder.
    private func renderLaser(encoder: String) throws -> (render: Process, said: String, out: URL) {
        let ffmpeg = scratch.appendingPathComponent("ffmpeg")
        try ("#!/bin/sh\n" + encoder).write(to: ffmpeg, atomically: true, encoding: .utf8)
        chmod(ffmpeg.path, 0o755)
        let out = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let render = Process()
        render.executableURL = try KilnBinary.locate()
        render.arguments = ["render", "laser", "--out", out.appendingPathComponent("clip.mp4").path, "--frames", "600"]
        render.environment = ProcessInfo.processInfo.environment.merging(["KILN_FFMPEG": ffmpeg.path]) { $1 }
        let errors = Pipe()
        render.standardError = errors
        try render.run()
        defer { if render.isRunning { kill(render.processIdentifier, SIGKILL) } }
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        render.waitUntilExit()
        return (render, said, out)
    }

    @Test("An encoder that exits 0 without writing is one line and a failure; the user's video is kept")
    func encoderWritesNothing() throws {
        let ffmpeg = scratch.appendingPathComponent("ffmpeg")
        try "#!/bin/sh\ncat > /dev/null\nexit 0\n".write(to: ffmpeg, atomically: true, encoding: .utf8)
        chmod(ffmpeg.path, 0o755)
        let out = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let keep = out.appendingPathComponent("keep.mp4")
        try "an earlier take".write(to: keep, atomically: true, encoding: .utf8)

        let result = try ExternalCommand.run(try KilnBinary.locate(), ["render", "laser", "--out", keep.path, "--frames", "3"],
                                             environment: ProcessInfo.processInfo.environment.merging(["KILN_FFMPEG": ffmpeg.path]) { $1 },
                                             timeout: 120, allowFailure: true)

        #expect(result.status == 1)
        #expect(result.stderr == "kiln: ffmpeg wrote nothing for \(keep.path); keep.mp4 is unchanged")
        #expect(try String(contentsOf: keep, encoding: .utf8) == "an earlier take")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["keep.mp4"])
    }

    @Test("kiln recover --render refuses a journal longer than a render takes, with render's line, and makes nothing",
          arguments: ["frames/", "clip.mp4"])
    func recoverKeepsTheFrameCap(_ name: String) throws {
        let journal = scratch.appendingPathComponent("long.journal")
        let lines = [JournalRecord.header(JournalHeader(settings: RecordingSettings(), device: .iPhone14)).line,
                     JournalRecord.scene(JournalScene(scene: "laser", seed: 1, origin: 0, tuning: [])).line,
                     JournalRecord.frame(2_000_000.0 / 60).line]
        try (lines.joined(separator: "\n") + "\n").write(to: journal, atomically: true, encoding: .utf8)
        // Joined as text: a URL drops the slash that asks for frames.
        let out = scratch.path + "/" + name

        let result = try ExternalCommand.run(try KilnBinary.locate(), ["recover", "--journal", journal.path, "--render", out],
                                             environment: ProcessInfo.processInfo.environment.merging(
                                                ["XDG_STATE_HOME": scratch.appendingPathComponent("state").path]) { $1 },
                                             timeout: 60, allowFailure: true)

        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("kiln: \(journal.path) runs 33333 s: "), "\(result.stderr)")
        #expect(result.stderr.contains(" frames at 60 fps, more than the 100000 a render takes; nothing was rendered"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["long.journal"])
    }
}
