import KilnCore

/// Keeps a scene's events for the timeline strip's marks while passing them on to `next`
/// (the `--events` printer, or nowhere).
package final class EventMarks: EventSink {
    /// The events told so far, oldest first, in the scene's time.
    package private(set) var events: [SceneEvent] = []
    private let next: EventSink?
    /// The most kept: an hour of a busy scene's events.
    private static let limit = 20_000

    /// Marks that pass every event on to `next`.
    package init(passingTo next: EventSink?) {
        self.next = next
    }

    package func record(_ event: SceneEvent) {
        events.append(event)
        if events.count > Self.limit { events.removeFirst(events.count - Self.limit) }
        next?.record(event)
    }

    /// Forgets the events after scene time `time`: the scene is rewound there, and what
    /// happens after will be told again.
    package func forget(after time: Double) {
        events.removeAll { $0.time > time }
    }

    /// Forgets every event: a scene made anew from its start.
    package func removeAll() {
        events.removeAll()
    }
}
