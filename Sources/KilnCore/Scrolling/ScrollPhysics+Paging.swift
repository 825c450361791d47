extension ScrollPhysics {
    /// How far a fling at `velocity` points per second travels before it stops, slowing by
    /// `rate` each millisecond: `velocity / 1000 × rate / (1 − rate)`.
    ///
    /// A flick at 1000 points per second travels 499 points at the normal rate and 99 at
    /// the fast one. Add it to where the finger lets go to choose a resting place of your
    /// own, as iOS's sheets choose a detent.
    public static func project(velocity: Double, rate: Double = DecelerationRate.normal) -> Double {
        Decay.project(0, velocity: velocity, rate: rate)
    }

    /// Where a release now at `velocity` would come to rest, at this axis's deceleration
    /// rate and before any bounce: the point to snap to the nearest of your own targets.
    public func project(velocity: Double) -> Double {
        contentOffset + Self.project(velocity: velocity, rate: decelerationRate)
    }

    /// The length paging turns by: ``pageSize``, or the viewport's length.
    public var pageLength: Double { max(pageSize ?? viewportSize, 1) }

    /// The offset of the page a release at `offset` with `velocity` turns to: the next page
    /// (in the velocity's direction) after a flick faster than ``pageFlickVelocity``,
    /// otherwise the nearest; always inside the range.
    public func page(forReleaseAt offset: Double, velocity: Double) -> Double {
        let position = (offset - minimumOffset) / pageLength
        let index: Double
        if velocity > pageFlickVelocity {
            index = position.rounded(.down) + 1
        } else if velocity < -pageFlickVelocity {
            index = position.rounded(.up) - 1
        } else {
            index = position.rounded()
        }
        return clamped(minimumOffset + index * pageLength)
    }

    /// The index of the page shown, counted from the range's start.
    public var currentPage: Int {
        Int(((clamped(contentOffset) - minimumOffset) / pageLength).rounded())
    }
}
