// The processes a prototype starts from the window: `kiln dev` adopts them when the window
// ends (it is their subreaper) and ends them, so that none outlives the window or keeps its
// standard error open. Limits: Linux (PR_SET_CHILD_SUBREAPER, /proc); a process that a
// prototype starts and that outlives `kiln dev` itself, ended by SIGKILL, is left.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `kiln dev`'s hold on what its windows leave running.
enum LeftoverProcesses {
    /// Makes this process the one the window's orphans are handed to, rather than init.
    static func adoptOrphans() {
        // prctl is variadic in C, which Swift does not call: it is called through a pointer
        // with its five arguments spelled out, as the kernel takes them.
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        let setChildSubreaper: Int32 = 36  // PR_SET_CHILD_SUBREAPER, from <linux/prctl.h>
        if let symbol = dlsym(nil, "prctl") {
            _ = unsafeBitCast(symbol, to: Prctl.self)(setChildSubreaper, 1, 0, 0, 0)
        }
    }

    /// Ends this process's children, now that no window runs: all are what a window left.
    /// SIGTERM, then SIGKILL to those still there after `grace` seconds; each is reaped, and
    /// the children they leave in turn are ended too. How many there were.
    @discardableResult
    static func endAll(grace: Double = 0.25) -> Int {
        var ended = 0
        for _ in 0..<8 {
            let children = Self.children()
            guard !children.isEmpty else { break }
            ended += children.count
            for child in children { kill(child, SIGTERM) }
            let deadline = Date().addingTimeInterval(grace)
            var left = Set(children)
            while !left.isEmpty && Date() < deadline {
                left = left.filter { waitpid($0, nil, WNOHANG) == 0 }
                if !left.isEmpty { Thread.sleep(forTimeInterval: 0.01) }
            }
            for child in left {
                kill(child, SIGKILL)
                waitpid(child, nil, 0)
            }
        }
        return ended
    }

    /// The processes whose parent is this one, from /proc.
    static func children() -> [pid_t] {
        let me = getpid()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name in
            guard let pid = pid_t(name), pid != me,
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After the name, in parentheses (it may hold spaces): the state, then the parent.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == me ? pid : nil
        }
    }
}
