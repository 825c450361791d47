// Bad input the live window goes on after: a --tablet path it cannot use and an audio
// driver that fails. Each is one line on stderr; the window opens and the scene runs.
import Foundation
import KilnEndToEndSupport
import Testing

// Part of the end-to-end suite, so that it never runs beside the other windows.
extension EndToEndTests {
    /// Runs `kiln laser` for a second and a half on `session` with `environment` changes.
    func runLaserBriefly(_ options: [String], on session: XvfbSession,
                         environment changes: [String: String] = [:]) throws -> CommandOutput {
        let environment = session.environment.merging(changes) { $1 }
        return try ExternalCommand.run(try KilnBinary.locate(), ["laser", "--events", "--quit-after", "1.5"] + options,
                                       environment: environment, timeout: 60, allowFailure: true)
    }

    @Test("An unusable --tablet is one line; the window still opens and the scene runs",
          arguments: ["/nonexistent/event5", "/tmp", "/etc/hostname", "/dev/null"])
    func unusableTablet(_ path: String) throws {
        let session = try XvfbSession()
        defer { session.stop() }

        let result = try runLaserBriefly(["--mute", "--tablet", path], on: session)

        let reason = path.hasPrefix("/nonexistent") ? "no such device" : "not an input event device"
        #expect(result.status == 0)
        #expect(result.stderr == "kiln: --tablet \(path): \(reason); going on without it")
        #expect(result.text.contains(#""event": "laser.on""#))
    }

    @Test("An audio driver that fails is one warning; the scene runs silently")
    func noAudioDevice() throws {
        let session = try XvfbSession()
        defer { session.stop() }

        let result = try runLaserBriefly([], on: session, environment: ["SDL_AUDIODRIVER": "nonexistent"])

        #expect(result.status == 0)
        #expect(result.stderr == "kiln: no audio device (Audio target 'nonexistent' not available): running silently")
        #expect(result.text.contains(#""event": "laser.on""#))
    }
}
