import Foundation
import KilnCore
import KilnPlatform

/// The one line that says a scene hung: whose code, which part of it, and where.
package enum HangReport {
    /// "the prototype 'spin' (protos/spin)" for a scene from a folder, "the scene 'laser'" otherwise.
    package static func subject(scene: String) -> String {
        guard let folder = PrototypeFolder.folder(ofScene: scene) else { return "the scene '\(scene)'" }
        return "the prototype '\(scene)' (\(folder.displayName))"
    }

    /// Where the hang is, as the line gives it: "at FILE:LINE", or that none was found.
    package static func place(_ location: String?) -> String {
        location.map { "at \($0)" } ?? "(no file and line found for it)"
    }

    /// The window's line for `hang` of `subject`, found at `location` (`nil`: not found).
    package static func windowLine(_ hang: Watchdog.Hang, subject: String, limit: Double, location: String?) -> String {
        "\(subject) has been stuck in \(hang.part.phrase) for more than \(seconds(limit)) \(place(location)); "
            + (WindowSupervisor.isFollowingSupervisor
                ? "the window is ended and opens again on the next save that compiles; "
                : "the window is ended, and ")
            + "`kiln recover` renders what was done up to the hang"
    }

    /// The window's line for a termination signal that came while `subject` was stuck.
    package static func signalLine(_ number: Int32, subject: String, part: SceneCode.Part) -> String {
        let name = number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
        let where_ = part == .none ? "did not return to the window" : "was stuck in \(part.phrase)"
        return "\(name) came while \(subject) \(where_); ending now, "
            + "the session journal is kept for `kiln recover`"
    }

    /// A render's line for a frame past `--frame-timeout`.
    package static func renderLine(_ hang: Watchdog.Hang, frame: Int, time: Double, subject: String, limit: Double,
                                   location: String?) -> String {
        String(format: "frame %d (%.2f s) of %@ ran past --frame-timeout %@, stuck in %@ %@; nothing was written",
               frame, time, subject, seconds(limit), hang.part.phrase, place(location))
    }

    /// "2 s", "0.5 s".
    private static func seconds(_ value: Double) -> String { String(format: "%g s", value) }
}
