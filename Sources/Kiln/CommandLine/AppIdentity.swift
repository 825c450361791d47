import ArgumentParser
import Foundation

/// What the command line calls the running app, and the commands only it has: `kiln` with
/// Kiln's version, or a package's own executable. `KilnApp.main` sets it once, before the
/// command line is read.
struct AppIdentity {
    /// The command's name in usage lines and at the front of each message.
    var name = "kiln"
    /// What `--version` prints after the name; `nil` leaves `--version` out.
    var version: String?
    /// Subcommands beside the shared ones.
    var commands: [any ParsableCommand.Type] = []

    // Written once at start-up, before anything reads it and before any thread is started.
    nonisolated(unsafe) static var current = AppIdentity()

    /// The running executable's file name.
    static var executableName: String {
        CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "kiln"
    }
}
