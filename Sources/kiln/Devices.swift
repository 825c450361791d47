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

/// Turns SIGINT and SIGTERM into a flag the watch loop checks, so it ends cleanly.
private final class StopRequest {
    /// The flag the signal handlers set, on a queue of their own.
    private final class Flag: Sendable {
        let value = Atomic(false)
    }

    private let flag = Flag()
    private let sources: [any DispatchSourceSignal]

    init() {
        let flag = flag
        sources = [SIGINT, SIGTERM].map { number in
            // The default action would end the process at once; the source hears it instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { flag.value.store(true, ordering: .relaxed) }
            source.resume()
            return source
        }
    }

    /// Whether a stop was asked for.
    var isRequested: Bool { flag.value.load(ordering: .relaxed) }
}
