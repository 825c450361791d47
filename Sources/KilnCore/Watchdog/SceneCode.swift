// Scene code is the part of a frame Kiln does not control: a prototype's initializer, its
// update, its pointer and key handlers, its recognizers' actions. The main thread notes
// here which of them it is inside, so that a watchdog thread can tell a hang from a busy
// frame and name the part that hangs. Entering and leaving cost two relaxed loads and two
// atomic stores; nothing else happens per event. Only the main thread is followed: scenes
// replayed on other threads (R's saves) are not what a person is waiting for.
import Foundation
import Synchronization

/// Where the main thread is in a scene's own code, as a watchdog samples it.
package enum SceneCode {
    /// A part of a scene's code.
    package enum Part: Int, Sendable, CaseIterable {
        /// Not in scene code.
        case none = 0
        /// Making the scene: its initializer.
        case making
        /// One frame of the scene: its update.
        case update
        /// A pointer event handed to the scene.
        case pointerHandler
        /// A key handed to the scene.
        case keyHandler
        /// A gesture recognizer's action.
        case recognizerAction

        /// The part as a sentence names it: "its update", "a pointer handler".
        package var phrase: String {
            switch self {
            case .none: "Kiln's own code"
            case .making: "its init"
            case .update: "its update"
            case .pointerHandler: "a pointer handler"
            case .keyHandler: "a key handler"
            case .recognizerAction: "a recognizer's action"
            }
        }
    }

    /// What the main thread is doing: the part it is in, and how many times it has entered
    /// scene code, so that two samples with the same count saw one stay.
    package struct Sample: Equatable, Sendable {
        /// The innermost part the thread is in.
        package var part: Part
        /// Entries into scene code so far.
        package var entries: UInt64

        /// A sample of `part` after `entries` entries.
        package init(part: Part, entries: UInt64) {
            self.part = part
            self.entries = entries
        }
    }

    private static let part = Atomic<Int>(0)
    private static let entries = Atomic<UInt64>(0)

    /// Runs `body` as `part` of the scene's code: a watchdog sees the main thread inside it.
    package static func run<Result>(_ part: Part, _ body: () throws -> Result) rethrows -> Result {
        guard Thread.isMainThread else { return try body() }
        let outer = self.part.load(ordering: .relaxed)
        // Only the main thread writes: a load and a store count without a read-modify-write.
        entries.store(entries.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        // Releasing: what the thread did before entering (the journal's pending input) is
        // visible to a watchdog that acts on the hang.
        self.part.store(part.rawValue, ordering: .releasing)
        defer { self.part.store(outer, ordering: .releasing) }
        return try body()
    }

    /// Where the main thread is now.
    package static var sample: Sample {
        let part = Part(rawValue: self.part.load(ordering: .acquiring)) ?? .none
        return Sample(part: part, entries: entries.load(ordering: .acquiring))
    }
}
