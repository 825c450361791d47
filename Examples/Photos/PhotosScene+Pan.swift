import Kiln

extension PhotosScene {
    /// The viewer's recognizers: a pan that drags the photo down to close it, the pager's
    /// and the zoomed photo's scrollers, a pinch and a rotation that recognize together, and
    /// a double tap.
    func addViewerGestures() {
        pan.minimumDistance = 6
        pan.onChange { [weak self] in self?.panChanged($0) }
        pinch.onChange { [weak self] in self?.twoFingersChanged($0) }
        rotate.onChange { [weak self] in self?.twoFingersChanged($0) }
        doubleTap.numberOfTapsRequired = 2
        doubleTap.onChange { [weak self] in
            if $0.state == .ended { self?.doubleTapped(at: $0.location(in: nil)) }
        }
        paging.panGestureRecognizer.minimumDistance = 6
        paging.willBeginDragging = { [weak self] _ in self?.catchZoomSpringingToOne() }
        paging.didEndDragging = { [weak self] in self?.pagesReleased($0) }
        zoomPan.panGestureRecognizer.minimumDistance = 6
        zoomPan.alwaysBounceHorizontal = true
        zoomPan.alwaysBounceVertical = true
        zoomPan.willBeginDragging = { [weak self] _ in self?.beginZoomedPan() }
        zoomPan.didScroll = { [weak self] in self?.zoomedPanMoved($0) }
        zoomPan.didEndScrolling = { [weak self] _ in self?.zoomedPanRested() }
        let recognizers: [GestureRecognizer] = [pan, paging.panGestureRecognizer, zoomPan.panGestureRecognizer,
                                                pinch, rotate, doubleTap]
        for recognizer in recognizers { viewer.addGestureRecognizer(recognizer) }
    }

    /// Whether a recognizer is between `began` and `ended`.
    func isRunning(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.state == .began || recognizer.state == .changed
    }

    // MARK: Dragging down

    /// At 1×, a drag mostly downwards by one finger, begun in the viewer, drags the photo down.
    private func panChanged(_ pan: PanGestureRecognizer) {
        let translation = pan.translation(in: nil)
        switch pan.state {
        case .began:
            guard case .viewing = mode, pan.numberOfPointers == 1, !isRunning(pinch), !isRunning(rotate) else { return }
            catchZoomSpringingToOne()
            guard !isZoomed, translation.y > abs(translation.x) else { return }
            mode = .dismissing
            show()
        case .changed:
            guard case .dismissing = mode, !isRunning(pinch), !isRunning(rotate) else { return }
            dismissDragged(by: translation)
        case .ended, .cancelled:
            guard case .dismissing = mode else { return }
            dismissReleased(translation: translation, velocity: pan.velocity(in: nil))
        default:
            break
        }
    }

    /// A finger catching a photo springing back to 1× finds it there.
    private func catchZoomSpringingToOne() {
        if case .settling(let target, _) = zoom, target.scale == 1 { landZoom() }
    }

    // MARK: Paging

    /// The pages were let go (or two fingers took over): a new page says so at once.
    private func pagesReleased(_ paging: Scroller) {
        let next = Int((paging.targetContentOffset.x / paging.horizontal.pageLength).rounded())
        guard next != index else { return }
        page.show(.identity)
        index = next
        pose = .identity
        zoom = .resting
        show()
        context.emit("photo.paged", at: now, ["index": .number(Double(next))])
        play(.photoTick)
    }

    // MARK: Moving a zoomed photo

    /// A finger takes a zoomed photo where it is drawn, stopping a spring under way, and moves
    /// it as far as brings an edge to the screen's, rubber-banding past it.
    private func beginZoomedPan() {
        pose = currentPose
        zoom = .panning
        page.show(pose)
        zoomPan.horizontal = Self.axis(range: panRange(width: page.fitFrame.width), dimension: canvas.width,
                                       offset: pose.offset.x)
        zoomPan.vertical = Self.axis(range: panRange(height: page.fitFrame.height), dimension: canvas.height,
                                     offset: pose.offset.y)
    }

    /// One axis of `zoomPan`, whose offsets are minus the photo's.
    private static func axis(range: ClosedRange<Double>, dimension: Double, offset: Double) -> ScrollPhysics {
        var axis = ScrollPhysics(range: -range.upperBound...(-range.lowerBound), dimension: dimension, contentOffset: -offset)
        axis.alwaysBounces = true
        return axis
    }

    private func zoomedPanMoved(_ scroller: Scroller) {
        guard case .panning = zoom else { return }
        pose.offset = Point(-scroller.contentOffset.x, -scroller.contentOffset.y)
        page.show(pose)
    }

    private func zoomedPanRested() {
        if case .panning = zoom { zoom = .resting }
    }

    /// The offsets a photo `width` wide may be moved by at the current scale: none while it
    /// fits the screen, otherwise as far as brings an edge to the screen's.
    func panRange(width: Double) -> ClosedRange<Double> { Self.range(for: width * pose.scale, in: canvas.width) }

    /// The same along y for a photo `height` tall.
    func panRange(height: Double) -> ClosedRange<Double> { Self.range(for: height * pose.scale, in: canvas.height) }

    static func range(for length: Double, in screen: Double) -> ClosedRange<Double> {
        let excess = max(0, (length - screen) / 2)
        return -excess...excess
    }
}
