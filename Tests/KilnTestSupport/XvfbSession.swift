// End-to-end helpers: a private Xvfb server, the kiln app running on it, and the X tools
// (xdotool, ImageMagick) that drive and photograph its window. Every external call is bounded
// by a timeout; nothing here waits forever.
// Limits: Linux with Xvfb, xdotool, ImageMagick and x11-utils installed (scripts/bootstrap).
import Foundation

/// Why an end-to-end step could not go on; the description says what to do about it.
public struct EndToEndError: Error, CustomStringConvertible {
    /// What went wrong, in a sentence or two.
    public var description: String

    /// An error with the given message.
    public init(_ description: String) { self.description = description }
}

// MARK: - External commands

/// What a finished external command printed and how it exited.
public struct CommandOutput: Sendable {
    /// The exit status (or the terminating signal's number when `wasSignalled`).
    public var status: Int32
    /// Whether the command ended by a signal rather than by exiting.
    public var wasSignalled: Bool
    /// Everything written to standard output.
    public var stdout: Data
    /// Everything written to standard error, decoded as UTF-8.
    public var stderr: String

    /// Standard output decoded as UTF-8, without the trailing newline.
    public var text: String {
        String(decoding: stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

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

/// Reads a pipe to its end on a thread of its own.
private final class PipeDrain: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        // A blocking read holds its thread until the pipe closes: on a shared queue a few of
        // them would starve the rest (two cores give GCD few threads), so each has its own.
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { data.append(chunk) }
            }
            done.signal()
        }.start()
    }

    /// The data read once the pipe closes, or what has arrived after `seconds` if it stays open.
    func collected(within seconds: Double) -> Data {
        if done.wait(timeout: .now() + seconds) == .success { done.signal() }
        return lock.withLock { data }
    }
}

/// A started process whose exit is noticed through its termination handler, so stopping it
/// waits exactly as long as it takes.
final class Child: @unchecked Sendable {
    let process: Process
    private let lock = NSLock()
    private var exited = false
    private let exit = DispatchSemaphore(value: 0)

    /// Starts `process`; its termination handler must not be set elsewhere.
    init(_ process: Process) throws {
        self.process = process
        process.terminationHandler = { [weak self] _ in
            guard let self else { return }
            lock.withLock { exited = true }
            exit.signal()
        }
        try Self.spawnWithSignalsUnblocked(process)
    }

    /// Starts `process` from a new thread with no signals blocked.
    ///
    /// A child inherits the blocked-signal mask of the thread that spawns it, and the threads tests
    /// run on block nearly every signal, TERM included: started from one of them, Xvfb and kiln
    /// would ignore TERM and only go at KILL.
    private static func spawnWithSignalsUnblocked(_ process: Process) throws {
        let box = SpawnBox(process)
        let started = DispatchSemaphore(value: 0)
        let thread = Thread {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            do { try box.process.run() } catch { box.error = error }
            started.signal()
        }
        thread.start()
        started.wait()
        if let error = box.error { throw error }
    }

    /// Whether the process has not exited yet.
    var isRunning: Bool { lock.withLock { !exited } }

    /// Waits at most `seconds` for the process to exit; whether it did.
    func waitForExit(within seconds: Double) -> Bool {
        guard isRunning else { return true }
        guard exit.wait(timeout: .now() + seconds) == .success else { return false }
        exit.signal()
        return true
    }

    /// Sends TERM, then KILL if it is still running after a second, and waits for the exit.
    func end() {
        guard isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        if !waitForExit(within: 1) {
            kill(process.processIdentifier, SIGKILL)
            _ = waitForExit(within: 2)
        }
    }
}

/// Hands a process to the spawning thread and its error back.
private final class SpawnBox: @unchecked Sendable {
    let process: Process
    var error: Error?
    init(_ process: Process) { self.process = process }
}

private extension Data {
    var utf8Text: String { String(decoding: self, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
}

// MARK: - Xvfb

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

    /// Stops the server (kill, then wait for it); calling it again does nothing.
    public func stop() {
        server.end()
    }

    /// The environment for a client of this server: this process's, with `DISPLAY` set.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
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

// MARK: - The app

/// Where the `kiln` executable built with the tests is.
public enum KilnBinary {
    /// The `kiln` next to the running test bundle (`.build/debug` or `.build/<triple>/debug`),
    /// else `<package root>/.build/debug/kiln`; an error when neither exists.
    public static func locate(filePath: String = #filePath) throws -> URL {
        var candidates: [URL] = []
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("kiln"))
        }
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent("kiln"))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("kiln"))
        // Tests/KilnTestSupport/XvfbSession.swift → the package root.
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/kiln"))
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found.standardizedFileURL
        }
        throw EndToEndError("the kiln executable is missing (looked in \(candidates.map(\.path).joined(separator: ", "))); run `swift build` (or make test, which builds it) before the end-to-end tests.")
    }
}

/// A running `kiln` process on an Xvfb display, with its standard output captured line by line.
public final class KilnApp: @unchecked Sendable {
    /// The display the app runs on.
    public let session: XvfbSession
    private let child: Child
    private let condition = NSCondition()
    private var stdoutLines: [String] = []
    private var stderrText = ""
    private var stdoutClosed = false

    /// Launches `binary` with `arguments` on `session`'s display.
    public init(binary: URL, arguments: [String], session: XvfbSession) throws {
        self.session = session
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = session.environment
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

    /// The app's window: found with `xdotool search --sync`, at most `timeout` seconds.
    public func window(named name: String = "Kiln", timeout: Double = 10) throws -> XWindow {
        let xdotool = try ExternalCommand.require("xdotool", package: "xdotool")
        let found = try ExternalCommand.run(xdotool, ["search", "--sync", "--pid", "\(pid)", "--name", name],
                                            environment: session.environment, timeout: timeout)
        guard let id = found.text.split(separator: "\n").last.map(String.init), !id.isEmpty else {
            throw EndToEndError("xdotool found no window named \(name) for pid \(pid)")
        }
        return try XWindow(id: id, session: session)
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

// MARK: - The window

/// A window's position and size in screen pixels.
public struct WindowGeometry: Equatable, Sendable {
    /// The top-left corner on the screen.
    public var x: Int, y: Int
    /// The size.
    public var width: Int, height: Int

    /// Where canvas point (`x`, `y`) of a `canvasWidth`×`canvasHeight` canvas lands in this window,
    /// in window pixels: the canvas is scaled to fit and centred (letterboxed).
    public func windowPoint(canvasX x: Double, canvasY y: Double,
                            canvasWidth: Double = 390, canvasHeight: Double = 844) -> (x: Int, y: Int) {
        let scale = min(Double(width) / canvasWidth, Double(height) / canvasHeight)
        let offsetX = (Double(width) - canvasWidth * scale) / 2
        let offsetY = (Double(height) - canvasHeight * scale) / 2
        return (Int((offsetX + x * scale).rounded(.down)), Int((offsetY + y * scale).rounded(.down)))
    }
}

/// An X window driven with xdotool and photographed with ImageMagick's `import`.
public struct XWindow: Sendable {
    /// The window id as xdotool prints it (decimal).
    public let id: String
    /// The server the window lives on.
    public let session: XvfbSession
    private let xdotool: URL

    /// The window `id` on `session`'s display.
    public init(id: String, session: XvfbSession) throws {
        self.id = id
        self.session = session
        xdotool = try ExternalCommand.require("xdotool", package: "xdotool")
    }

    /// The window's geometry (`xdotool getwindowgeometry --shell`).
    public func geometry(timeout: Double = 5) throws -> WindowGeometry {
        let output = try xdo(["getwindowgeometry", "--shell", id], timeout: timeout).text
        var values: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"] else {
            throw EndToEndError("cannot read the geometry of window \(id) from: \(output)")
        }
        return WindowGeometry(x: x, y: y, width: width, height: height)
    }

    /// The title as window managers show it (`xdotool getwindowname`, which prefers `_NET_WM_NAME`).
    public func name(timeout: Double = 5) throws -> String {
        try xdo(["getwindowname", id], timeout: timeout).text
    }

    /// The ICCCM `WM_NAME` property's bytes, decoded as UTF-8 (`xprop`).
    public func wmName(timeout: Double = 5) throws -> String {
        let xprop = try ExternalCommand.require("xprop", package: "x11-utils")
        let output = try ExternalCommand.run(xprop, ["-id", id, "-notype", "-f", "WM_NAME", "8x", "WM_NAME"],
                                             environment: session.environment, timeout: timeout).text
        // "WM_NAME = 0x4b, 0x69, …"
        guard let equals = output.firstIndex(of: "=") else { throw EndToEndError("no WM_NAME in: \(output)") }
        let bytes = output[output.index(after: equals)...].split(separator: ",").compactMap {
            UInt8($0.trimmingCharacters(in: .whitespaces).dropFirst(2), radix: 16)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Clicks button 1 at a canvas point: move there, press, a short pause, release.
    public func click(canvasX x: Double, canvasY y: Double, timeout: Double = 5) throws {
        let point = try geometry(timeout: timeout).windowPoint(canvasX: x, canvasY: y)
        try xdo(["mousemove", "--window", id, "\(point.x)", "\(point.y)",
                 "mousedown", "1", "sleep", "0.05", "mouseup", "1"], timeout: timeout)
    }

    /// Drags with button 1 from one canvas point to another in `steps` straight-line moves.
    public func drag(fromCanvas start: (x: Double, y: Double), to end: (x: Double, y: Double),
                     steps: Int = 10, timeout: Double = 10) throws {
        let geometry = try geometry(timeout: timeout)
        let first = geometry.windowPoint(canvasX: start.x, canvasY: start.y)
        var arguments = ["mousemove", "--window", id, "\(first.x)", "\(first.y)", "mousedown", "1"]
        for step in 1...max(1, steps) {
            let t = Double(step) / Double(max(1, steps))
            let point = geometry.windowPoint(canvasX: start.x + (end.x - start.x) * t,
                                             canvasY: start.y + (end.y - start.y) * t)
            arguments += ["sleep", "0.016", "mousemove", "--window", id, "\(point.x)", "\(point.y)"]
        }
        arguments += ["sleep", "0.05", "mouseup", "1"]
        try xdo(arguments, timeout: timeout)
    }

    /// Presses the left button at a canvas point, holds it still for `hold` seconds, moves
    /// to `end` in `steps` and releases there: a long press that ends somewhere else.
    public func press(atCanvas start: (x: Double, y: Double), holding hold: Double,
                      thenMoveTo end: (x: Double, y: Double), steps: Int = 10, timeout: Double = 20) throws {
        let geometry = try geometry(timeout: timeout)
        let first = geometry.windowPoint(canvasX: start.x, canvasY: start.y)
        var arguments = ["mousemove", "--window", id, "\(first.x)", "\(first.y)", "mousedown", "1",
                         "sleep", String(format: "%.3f", hold)]
        for step in 1...max(1, steps) {
            let t = Double(step) / Double(max(1, steps))
            let point = geometry.windowPoint(canvasX: start.x + (end.x - start.x) * t,
                                             canvasY: start.y + (end.y - start.y) * t)
            arguments += ["sleep", "0.02", "mousemove", "--window", id, "\(point.x)", "\(point.y)"]
        }
        arguments += ["sleep", "0.2", "mouseup", "1"]
        try xdo(arguments, timeout: timeout + hold)
    }

    /// Presses and releases a key by its X keysym name, like "Escape" or "1".
    public func key(_ name: String, timeout: Double = 5) throws {
        try xdo(["key", "--window", id, name], timeout: timeout)
    }

    /// Saves the window's contents as a PNG (`import -window`).
    public func screenshot(to path: String, timeout: Double = 10) throws {
        let importTool = try ExternalCommand.require("import", package: "imagemagick")
        try ExternalCommand.run(importTool, ["-window", id, "png:\(path)"], environment: session.environment,
                                timeout: timeout)
    }

    @discardableResult
    private func xdo(_ arguments: [String], timeout: Double) throws -> CommandOutput {
        try ExternalCommand.run(xdotool, arguments, environment: session.environment, timeout: timeout)
    }
}

// MARK: - Comparing pictures

/// An 8-bit RGB picture read through ImageMagick.
public struct RGBImage: Sendable {
    /// The size in pixels.
    public var width: Int, height: Int
    /// Red, green, blue bytes, row by row.
    public var pixels: [UInt8]

    /// Reads any picture ImageMagick reads, its alpha laid over white.
    public init(contentsOf path: String, timeout: Double = 10) throws {
        let convert = try ExternalCommand.require("convert", package: "imagemagick")
        let size = try ExternalCommand.run(convert, [path, "-format", "%w %h", "info:"], timeout: timeout).text
            .split(separator: " ").compactMap { Int($0) }
        guard size.count == 2 else { throw EndToEndError("cannot read the size of \(path)") }
        let raw = try ExternalCommand.run(convert, [path, "-background", "white", "-alpha", "remove",
                                                    "-depth", "8", "rgb:-"], timeout: timeout).stdout
        guard raw.count == size[0] * size[1] * 3 else {
            throw EndToEndError("\(path): expected \(size[0] * size[1] * 3) bytes of RGB, got \(raw.count)")
        }
        width = size[0]
        height = size[1]
        pixels = [UInt8](raw)
    }

    /// How `region` of this picture (all of it when `nil`), less `excluding`, differs from the
    /// same pixels of `other`, which must be as large. `tolerance` is per channel, 0…255.
    public func difference(from other: RGBImage, region: PixelRect? = nil, excluding: [PixelRect] = [],
                           tolerance: Int = 24) -> RegionDifference {
        let area = region ?? PixelRect(x: 0, y: 0, width: width, height: height)
        var total = 0, within = 0, largest = 0, count = 0
        for row in area.y..<(area.y + area.height) {
            for column in area.x..<(area.x + area.width) where !excluding.contains(where: { $0.contains(column, row) }) {
                let i = (row * width + column) * 3
                var worst = 0
                for channel in 0..<3 {
                    let d = abs(Int(pixels[i + channel]) - Int(other.pixels[i + channel]))
                    total += d
                    worst = max(worst, d)
                }
                if worst <= tolerance { within += 1 }
                largest = max(largest, worst)
                count += 1
            }
        }
        return RegionDifference(meanAbsolute: Double(total) / Double(max(1, count * 3)),
                               fractionWithinTolerance: Double(within) / Double(max(1, count)), largest: largest)
    }
}

/// A rectangle of whole pixels.
public struct PixelRect: Sendable {
    /// The top-left pixel.
    public var x: Int, y: Int
    /// The size in pixels.
    public var width: Int, height: Int

    /// The rectangle at `x`, `y`, `width` by `height` pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether pixel (`column`, `row`) lies inside.
    public func contains(_ column: Int, _ row: Int) -> Bool {
        column >= x && column < x + width && row >= y && row < y + height
    }
}

/// How far apart two pictures are.
public struct RegionDifference: Sendable, CustomStringConvertible {
    /// The mean absolute difference per channel, 0…255.
    public var meanAbsolute: Double
    /// The fraction of pixels whose every channel is within the tolerance.
    public var fractionWithinTolerance: Double
    /// The largest difference of any channel.
    public var largest: Int

    /// A difference with the given figures.
    public init(meanAbsolute: Double, fractionWithinTolerance: Double, largest: Int) {
        self.meanAbsolute = meanAbsolute
        self.fractionWithinTolerance = fractionWithinTolerance
        self.largest = largest
    }

    /// A one-line summary.
    public var description: String {
        String(format: "mean %.3f per channel, %.3f %% of pixels within tolerance, largest %d",
               meanAbsolute, fractionWithinTolerance * 100, largest)
    }
}
