/// Recognizes a quick straight stroke in a permitted direction, as UIKit's swipe recognizer does; a discrete gesture.
///
/// It ends (is recognized) while the pointers are still moving, as soon as they have moved,
/// on average, `minimumDistance` along one of the permitted directions and at most half as
/// far across it, within `maximumDuration` of touching down, with exactly
/// `numberOfTouchesRequired` pointers down. It fails when the pointers head more than 45°
/// away from every permitted direction, take too long, lift first, or are too many or too
/// few. `location(in:)` reads where the swipe was recognized.
///
/// ```swift
/// let swipe = SwipeGestureRecognizer { [weak self] _ in self?.dismiss() }
/// swipe.direction = .down
/// dispatcher.add(swipe, to: sheet)
/// ```
public final class SwipeGestureRecognizer: GestureRecognizer {
    /// Directions a swipe may take, combined as an option set.
    public struct Direction: OptionSet, Hashable, Sendable {
        /// One bit per direction, with UIKit's values.
        public let rawValue: Int

        /// Directions from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Towards larger x.
        public static let right = Direction(rawValue: 1)
        /// Towards smaller x.
        public static let left = Direction(rawValue: 2)
        /// Towards smaller y (up the canvas).
        public static let up = Direction(rawValue: 4)
        /// Towards larger y (down the canvas).
        public static let down = Direction(rawValue: 8)
    }

    /// The permitted directions; right unless told, as in UIKit.
    public var direction: Direction = .right
    /// How many pointers must swipe together.
    public var numberOfTouchesRequired = 1
    /// How far, in canvas points, the pointers must move along the direction.
    public var minimumDistance: Double = 50
    /// How long, in seconds from touching down, the swipe may take.
    public var maximumDuration: Double = 0.5

    /// Where each pointer of the swipe came down.
    private var starts: [Int: Point] = [:]
    private var touchTime: Double?

    /// How far the pointers may move, in canvas points, before their heading must be a permitted one.
    private static let headingSlop = 10.0

    override public func pointerBegan(_ event: PointerEvent) {
        touchTime = touchTime ?? event.timestamp
        starts[event.id] = event.location
        if starts.count > numberOfTouchesRequired { transition(to: .failed) }
    }

    override public func pointerMoved(_ event: PointerEvent) {
        guard starts[event.id] != nil, let touchTime else { return }
        guard event.timestamp - touchTime <= maximumDuration else {
            transition(to: .failed)
            return
        }
        let motion = averageMotion
        let axes = permittedAxes
        if axes.contains(where: { isSwipe(motion, along: $0) }) {
            transition(to: starts.count == numberOfTouchesRequired ? .ended : .failed)
        } else if motion.length > Self.headingSlop && !axes.contains(where: { isHeading(motion, along: $0) }) {
            transition(to: .failed)
        }
    }

    override public func pointerEnded(_ event: PointerEvent) {
        guard starts[event.id] != nil else { return }
        transition(to: .failed)
    }

    override public func pointerTicked(at time: Double) {
        guard let touchTime, time - touchTime > maximumDuration else { return }
        transition(to: .failed)
    }

    override public func reset() {
        super.reset()
        starts = [:]
        touchTime = nil
    }

    /// How far the pointers have moved from where they came down, on average.
    private var averageMotion: Point {
        let moves = starts.compactMap { id, start in pointerLocations[id].map { $0 - start } }
        guard !moves.isEmpty else { return .zero }
        return moves.reduce(Point.zero, +) / Double(moves.count)
    }

    /// Unit vectors of the permitted directions.
    private var permittedAxes: [Point] {
        [(Direction.right, Point(1, 0)), (.left, Point(-1, 0)), (.up, Point(0, -1)), (.down, Point(0, 1))]
            .filter { direction.contains($0.0) }
            .map(\.1)
    }

    /// Far enough along the axis and straight enough.
    private func isSwipe(_ motion: Point, along axis: Point) -> Bool {
        let along = motion.x * axis.x + motion.y * axis.y
        let across = abs(motion.x * axis.y - motion.y * axis.x)
        return along >= minimumDistance && across <= along / 2
    }

    /// Within 45° of the axis.
    private func isHeading(_ motion: Point, along axis: Point) -> Bool {
        let along = motion.x * axis.x + motion.y * axis.y
        let across = abs(motion.x * axis.y - motion.y * axis.x)
        return along > across
    }
}
