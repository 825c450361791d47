import Foundation
import KilnCore

/// Watches a prototype folder from a thread of its own and, after each save of a Swift
/// file, compiles and loads the new version there, so that the window keeps running.
/// The window takes the results with `takeOutcome()`, once a frame.
package final class PrototypeReloader: Sendable {
    /// What a save led to.
    package enum Outcome: Sendable {
        /// The new version, compiled and loaded, not registered yet.
        case loaded(LoadedPrototype)
        /// The new version does not compile or load: the old one stays.
        case failed(PrototypeProblem)
    }

    /// The folder watched.
    package let folder: PrototypeFolder
    private let compiler: PrototypeCompiler
    private let outcome = Locked<Outcome?>(nil)
    private let started = Locked(false)
    /// How often the sources are looked at, in seconds.
    package let pollInterval: Double

    /// A reloader for `folder` whose current version is the one compiled now (its sources
    /// are not compiled again until they change).
    package init(folder: PrototypeFolder, compiler: PrototypeCompiler, pollInterval: Double = 0.05) {
        self.folder = folder
        self.compiler = compiler
        self.pollInterval = pollInterval
    }

    /// Starts watching (once).
    package func start() {
        let isFirst = started.withLock { started in
            defer { started = true }
            return !started
        }
        guard isFirst else { return }
        let initial = folder.sourceStamp()
        let thread = Thread { [self] in
            var stamp = initial
            while true {
                Thread.sleep(forTimeInterval: pollInterval)
                let now = folder.sourceStamp()
                guard now != stamp else { continue }
                stamp = now
                let result: Outcome
                do throws(PrototypeProblem) { result = .loaded(try folder.load(with: compiler)) } catch { result = .failed(error) }
                outcome.withLock { $0 = result }
            }
        }
        thread.name = "kiln prototype reloader"
        thread.start()
    }

    /// The outcome of the latest save since the last call, if any.
    package func takeOutcome() -> Outcome? {
        outcome.withLock { taken in
            defer { taken = nil }
            return taken
        }
    }
}
