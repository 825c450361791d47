// `kiln dev`'s own process, which outlives the window: the window runs the prototype's code
// in a child process, and code that crashes or hangs takes only the child down.
// Limits: Linux (PR_SET_PDEATHSIG, /proc/self/exe); one window at a time.
import Foundation
import KilnCore
import KilnPlatform
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs `kiln dev`'s window as a child process (the same `kiln`, given `--supervisor-pid`)
/// and keeps `kiln dev` going when the child dies of the prototype's code.
///
/// The child reloads the prototype itself, as a window without a supervisor would: a save
/// reaches the screen without a round trip through this process. This process only reads
/// the child's standard error (printing ordinary lines as they come, summing a crash up in
/// one line) and, once the child is gone, watches the folder and opens the window again
/// after the next save that compiles. The window closed by the user ends `kiln dev`;
/// SIGINT or SIGTERM to `kiln dev` ends the window too. Processes the prototype started
/// are handed to `kiln dev` when the window ends, and ended (`LeftoverProcesses`).
final class WindowSupervisor: Sendable {
    private let folder: PrototypeFolder
    private let compiler: PrototypeCompiler
    private let arguments: [String]
    private let isVerbose: Bool
    private let output: Locked<WindowErrorOutput>
    /// Where a window writes the session while new code replays it: left there by a crash
    /// part way, for the next window to take up. In a folder of `kiln dev`'s own.
    private let placeFile: SessionPlaceFile?
    private let placeFolder: String?
    /// Windows started so far.
    private let windowsStarted = Atomic<Int>(0)

    /// A supervisor of windows on `folder`, each started with `arguments` (its command line
    /// after the executable), compiling with `compiler`; `isVerbose` prints crashes in full.
    init(folder: PrototypeFolder, compiler: PrototypeCompiler, arguments: [String], isVerbose: Bool) {
        self.folder = folder
        self.compiler = compiler
        self.arguments = arguments
        self.isVerbose = isVerbose
        output = Locked(WindowErrorOutput(isVerbose: isVerbose))
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("kiln-dev-XXXXXX").utf8CString)
        placeFolder = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) }
        placeFile = placeFolder.map { SessionPlaceFile(path: ($0 as NSString).appendingPathComponent("place.json")) }
    }

    /// Removes the folder of the session's place.
    private func removePlaceFolder() {
        placeFile?.remove()
        if let placeFolder { rmdir(placeFolder) }
    }

    /// Runs windows until one is closed or `kiln dev` is asked to end; the exit status.
    func run() -> Int32 {
        Self.installStopHandlers()
        LeftoverProcesses.adoptOrphans()
        defer { removePlaceFolder() }
        while true {
            let ending: WindowEnding
            do { ending = try runWindow() } catch {
                warn("cannot start the window: \(error)")
                return 2
            }
            if Self.isStopping.load(ordering: .relaxed) { return 0 }
            switch ending {
            case .exited(0):
                return 0
            case .exited(Watchdog.exitStatus):
                // The window's watchdog has said all of it, in its line for a window under kiln dev.
                break
            case .exited(Self.freshWindowStatus):
                // The window has loaded as many versions as it may: a fresh one loads the newest.
                continue
            case .exited(let status):
                return status
            case .signalled(let number) where [SIGINT, SIGTERM, SIGHUP].contains(number):
                // Ended from outside, as a user ends a window: so ends kiln dev.
                return 128 + number
            case .signalled(let number):
                warn(report(cause: .signal(WindowCrashReport.signalName(number)), replayTarget: placeFile?.read()?.time))
            }
            guard waitForCompilingSave() else { return 0 }
        }
    }

    /// The one line on the window just lost; `replayTarget`, the moment new code was
    /// replaying the session to when it was lost.
    private func report(cause: WindowCrashReport.Cause, replayTarget: Double?) -> String {
        let paths = PrototypeSourcePaths(folder: folder, build: PrototypeBuildFolder(build: compiler.build(of: folder),
                                                                                    cacheFolder: compiler.cacheFolder))
        let crash = output.withLock { $0 }
        let location = crash.location(in: paths).map { location in
            "\(folder.displayName)/\(location.file.split(separator: "/").last.map(String.init) ?? location.file):\(location.line)"
        }
        // The handler's moments are rounded to hundredths: the file's target is exact.
        let replay = replayTarget.map { target in (reached: crash.replay?.reached, target: target) }
        return WindowCrashReport(prototype: crash.sceneName ?? folder.displayName, cause: cause, trap: crash.trap,
                                 location: location, replay: replay).line
    }

    /// Starts the window, prints its standard error, and waits for it to end.
    private func runWindow() throws -> WindowEnding {
        output.withLock { $0 = WindowErrorOutput(isVerbose: isVerbose) }
        let process = Process()
        process.executableURL = RunningBinary.url ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let isFirst = windowsStarted.wrappingAdd(1, ordering: .relaxed).oldValue == 0
        process.arguments = arguments + ["--supervisor-pid", "\(getpid())"] + (isFirst ? [] : ["--reopened"])
            + (placeFile.map { ["--session-place", $0.path] } ?? [])
        // The Swift runtime's backtracer places a crash in the prototype's files; it is asked
        // for unless the designer chose otherwise, and never waits for input.
        var environment = ProcessInfo.processInfo.environment
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=yes,interactive=no,color=no" }
        process.environment = environment
        let pipe = Pipe()
        process.standardError = pipe
        // Started from this thread, which lives as long as the process: the child's
        // PR_SET_PDEATHSIG fires when the thread that started it ends.
        try process.run()
        Self.childPID.store(process.processIdentifier, ordering: .relaxed)
        let drained = forward(pipe.fileHandleForReading)
        process.waitUntilExit()
        Self.childPID.store(0, ordering: .relaxed)
        // What the prototype started goes with the window, and lets go of the pipe.
        LeftoverProcesses.endAll()
        // A process the window started may hold the pipe open: the lines so far are enough.
        _ = drained.wait(timeout: .now() + 3)
        return process.terminationReason == .uncaughtSignal
            ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
    }

    /// Reads the child's standard error on a thread of its own, printing each line that is
    /// to be printed as it comes; the semaphore is signalled at the pipe's end.
    private func forward(_ handle: FileHandle) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    take(pending[pending.startIndex..<newline])
                    pending = Data(pending[(newline + 1)...])
                }
                if chunk.isEmpty { break }
            }
            if !pending.isEmpty { take(pending) }
            done.signal()
        }.start()
        return done
    }

    private func take(_ bytes: Data) {
        let line = String(decoding: bytes, as: UTF8.self)
        if output.withLock({ $0.take(line) }) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    /// Waits for a save after which the folder compiles; `false` when `kiln dev` is asked
    /// to end first. Each compile error is shown as a reload shows it.
    private func waitForCompilingSave() -> Bool {
        var stamp = folder.sourceStamp()
        while !Self.isStopping.load(ordering: .relaxed) {
            Thread.sleep(forTimeInterval: 0.05)
            let now = folder.sourceStamp()
            guard now != stamp else { continue }
            stamp = now
            do {
                _ = try compiler.compile(folder, starting: folder.sayCompiling)
                return true
            } catch {
                FileHandle.standardError.write(Data(error.output.utf8))
                warn("\(error) — the window opens again once the code compiles")
            }
        }
        return false
    }

    /// The exit status of a window that closed to be opened afresh: it has loaded
    /// `LivePrototype.mostVersions` versions of the prototype's code, which stay loaded.
    static let freshWindowStatus: Int32 = 87

    // Signal handlers reach only these atomics.
    private static let childPID = Atomic<Int32>(0)
    private static let isStopping = Atomic<Bool>(false)

    /// In the window process: whether a `kiln dev` runs it, and so opens a new window after a hang.
    static var isFollowingSupervisor: Bool { isFollowing.load(ordering: .relaxed) }
    private static let isFollowing = Atomic<Bool>(false)

    /// SIGINT and SIGTERM end the window, which closes as it would on its own (its journal
    /// removed), and then `kiln dev`; with no window open, `kiln dev` ends at once.
    private static func installStopHandlers() {
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = stop
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
    }

    private static let stop: @convention(c) (Int32) -> Void = { _ in
        isStopping.store(true, ordering: .relaxed)
        let child = childPID.load(ordering: .relaxed)
        if child > 0 { kill(child, SIGTERM) } else { _exit(0) }
    }

    /// In the window process: ends it (as SIGTERM does, closing the window cleanly) when the
    /// `kiln dev` that started it, `supervisor`, dies, even of SIGKILL.
    static func followSupervisor(_ supervisor: Int32) {
        isFollowing.store(true, ordering: .relaxed)
        // prctl is variadic in C, which Swift does not call: it is called through a pointer
        // with its five arguments spelled out, as the kernel takes them.
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        let setParentDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG, from <linux/prctl.h>
        if let symbol = dlsym(nil, "prctl") {
            _ = unsafeBitCast(symbol, to: Prctl.self)(setParentDeathSignal, UInt(SIGTERM), 0, 0, 0)
        }
        // The supervisor may have died before the call: then nobody would send the signal.
        if getppid() != supervisor { exit(0) }
    }
}

/// How a window process ended.
enum WindowEnding: Equatable {
    /// It exited with a status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
}
