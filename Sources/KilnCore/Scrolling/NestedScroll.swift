/// Two scrolling axes, one inside the other, that share a single drag: a list in a sheet.
///
/// As in iOS's sheets, a drag towards larger offsets (a finger moving up) moves the
/// `outer` axis until it reaches its largest offset, and the rest scrolls the `inner`
/// one; a drag back scrolls the `inner` axis to its start first, and the rest moves the
/// `outer` one. The hand-over happens within one gesture, as often as the direction
/// turns. The outer axis rubber-bands past its start, the inner past its end.
///
/// ```swift
/// var nested = NestedScroll(inner: list, outer: ScrollPhysics(range: 104...790, dimension: 844))
/// // pan began, changed, ended:
/// nested.beginDrag()
/// nested.drag(by: -(translation - lastTranslation))
/// if nested.isInnerScrolling { nested.inner.endDrag(velocity: v, at: now) } else { … }
/// ```
public struct NestedScroll: Hashable, Sendable {
    /// The axis inside, such as the list; it scrolls once the outer one is at its end.
    public var inner: ScrollPhysics
    /// The axis outside, such as the sheet's height.
    public var outer: ScrollPhysics
    /// Whether the last motion of the drag went to the inner axis.
    public private(set) var isInnerScrolling = false
    /// Whether any part of the drag so far went to the inner axis.
    public private(set) var hasInnerMoved = false

    /// An inner axis inside an outer one.
    public init(inner: ScrollPhysics, outer: ScrollPhysics) {
        self.inner = inner
        self.outer = outer
    }

    /// A finger catches both where they are drawn.
    public mutating func beginDrag() {
        inner.beginDrag()
        outer.beginDrag()
        isInnerScrolling = false
        hasInnerMoved = false
    }

    /// Moves by `distance` points of finger motion (positive: larger offsets), handing
    /// what one axis cannot take to the other.
    public mutating func drag(by distance: Double) {
        var rest = distance
        if rest > 0 {
            let rise = min(rest, max(0, outer.maximumOffset - outer.fingerOffset))
            outer.drag(by: rise)
            rest -= rise
            isInnerScrolling = rest > 0
            inner.drag(by: rest)
        } else if rest < 0 {
            let back = min(-rest, max(0, inner.fingerOffset - inner.minimumOffset))
            inner.drag(by: -back)
            rest += back
            isInnerScrolling = rest == 0
            outer.drag(by: rest)
        }
        if distance != 0, isInnerScrolling { hasInnerMoved = true }
    }

    /// Lets go with `velocity` points per second: the axis the drag ended in carries the
    /// velocity, the other is let go still (back inside its range if it is past an end).
    public mutating func endDrag(velocity: Double, at time: Double) {
        inner.endDrag(velocity: isInnerScrolling ? velocity : 0, at: time)
        outer.endDrag(velocity: isInnerScrolling ? 0 : velocity, at: time)
    }

    /// Moves both on to scene time `time`.
    public mutating func advance(to time: Double) {
        inner.advance(to: time)
        outer.advance(to: time)
    }
}
