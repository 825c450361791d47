import Foundation
import KilnCore
import KilnRuntime

/// Kiln's messages to the person at the terminal: one line each on standard error, after the
/// app's name (`kiln: …`).
package enum Console {
    /// Writes `message` as one line to standard error, its control characters spelled out
    /// (`String.printable`): a name or text it quotes cannot break the line or reach the terminal.
    package static func warn(_ message: String) {
        FileHandle.standardError.write(Data((AppIdentity.current.name + ": " + message.printable + "\n").utf8))
    }

    /// Says what a tuning reload did: its warnings, or its error and that the last good
    /// values stay.
    package static func report(_ outcome: TuningFiles.Outcome) {
        switch outcome {
        case .applied(let warnings): warnings.forEach(warn)
        case .rejected(let error): warn("\(error) — keeping the last good values")
        case .unchanged: break
        }
    }

    /// Says which saved asset files the window's layers show anew. A file that cannot be
    /// read was said already, by the layers that show the crossed box for it.
    package static func report(_ outcomes: [AssetWatcher.Outcome]) {
        for case .reloaded(let url) in outcomes { warn("reloaded \(url.lastPathComponent)") }
    }
}

/// Writes one line to standard error.
package func warn(_ message: String) {
    Console.warn(message)
}
