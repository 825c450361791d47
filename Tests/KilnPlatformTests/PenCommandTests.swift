// `kiln devices` and `--tablet` as users meet them: exit status and one clear line, with and
// without a display (a private Xvfb, which has no tablet).
import Foundation
import KilnTestSupport
import Testing

@Suite("Pen and device commands", .serialized)
struct PenCommandTests {
    @Test("kiln devices under Xvfb lists the X pointers, no pens with the reasons, and exits 0")
    func devicesOnXvfb() throws {
        let server = try XvfbSession(width: 640, height: 480)
        defer { server.stop() }

        let result = try ExternalCommand.run(try KilnBinary.locate(), ["devices"], environment: server.environment,
                                             timeout: 60, allowFailure: true)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.text.contains("Pointer devices (X server \(server.display)):"))
        #expect(result.text.contains("Virtual core pointer (master pointer)"))
        #expect(result.text.contains("XInput2: none of the"))
        #expect(result.text.contains("Audio outputs"))
        #expect(result.text.contains("Game controllers:"))
    }

    @Test("kiln devices without a display says there is no X server and still exits 0")
    func devicesWithoutDisplay() throws {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")

        let result = try ExternalCommand.run(try KilnBinary.locate(), ["devices"], environment: environment,
                                             timeout: 60, allowFailure: true)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.text.contains("XInput2: no X server (DISPLAY is not set)"))
        #expect(result.text.contains("Pens (pressure ranges as the devices report them):"))
    }

    @Test("An unusable --tablet is one line on stderr and the window runs on")
    func unusableTablet() throws {
        let server = try XvfbSession(width: 640, height: 480)
        defer { server.stop() }

        let result = try ExternalCommand.run(
            try KilnBinary.locate(),
            ["laser", "--mute", "--events", "--tablet", "/nonexistent/event9", "--quit-after", "1.5"],
            environment: server.environment, timeout: 60, allowFailure: true)

        let tabletLines = result.stderr.split(separator: "\n").filter { $0.contains("tablet") }
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(tabletLines == ["kiln: --tablet /nonexistent/event9: no such device; going on without it"])
        #expect(result.text.contains(#""scene": "laser""#), "the scene opened: \(result.text)")
    }
}
