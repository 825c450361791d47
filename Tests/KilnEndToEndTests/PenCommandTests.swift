// `kiln devices` and `--tablet` as users meet them: exit status and one clear line, with and
// without a display (a private Xvfb, which has no tablet).
import Foundation
import KilnEndToEndSupport
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

    @Test("kiln devices --watch watches the X server's pens and /dev/input, and ends cleanly on SIGTERM")
    func watchOnXvfb() throws {
        let server = try XvfbSession(width: 640, height: 480)
        defer { server.stop() }
        let app = try KilnApp(binary: try KilnBinary.locate(), arguments: ["devices", "--watch"], session: server)
        defer { app.terminate() }

        let opening = try app.waitForLine(containing: "watching", timeout: 30).line
        kill(app.pid, SIGTERM)
        let closing = try app.waitForLine(containing: "stopped watching", timeout: 10).line

        #expect(opening.hasSuffix("watching pens on X server \(server.display) and in /dev/input; Ctrl+C stops"))
        #expect(opening.range(of: #"^\d\d:\d\d:\d\d "#, options: .regularExpression) != nil, "the time first: \(opening)")
        #expect(closing.hasSuffix(" stopped watching"))
        #expect(app.errorOutput.isEmpty, "\(app.errorOutput)")
    }

    @Test("kiln devices --watch without a display watches evdev only, says so once, and ends on SIGINT")
    func watchWithoutDisplay() throws {
        let server = try XvfbSession(width: 640, height: 480)
        defer { server.stop() }
        // `env -u` takes DISPLAY away from the app alone; the session only runs the process.
        let env = try ExternalCommand.require("env", package: "coreutils")
        let app = try KilnApp(binary: env, arguments: ["-u", "DISPLAY", "-u", "WAYLAND_DISPLAY",
                                                       try KilnBinary.locate().path, "devices", "--watch"],
                              session: server)
        defer { app.terminate() }

        let opening = try app.waitForLine(containing: "watching", timeout: 30).line
        kill(app.pid, SIGINT)
        _ = try app.waitForLine(containing: "stopped watching", timeout: 10)

        #expect(opening.hasSuffix("watching evdev pens in /dev/input only; Ctrl+C stops"))
        #expect(app.errorOutput.trimmingCharacters(in: .whitespacesAndNewlines)
                == "kiln: no display: DISPLAY is not set, so there is no X server to ask; watching evdev devices only")
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
