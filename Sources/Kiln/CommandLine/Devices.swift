import ArgumentParser
import Foundation
import KilnPlatform
import Synchronization

/// `kiln devices`: what input and output devices Kiln can use, and why pens are missing.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List pointer devices, pens with their pressure ranges, audio outputs and game controllers.",
        discussion: """
            Works without a display: what cannot be asked is said, and the rest is listed. \
            With --watch it keeps running and prints a line for each pen plugged in, removed or \
            lost, until Ctrl+C.
            """)

    @Flag(help: "Keep running and print one line per pen added or removed, with the time, until Ctrl+C.")
    var watch = false

    func run() {
        guard watch else {
            for line in DeviceReport.gather().lines {
                print(line)
            }
            return
        }
        Self.watchPens()
    }

    /// Polls the pens ten times a second and prints each change, until SIGINT or SIGTERM.
    private static func watchPens() {
        let stop = StopRequest()
        let watcher = DeviceWatcher.forSystem()
        if let problem = watcher.xProblem {
            warn("no display: \(problem); watching evdev devices only")
        }
        say("watching \(watcher.scope); Ctrl+C stops")
        while !stop.isRequested {
            for change in watcher.poll() {
                say(change.line)
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        say("stopped watching")
    }

    /// Prints one line on standard output, with the local time in front, at once.
    private static func say(_ line: String) {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        FileHandle.standardOutput.write(Data("\(formatter.string(from: Date())) \(line)\n".utf8))
    }
}

/// Set by the SIGINT and SIGTERM handlers; a global, since a C signal handler captures nothing.
private let stopSignalled = Atomic(false)

/// Turns SIGINT and SIGTERM into a flag the watch loop checks, so it ends cleanly.
///
/// Plain signal handlers, in place before `init` returns: a dispatch signal source starts
/// listening only some time after it is resumed, and a signal that came sooner (a test's
/// Ctrl+C right after the opening line) was ignored and lost.
private struct StopRequest {
    init() {
        stopSignalled.store(false, ordering: .relaxed)
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in stopSignalled.store(true, ordering: .relaxed) }
        }
    }

    /// Whether a stop was asked for.
    var isRequested: Bool { stopSignalled.load(ordering: .relaxed) }
}
