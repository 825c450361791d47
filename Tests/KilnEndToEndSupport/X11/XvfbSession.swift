// A private X server for end-to-end tests.
// Limits: Linux with Xvfb and x11-utils installed (scripts/bootstrap); display numbers :90 to :189.
import Foundation
import KilnTestSupport

/// A private X server, `Xvfb :N`, on the first free display number from :90 up; stopped by
/// `stop()` or when the session is released.
public final class XvfbSession: @unchecked Sendable {
    /// The display name to put in `DISPLAY`, like ":90".
    public let display: String
    /// The screen's size in pixels.
    public let width: Int, height: Int
    private let server: Child

    /// Starts a server with one `width`×`height`×24 screen and waits, at most `timeout` seconds,
    /// until it accepts connections.
    ///
    /// Throws an error naming scripts/bootstrap when Xvfb or xdpyinfo is not installed.
    public init(width: Int = 1280, height: Int = 1024, timeout: Double = 10) throws {
        let xvfb = try ExternalCommand.require("Xvfb", package: "xvfb")
        let xdpyinfo = try ExternalCommand.require("xdpyinfo", package: "x11-utils")
        self.width = width
        self.height = height
        var failures: [String] = []
        for number in 90..<190 where Self.isFree(number) && Self.claim(number) {
            let process = Process()
            process.executableURL = xvfb
            process.arguments = [":\(number)", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let server: Child
            do { server = try Child(process) } catch { throw EndToEndError("cannot start Xvfb: \(error)") }
            // A second server on a taken number exits at once, while the probe may reach the
            // first one: only a server still running after it answered is ours.
            if Self.waitUntilReady(server, display: ":\(number)", xdpyinfo: xdpyinfo, timeout: timeout) {
                Thread.sleep(forTimeInterval: 0.2)
                if server.isRunning {
                    self.display = ":\(number)"
                    self.server = server
                    return
                }
            }
            // Another server took the number between the probe and the start, or this one hung.
            server.end()
            failures.append(":\(number)")
            if failures.count >= 3 { break }
        }
        throw EndToEndError("Xvfb did not start on any free display (tried \(failures.joined(separator: ", ")), \(timeout) s each)")
    }

    deinit { stop() }

    /// Stops the server (kill, then wait for it) and removes its state folder; calling it
    /// again does nothing.
    public func stop() {
        server.end()
        try? FileManager.default.removeItem(at: stateHome)
    }

    /// The clients' `XDG_STATE_HOME`, made by the first window that keeps state there.
    public var stateHome: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("kiln-xvfb\(display.dropFirst())-state-\(getpid())")
    }

    /// The environment for a client of this server: this process's, with `DISPLAY` set, and
    /// `XDG_STATE_HOME` in a folder of the server's, so that windows keep their journals there
    /// and not in the user's own (`stop()` removes it).
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["XDG_STATE_HOME"] = stateHome.path
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        return environment
    }

    /// Display numbers taken by sessions of this process: suites that run at the same time
    /// never race for one.
    nonisolated(unsafe) private static var claimed: Set<Int> = []
    private static let claimLock = NSLock()

    /// Takes `number` for this process; `false` when another session has it.
    private static func claim(_ number: Int) -> Bool {
        claimLock.withLock { claimed.insert(number).inserted }
    }

    /// No socket and no lock file for display `number`.
    private static func isFree(_ number: Int) -> Bool {
        let files = FileManager.default
        return !files.fileExists(atPath: "/tmp/.X11-unix/X\(number)") && !files.fileExists(atPath: "/tmp/.X\(number)-lock")
    }

    /// Polls with xdpyinfo until the server answers; `false` if it exits or the time runs out.
    private static func waitUntilReady(_ process: Child, display: String, xdpyinfo: URL, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        while Date() < deadline && process.isRunning {
            let probe = try? ExternalCommand.run(xdpyinfo, ["-display", display], environment: environment,
                                                 timeout: max(0.5, deadline.timeIntervalSinceNow), allowFailure: true)
            // Still running after the probe: the answer came from this server, not one that
            // holds the display already (that would make ours exit).
            if probe?.status == 0 && process.isRunning { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }
}
