import ArgumentParser
import Foundation

extension KilnCommand {
    /// Runs the command line; a mistake in the arguments is one `kiln: …` line on standard
    /// error, as every other problem is, rather than the message followed by the usage
    /// (`kiln COMMAND --help` prints that).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
            PrototypeExit.kilnEnds()
        } catch {
            PrototypeExit.kilnEnds()
            let code = exitCode(for: error)
            // Help, and problems the commands have reported themselves (ExitCode), go as they are.
            guard code != .success, !(error is ExitCode) else { exit(withError: error) }
            warn(message(for: error).split(whereSeparator: \.isNewline).joined(separator: " "))
            Foundation.exit(code.rawValue)
        }
    }
}
