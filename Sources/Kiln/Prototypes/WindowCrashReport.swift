import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one line `kiln dev` prints when its window is lost to the prototype's code: what
/// happened, where in the prototype's own files, and what comes next.
struct WindowCrashReport: Equatable {
    /// Why the window is gone.
    enum Cause: Equatable {
        /// A signal ended it, by its name (`SIGILL`).
        case signal(String)
    }

    /// The prototype's scene, or its folder when the scene's name is not known.
    var prototype: String
    /// Why the window is gone.
    var cause: Cause
    /// The Swift runtime's message, "Fatal error: Index out of range", if there was one.
    var trap: String?
    /// The prototype's own file and line, "card/Card.swift:57", when the crash is placed.
    var location: String?
    /// The session new code was replaying when it crashed: the moment it was replaying to and,
    /// when known, the one it had reached, in seconds.
    var replay: (reached: Double?, target: Double)?

    /// The line, without its newline.
    var line: String {
        let what = switch cause {
        case .signal(let name): "crashed with \(name)"
        }
        let place = location.map { " at \($0)" } ?? ""
        let message = trap.map { " (\($0))" } ?? ""
        guard let replay else {
            return "the prototype '\(prototype)' \(what)\(place)\(message); the window opens again on the next save "
                + "that compiles, and `kiln recover --folder DIR` renders what you did before the crash"
        }
        let reached = replay.reached.map { String(format: ", %.2f s of %.2f s in", $0, replay.target) } ?? ""
        return "the prototype '\(prototype)' \(what)\(place)\(message) while the session was being replayed into the "
            + "new code\(reached); the window opens again on the next save that compiles and replays the session to "
            + String(format: "%.2f s", replay.target) + ", and `kiln recover --folder DIR` renders what you did before the crash"
    }

    static func == (left: Self, right: Self) -> Bool {
        left.prototype == right.prototype && left.cause == right.cause && left.trap == right.trap
            && left.location == right.location && left.replay?.reached == right.replay?.reached
            && left.replay?.target == right.replay?.target
    }

    /// The usual name of a signal, `SIG` and the number for one without.
    static func signalName(_ number: Int32) -> String {
        let names: [Int32: String] = [
            SIGSEGV: "SIGSEGV", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
            SIGABRT: "SIGABRT", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP",
        ]
        return names[number] ?? "SIG\(number)"
    }
}
