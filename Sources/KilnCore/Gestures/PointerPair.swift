import Foundation

/// The pointers of a two-pointer gesture, in the order they touched down; the first two are the pair.
///
/// When one of the pair lifts while a third pointer is still down, the third takes its place,
/// so a pinch or a rotation goes on with the fingers that remain.
struct PointerPair {
    /// Every pointer down on the gesture, in the order it touched down.
    private(set) var order: [Int] = []

    /// Whether a pointer is one of the pair.
    func contains(_ id: Int) -> Bool { order.prefix(2).contains(id) }

    /// The vector from the pair's first pointer to its second, or `nil` with fewer than two down.
    func vector(in locations: [Int: Point]) -> Point? {
        guard order.count >= 2, let first = locations[order[0]], let second = locations[order[1]] else { return nil }
        return second - first
    }

    /// The distance between the pair's pointers, without overflowing for far-flung points.
    func distance(in locations: [Int: Point]) -> Double? {
        vector(in: locations).map { hypot($0.x, $0.y) }
    }

    /// Adds a pointer that touched down; returns whether it completed or changed the pair.
    mutating func add(_ id: Int) -> Bool {
        guard !order.contains(id) else { return false }
        order.append(id)
        return order.count == 2
    }

    /// Removes a pointer that lifted; returns whether another pointer took its place in the pair.
    mutating func remove(_ id: Int) -> Bool {
        guard let index = order.firstIndex(of: id) else { return false }
        order.remove(at: index)
        return index < 2 && order.count >= 2
    }

    /// Forgets every pointer.
    mutating func reset() { order = [] }
}

extension GestureRecognizer {
    /// A two-pointer gesture's measure changed: it begins once past its slop, then changes.
    func measureChanged(isPastSlop: Bool) {
        switch intendedState {
        case .possible where isPastSlop:
            transition(to: .began)
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }

    /// After one of a two-pointer gesture's pointers lifted: a running gesture ends once fewer
    /// than two remain, and one that never began fails once all have lifted.
    func finishTwoPointerGesture(remaining: Int) {
        if intendedState.isRecognized {
            if remaining < 2 { transition(to: .ended) }
        } else if remaining == 0 {
            transition(to: .failed)
        }
    }
}
