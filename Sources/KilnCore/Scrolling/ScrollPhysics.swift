/// One axis of a scroll view's motion: dragging with rubber banding past the ends, a fling
/// that decelerates, a spring back inside the content, and paging.
///
/// This is `UIScrollView`'s physics along one axis, as a value a scene owns and steps with
/// scene time. The finger moves it with ``drag(by:)``; ``endDrag(velocity:at:)`` lets it go;
/// ``advance(to:)`` moves it on each frame. ``contentOffset`` is what to draw. Use a
/// ``Scroller`` to scroll a layer with a pan recognizer; use this type alone when a scene
/// has its own gesture, such as a sheet whose height scrolls like content.
///
/// ```swift
/// var list = ScrollPhysics(contentSize: 2400, viewportSize: 740)
/// // pan began, changed, ended:
/// list.beginDrag()
/// list.drag(by: -pan.translation(in: nil).y - lastTranslation)
/// list.endDrag(velocity: -pan.velocity(in: nil).y, at: now)
/// // each frame:
/// list.advance(to: now)
/// content.position.y = -list.contentOffset
/// ```
public struct ScrollPhysics: Hashable, Sendable {
    /// What the axis is doing.
    public enum Phase: Hashable, Sendable {
        /// Still, inside its range.
        case resting
        /// Following a finger.
        case dragging
        /// Flung, slowing down.
        case decelerating(Decay)
        /// Springing to a resting place: back inside the range, to a page, or to a target.
        case springing(ValueSpring)
    }

    /// The spring that brings content back inside its range: critically damped, settled
    /// within about half a second, as a scroll view's bounce.
    public static let defaultBounceSpring = Spring(dampingRatio: 1, response: 0.4)
    /// A release slower than this (points per second) does not fling.
    public static let minimumFlingVelocity = 20.0
    /// A fling slower than this (points per second) stops where it is.
    public static let restingVelocity = 4.0

    /// How far the content is scrolled, as drawn: the content's point at the viewport's start.
    public internal(set) var contentOffset: Double
    /// The length of the content along the axis, in points.
    public var contentSize: Double
    /// The length of the viewport along the axis, in points; also the rubber band's dimension.
    public var viewportSize: Double
    /// Room added before the content (top or left), in points; the offset can go to minus this.
    public var contentInsetStart = 0.0
    /// Room added after the content (bottom or right), in points.
    public var contentInsetEnd = 0.0
    /// The fraction of the velocity a fling keeps each millisecond: ``DecelerationRate/normal`` or ``DecelerationRate/fast``.
    public var decelerationRate = DecelerationRate.normal
    /// Whether the content rubber-bands past its ends; if not, it stops hard at them.
    public var bounces = true
    /// Whether it rubber-bands even when the content fits in the viewport.
    public var alwaysBounces = false
    /// Whether a release snaps to a page, chosen by the release velocity.
    public var isPagingEnabled = false
    /// The length of a page; `nil` pages by the viewport's length.
    public var pageSize: Double?
    /// A release faster than this (points per second) turns to the next or previous page;
    /// a slower one settles on the nearest.
    public var pageFlickVelocity = 200.0
    /// How much of the finger's motion shows just past an end (``RubberBand/defaultCoefficient``).
    public var rubberBandCoefficient = RubberBand.defaultCoefficient
    /// The spring back inside the range and onto pages.
    public var bounceSpring = ScrollPhysics.defaultBounceSpring
    /// What the axis is doing.
    public internal(set) var phase = Phase.resting
    /// Where the finger would have the content without rubber banding, while dragging.
    var fingerOffset = 0.0

    /// An axis scrolling `contentSize` points through a viewport `viewportSize` long, at `contentOffset`.
    public init(contentSize: Double, viewportSize: Double, contentOffset: Double = 0) {
        self.contentSize = contentSize
        self.viewportSize = viewportSize
        self.contentOffset = contentOffset
    }

    /// An axis whose offset runs over `range`, rubber-banding over `dimension` points beyond
    /// it: for something that scrolls without being a list, such as a sheet's height.
    public init(range: ClosedRange<Double>, dimension: Double, contentOffset: Double? = nil) {
        self.init(contentSize: range.upperBound + dimension, viewportSize: dimension,
                  contentOffset: contentOffset ?? range.lowerBound)
        contentInsetStart = -range.lowerBound
    }

    /// The smallest resting offset: minus the start inset.
    public var minimumOffset: Double { -contentInsetStart }
    /// The largest resting offset: the content's end, with its inset, at the viewport's end.
    public var maximumOffset: Double {
        max(minimumOffset, contentSize + contentInsetEnd - viewportSize)
    }
    /// The offsets the content rests at.
    public var offsetRange: ClosedRange<Double> { minimumOffset...maximumOffset }
    /// Whether the content is longer than the viewport, or bounces anyway.
    public var canScroll: Bool { maximumOffset > minimumOffset || alwaysBounces }
    /// Whether a finger moves it now.
    public var isDragging: Bool { phase == .dragging }
    /// Whether it moves on its own after a release: decelerating or springing.
    public var isDecelerating: Bool {
        switch phase {
        case .decelerating, .springing: true
        case .resting, .dragging: false
        }
    }

    /// Where the motion comes to rest: the target of a spring (a page, an edge), the end of a
    /// fling inside the range, or ``contentOffset`` when still or dragged.
    ///
    /// A fling that would run past an end rests there, after its bounce.
    public var targetContentOffset: Double {
        switch phase {
        case .springing(let spring): spring.to
        case .decelerating(let decay): clamped(decay.restingValue)
        case .resting, .dragging: contentOffset
        }
    }

    /// The velocity in points per second at scene time `time`.
    public func velocity(at time: Double) -> Double {
        switch phase {
        case .decelerating(let decay): decay.velocity(at: time)
        case .springing(let spring): spring.velocity(at: time)
        case .resting, .dragging: 0
        }
    }

    /// Stops any motion and shows `offset`, which may lie outside the range.
    public mutating func setContentOffset(_ offset: Double) {
        contentOffset = offset
        fingerOffset = offset
        phase = .resting
    }

    /// A finger catches the content: any motion stops where it is drawn and the drag takes
    /// it up from there, rubber band included.
    public mutating func beginDrag() {
        fingerOffset = band.unclamp(contentOffset, from: offsetRange)
        phase = .dragging
    }

    /// Moves the content by `distance` points of finger motion (positive: a larger offset,
    /// as a finger moving up scrolls a list down), rubber-banded past the ends.
    public mutating func drag(by distance: Double) {
        if phase != .dragging { beginDrag() }
        fingerOffset += distance
        if !bounces || !canScroll {
            fingerOffset = min(max(fingerOffset, minimumOffset), maximumOffset)
        }
        contentOffset = band.clamp(fingerOffset, to: offsetRange)
    }

    /// Lets go with `velocity` points per second at scene time `time`: back inside the range
    /// if past an end, onto a page if paging, a fling if fast enough, or at rest.
    /// Returns whether it came to rest at once.
    @discardableResult
    public mutating func endDrag(velocity: Double, at time: Double) -> Bool {
        let bound = clamped(contentOffset)
        if isPagingEnabled {
            return settle(on: page(forReleaseAt: contentOffset, velocity: velocity), velocity: velocity, at: time)
        }
        if bound != contentOffset {
            phase = .springing(ValueSpring(from: contentOffset, to: bound, initialVelocity: velocity,
                                           spring: bounceSpring, start: time))
        } else if abs(velocity) > Self.minimumFlingVelocity {
            phase = .decelerating(Decay(from: contentOffset, initialVelocity: velocity, rate: decelerationRate,
                                        start: time))
        } else {
            phase = .resting
        }
        return phase == .resting
    }

    /// Lets go with `velocity` towards a resting place the scene chose (a snap point it picked
    /// with ``project(velocity:)``), springing there with ``bounceSpring``. Returns whether it
    /// is already there and still.
    @discardableResult
    public mutating func settle(on target: Double, velocity: Double, at time: Double) -> Bool {
        guard target != contentOffset || velocity != 0 else {
            phase = .resting
            return true
        }
        phase = .springing(ValueSpring(from: contentOffset, to: target, initialVelocity: velocity,
                                       spring: bounceSpring, start: time))
        return false
    }

    /// Moves the motion on to scene time `time`. Returns whether it came to rest on this step.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        switch phase {
        case .decelerating(let fling):
            contentOffset = fling.value(at: time)
            let bound = clamped(contentOffset)
            if bound != contentOffset {
                guard bounces else { return stop(at: bound) }
                phase = .springing(ValueSpring(from: contentOffset, to: bound, initialVelocity: fling.velocity(at: time),
                                               spring: bounceSpring, start: time))
            } else if abs(fling.velocity(at: time)) < Self.restingVelocity {
                return stop(at: contentOffset)
            }
        case .springing(let spring):
            contentOffset = spring.value(at: time)
            if spring.isSettled(at: time) { return stop(at: spring.to) }
        case .resting, .dragging:
            break
        }
        return false
    }

    private mutating func stop(at offset: Double) -> Bool {
        contentOffset = offset
        phase = .resting
        return true
    }

    /// The offset brought inside the range.
    func clamped(_ offset: Double) -> Double { min(max(offset, minimumOffset), maximumOffset) }

    private var band: RubberBand { RubberBand(dimension: max(viewportSize, 1), coefficient: rubberBandCoefficient) }
}
