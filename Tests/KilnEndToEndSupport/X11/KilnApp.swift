// The kiln app running on an Xvfb display, its output captured line by line.
// Limits: one process, stopped with TERM then KILL; standard input is empty.
import Foundation
import KilnTestSupport

/// A running `kiln` process on an Xvfb display, with its standard output captured line by line.
public final class KilnApp: @unchecked Sendable {
    /// The display the app runs on.
    public let session: XvfbSession
    private let child: Child
    private let condition = NSCondition()
    private var stdoutLines: [String] = []
    private var stderrText = ""
    private var stdoutClosed = false

    /// Launches `binary` with `arguments` on `session`'s display, with `environment` added
    /// to the session's.
    public init(binary: URL, arguments: [String], session: XvfbSession, environment: [String: String] = [:]) throws {
        self.session = session
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = session.environment.merging(environment) { $1 }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        do { child = try Child(process) } catch {
            throw EndToEndError("cannot start \(binary.path): \(error)")
        }
        read(stdout.fileHandleForReading, isStdout: true)
        read(stderr.fileHandleForReading, isStdout: false)
    }

    deinit { terminate() }

    /// The process id.
    public var pid: Int32 { child.process.processIdentifier }

    /// Whether the app is still running.
    public var isRunning: Bool { child.isRunning }

    /// How the app ended: its exit status, or the signal that ended it; `nil` while it runs.
    public var ending: (status: Int32, bySignal: Bool)? {
        child.isRunning ? nil : (child.process.terminationStatus, child.process.terminationReason == .uncaughtSignal)
    }

    /// The complete lines printed on standard output so far.
    public var lines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return stdoutLines
    }

    /// What the app printed on standard error so far.
    public var errorOutput: String {
        condition.lock()
        defer { condition.unlock() }
        return stderrText
    }

    /// Waits at most `timeout` seconds for a standard output line, at index `from` or later,
    /// that contains `text`; returns its index and the line.
    @discardableResult
    public func waitForLine(containing text: String, from: Int = 0, timeout: Double) throws -> (index: Int, line: String) {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if from < stdoutLines.count,
               let index = stdoutLines[from...].firstIndex(where: { $0.contains(text) }) {
                return (index, stdoutLines[index])
            }
            if stdoutClosed || !condition.wait(until: deadline) {
                let why = stdoutClosed ? "the app closed its output (exited?)" : "no such line within \(timeout) s"
                throw EndToEndError("""
                    waiting for a line containing \(text): \(why).
                    stdout: \(stdoutLines.suffix(20).joined(separator: "\n"))
                    stderr: \(stderrText.suffix(2000))
                    """)
            }
        }
    }

    /// The app's window: the newest one of the app's process or of a process it started
    /// (`kiln dev` runs its window in a child), found with `xdotool search` within `timeout` seconds.
    public func window(named name: String = "Kiln", timeout: Double = 10) throws -> XWindow {
        let xdotool = try ExternalCommand.require("xdotool", package: "xdotool")
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            for process in [pid] + Self.descendants(of: pid) {
                let found = try ExternalCommand.run(xdotool, ["search", "--pid", "\(process)", "--name", name],
                                                    environment: session.environment, timeout: timeout, allowFailure: true)
                if let id = found.text.split(separator: "\n").last.map(String.init), !id.isEmpty {
                    return try XWindow(id: id, session: session)
                }
            }
            Thread.sleep(forTimeInterval: 0.2)
        } while Date() < deadline
        throw EndToEndError("xdotool found no window named \(name) for pid \(pid) or its children within \(timeout) s")
    }

    /// The processes `process` started, and theirs, from /proc.
    public static func descendants(of process: Int32) -> [Int32] {
        let tasks = "/proc/\(process)/task"
        let children = ((try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []).flatMap { task in
            ((try? String(contentsOfFile: "\(tasks)/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        return children + children.flatMap { descendants(of: $0) }
    }

    /// Ends the app (TERM, then KILL) and waits for it; safe to call more than once.
    public func terminate() {
        child.end()
    }

    /// Reads one of the app's pipes on a thread of its own (see `PipeDrain`).
    private func read(_ handle: FileHandle, isStdout: Bool) {
        Thread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty {
                    if isStdout {
                        if !pending.isEmpty { stdoutLines.append(String(decoding: pending, as: UTF8.self)) }
                        stdoutClosed = true
                    }
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                if isStdout {
                    pending.append(chunk)
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        stdoutLines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                        pending = Data(pending[(newline + 1)...])
                    }
                } else {
                    stderrText += String(decoding: chunk, as: UTF8.self)
                }
                condition.broadcast()
                condition.unlock()
            }
        }.start()
    }
}
