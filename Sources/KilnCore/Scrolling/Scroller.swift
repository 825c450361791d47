/// Room around scrolled content, in points, as `UIScrollView.contentInset` has it.
public struct EdgeInsets: Hashable, Sendable {
    /// Room above the content.
    public var top: Double
    /// Room left of the content.
    public var left: Double
    /// Room below the content.
    public var bottom: Double
    /// Room right of the content.
    public var right: Double

    /// No room on any side.
    public static let zero = EdgeInsets()

    /// Insets of the given sizes, 0 unless told.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// Scrolls a content layer under a pan, with `UIScrollView`'s physics on both axes.
///
/// Give it the layer that holds what scrolls and the size of the area it shows through
/// (usually a parent with `masksToBounds`) and attach its ``panGestureRecognizer`` to the
/// viewport: the scene's clock then glides it, with no ``advance(to:)`` of your own. The content
/// layer moves by minus ``contentOffset`` from where it was when the scroller was made.
/// Along an axis whose content fits (and that does not ``alwaysBounceVertical`` or
/// ``alwaysBounceHorizontal``), a drag mostly along that axis is left to other recognizers,
/// so rows in a vertical list can still be swiped sideways.
///
/// ```swift
/// let scroller = Scroller(content: list, viewportSize: clip.bounds.size)
/// scroller.contentSize = Size(390, 2400)
/// clip.addGestureRecognizer(scroller.panGestureRecognizer)
/// ```
public final class Scroller {
    /// The pan that drags the content; attach it to the viewport or the content.
    public let panGestureRecognizer = PanGestureRecognizer()
    /// The layer that moves.
    public let content: Layer
    /// The motion along x.
    public var horizontal: ScrollPhysics
    /// The motion along y.
    public var vertical: ScrollPhysics
    /// Called whenever the content moves.
    public var didScroll: ((Scroller) -> Void)?
    /// Called when the content comes to rest after a drag, with or without a fling.
    public var didEndScrolling: ((Scroller) -> Void)?
    /// Called as a finger begins to scroll the content, before it moves:
    /// `UIScrollViewDelegate`'s `scrollViewWillBeginDragging`. Set ``contentOffset`` here to
    /// start the drag from somewhere else, such as where an animation has drawn the content.
    public var willBeginDragging: ((Scroller) -> Void)?
    /// Called when the finger lets go (or its pan is cancelled), once the content's motion is
    /// chosen: ``targetContentOffset`` says where it will rest, a page when paging.
    public var didEndDragging: ((Scroller) -> Void)?

    private let home: Point
    private var now = 0.0
    private var lastTranslation = Point.zero
    private var drags: (x: Bool, y: Bool) = (false, false)

    /// A scroller moving `content` within a viewport of `viewportSize`; the content is
    /// as large as its bounds until ``contentSize`` says otherwise.
    public init(content: Layer, viewportSize: Size) {
        self.content = content
        home = content.position
        horizontal = ScrollPhysics(contentSize: content.bounds.width, viewportSize: viewportSize.width)
        vertical = ScrollPhysics(contentSize: content.bounds.height, viewportSize: viewportSize.height)
        panGestureRecognizer.onChange { [weak self] _ in self?.panChanged() }
        panGestureRecognizer.clock = { [weak self] in self?.advance(to: $0) }
    }

    /// How far the content is scrolled: its point at the viewport's top-left corner.
    /// Setting it stops any motion.
    public var contentOffset: Point {
        get { Point(horizontal.contentOffset, vertical.contentOffset) }
        set {
            horizontal.setContentOffset(newValue.x)
            vertical.setContentOffset(newValue.y)
            show()
        }
    }

    /// The size of what scrolls.
    public var contentSize: Size {
        get { Size(horizontal.contentSize, vertical.contentSize) }
        set { (horizontal.contentSize, vertical.contentSize) = (newValue.width, newValue.height) }
    }

    /// The size of the area the content shows through.
    public var viewportSize: Size {
        get { Size(horizontal.viewportSize, vertical.viewportSize) }
        set { (horizontal.viewportSize, vertical.viewportSize) = (newValue.width, newValue.height) }
    }

    /// Room around the content that scrolling can reveal.
    public var contentInset: EdgeInsets {
        get { EdgeInsets(top: vertical.contentInsetStart, left: horizontal.contentInsetStart,
                         bottom: vertical.contentInsetEnd, right: horizontal.contentInsetEnd) }
        set {
            (vertical.contentInsetStart, vertical.contentInsetEnd) = (newValue.top, newValue.bottom)
            (horizontal.contentInsetStart, horizontal.contentInsetEnd) = (newValue.left, newValue.right)
        }
    }

    /// The fraction of a fling's velocity kept each millisecond, on both axes.
    public var decelerationRate: Double {
        get { vertical.decelerationRate }
        set { setBoth(\.decelerationRate, newValue) }
    }

    /// Whether a release snaps to a page of the viewport's size, on both axes.
    public var isPagingEnabled: Bool {
        get { vertical.isPagingEnabled }
        set { setBoth(\.isPagingEnabled, newValue) }
    }

    /// Whether the content rubber-bands past its edges.
    public var bounces: Bool {
        get { vertical.bounces }
        set { setBoth(\.bounces, newValue) }
    }

    /// Whether it rubber-bands vertically even when the content is not taller than the viewport.
    public var alwaysBounceVertical: Bool {
        get { vertical.alwaysBounces }
        set { vertical.alwaysBounces = newValue }
    }

    /// Whether it rubber-bands horizontally even when the content is not wider than the viewport.
    public var alwaysBounceHorizontal: Bool {
        get { horizontal.alwaysBounces }
        set { horizontal.alwaysBounces = newValue }
    }

    /// Whether a drag scrolls at all.
    public var isScrollEnabled: Bool {
        get { panGestureRecognizer.isEnabled }
        set { panGestureRecognizer.isEnabled = newValue }
    }

    /// Where the content will come to rest: the page or edge it springs to, the end of a
    /// fling, or ``contentOffset`` when it is still or under a finger.
    public var targetContentOffset: Point {
        Point(horizontal.targetContentOffset, vertical.targetContentOffset)
    }

    /// Whether a finger is scrolling the content.
    public var isDragging: Bool { horizontal.isDragging || vertical.isDragging }
    /// Whether the content moves on its own after a release.
    public var isDecelerating: Bool { horizontal.isDecelerating || vertical.isDecelerating }

    /// Moves any motion on to scene time `time` and puts the content where it is.
    public func advance(to time: Double) {
        now = time
        guard isDecelerating else { return }
        horizontal.advance(to: time)
        vertical.advance(to: time)
        show()
        if !isDecelerating, !isDragging { didEndScrolling?(self) }
    }

    private func panChanged() {
        let pan = panGestureRecognizer
        let translation = pan.translation(in: nil)
        switch pan.state {
        case .began:
            drags = (horizontal.canScroll, vertical.canScroll)
            // A drag along an axis that cannot scroll is left to others (a row's swipe).
            if !drags.x, abs(translation.x) > abs(translation.y) { drags.y = false }
            if !drags.y, abs(translation.y) >= abs(translation.x) { drags.x = false }
            if drags.x || drags.y { willBeginDragging?(self) }
            if drags.x { horizontal.beginDrag() }
            if drags.y { vertical.beginDrag() }
            move(by: translation)
        case .changed:
            move(by: translation - lastTranslation)
        case .ended, .cancelled:
            guard drags.x || drags.y else { break }
            // A cancelled pan (another gesture took over) lets go without a flick.
            let velocity = pan.state == .ended ? pan.velocity(in: nil) : .zero
            let restedX = !drags.x || horizontal.endDrag(velocity: -velocity.x, at: now)
            let restedY = !drags.y || vertical.endDrag(velocity: -velocity.y, at: now)
            drags = (false, false)
            show()
            didEndDragging?(self)
            if restedX, restedY, !isDecelerating { didEndScrolling?(self) }
        default:
            break
        }
        lastTranslation = translation
    }

    private func move(by delta: Point) {
        guard drags.x || drags.y else { return }
        if drags.x { horizontal.drag(by: -delta.x) }
        if drags.y { vertical.drag(by: -delta.y) }
        show()
    }

    private func setBoth<Value>(_ property: WritableKeyPath<ScrollPhysics, Value>, _ value: Value) {
        horizontal[keyPath: property] = value
        vertical[keyPath: property] = value
    }

    private func show() {
        content.position = Point(home.x - horizontal.contentOffset, home.y - vertical.contentOffset)
        didScroll?(self)
    }
}
