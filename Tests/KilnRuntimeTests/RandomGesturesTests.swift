import KilnCore
import KilnRuntime
import Testing

/// The random input `kiln soak` gives scenes.
@Suite("Random gestures")
struct RandomGesturesTests {
    private func run(seed: UInt64, seconds: Double) -> [RandomGestures.Action] {
        var input = RandomGestures(seed: seed, canvasSize: Size(390, 844), target: Point(195, 200))
        return stride(from: 0.0, through: seconds, by: 1.0 / 60).flatMap { input.actions(upTo: $0) }
    }

    private func pointers(_ actions: [RandomGestures.Action]) -> [PointerEvent] {
        actions.compactMap { if case .pointer(let event) = $0 { return event } else { return nil } }
    }

    @Test("The same seed gives the same input; another seed, other input")
    func deterministic() {
        let first = pointers(run(seed: 7, seconds: 20)), again = pointers(run(seed: 7, seconds: 20))

        #expect(first.map(\.location) == again.map(\.location) && first.map(\.timestamp) == again.map(\.timestamp))
        #expect(first.map(\.location) != pointers(run(seed: 8, seconds: 20)).map(\.location))
    }

    @Test("Every pointer begins once, moves in time order and ends or is cancelled, several at once at times")
    func wellFormedGestures() {
        let events = pointers(run(seed: 3, seconds: 120))
        let byPointer = Dictionary(grouping: events, by: \.id)

        #expect(byPointer.count > 40)
        for (_, gesture) in byPointer where gesture.last!.timestamp < 118 {
            #expect(gesture.first?.phase == .began)
            #expect(gesture.filter { $0.phase == .began }.count == 1)
            #expect([.ended, .cancelled].contains(gesture.last!.phase))
            #expect(zip(gesture, gesture.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        }
        // Pointers overlap now and then, and some start on the main control.
        var down = Set<Int>(), most = 0
        for event in events.sorted(by: { $0.timestamp < $1.timestamp }) {
            if event.phase == .began { down.insert(event.id) }
            if event.phase == .ended || event.phase == .cancelled { down.remove(event.id) }
            most = max(most, down.count)
        }
        #expect(most >= 2)
        #expect(events.contains { $0.phase == .began && abs($0.location.x - 195) <= 30 && abs($0.location.y - 200) <= 30 })
        #expect(events.contains { $0.pressure != nil } && events.contains { $0.device == .pen })
    }

    @Test("Undo is pressed now and then")
    func keys() {
        let keys = run(seed: 5, seconds: 120).compactMap { if case .key(let key) = $0 { return key } else { return nil } }

        #expect(!keys.isEmpty && keys.allSatisfy { $0.key == "z" && $0.modifiers == .ctrl })
    }
}
