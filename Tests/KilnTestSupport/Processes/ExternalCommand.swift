// Finding and running the external programs end-to-end tests use (xdotool, ImageMagick, the
// kiln binary). Every call is bounded by a timeout; nothing here waits forever.
// Limits: POSIX; PATH is the only place searched.
import Foundation

/// Finds and runs external programs with a time limit.
public enum ExternalCommand {
    /// The executable called `name` on `PATH`, or `nil` when it is not installed.
    public static func locate(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The executable called `name`, or an error naming scripts/bootstrap, which installs it.
    public static func require(_ name: String, package: String) throws -> URL {
        guard let url = locate(name) else {
            throw EndToEndError("'\(name)' is not installed (Debian package \(package)); run scripts/bootstrap, which installs the end-to-end test tools.")
        }
        return url
    }

    /// Runs `executable` with `arguments` and waits at most `timeout` seconds for it to finish.
    ///
    /// A command still running at the deadline is killed and reported as an error. A non-zero exit
    /// is an error too unless `allowFailure` is set.
    @discardableResult
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                           timeout: Double, allowFailure: Bool = false) throws -> CommandOutput {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        let shown = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        do { try process.run() } catch {
            throw EndToEndError("cannot start `\(shown)`: \(error)")
        }
        // Drain both pipes while the command runs, so a chatty command cannot block on a full pipe.
        let out = PipeDrain(stdout.fileHandleForReading)
        let err = PipeDrain(stderr.fileHandleForReading)
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = finished.wait(timeout: .now() + 2)
            throw EndToEndError("`\(shown)` did not finish within \(timeout) s and was killed; stderr: \(err.collected(within: 1).utf8Text)")
        }
        let output = CommandOutput(status: process.terminationStatus,
                                   wasSignalled: process.terminationReason == .uncaughtSignal,
                                   stdout: out.collected(within: 2), stderr: err.collected(within: 2).utf8Text)
        if !allowFailure && (output.status != 0 || output.wasSignalled) {
            throw EndToEndError("`\(shown)` failed with status \(output.status): \(output.stderr)")
        }
        return output
    }
}
