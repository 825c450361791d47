import Kiln

extension PhotosScene {
    /// The viewer's recognizers: one pan (paging at 1×, moving a zoomed photo, or dragging
    /// down to close), a pinch and a rotation that recognize together, and a double tap.
    func addViewerGestures() {
        pan.minimumDistance = 6
        pan.onChange { [weak self] in self?.panChanged($0) }
        pinch.onChange { [weak self] in self?.twoFingersChanged($0) }
        rotate.onChange { [weak self] in self?.twoFingersChanged($0) }
        doubleTap.numberOfTapsRequired = 2
        doubleTap.onChange { [weak self] in
            if $0.state == .ended { self?.doubleTapped(at: $0.location(in: nil)) }
        }
        for recognizer in [pan, pinch, rotate, doubleTap] as [GestureRecognizer] {
            viewer.addGestureRecognizer(recognizer)
        }
    }

    /// Whether a recognizer is between `began` and `ended`.
    func isRunning(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.state == .began || recognizer.state == .changed
    }

    private func panChanged(_ pan: PanGestureRecognizer) {
        let translation = pan.translation(in: nil)
        defer { lastPanTranslation = translation }
        switch pan.state {
        case .began:
            panRole = role(for: translation)
            beginPan()
        case .changed:
            guard !isRunning(pinch) && !isRunning(rotate) else { return }
            movePan(to: translation, by: translation - lastPanTranslation)
        case .ended, .cancelled:
            endPan(translation: translation, velocity: pan.velocity(in: nil))
        default:
            break
        }
    }

    /// What a pan that just began moves: nothing under two fingers or in flight, the photo
    /// when zoomed, otherwise the viewer down (a drag mostly downwards) or the pages.
    private func role(for translation: Point) -> PanRole {
        guard case .viewing = mode, pan.numberOfPointers == 1, !isRunning(pinch), !isRunning(rotate) else { return .none }
        // A finger catching a photo springing back to 1× finds it there.
        if case .settling(let spring, _) = zoom, Pose(components: spring.targets).scale == 1 { landZoom() }
        if pose.scale > 1.01 { return .zoomed }
        if translation.y > abs(translation.x) { return .dismissing }
        return .paging
    }

    private func beginPan() {
        switch panRole {
        case .zoomed:
            var x = ScrollPhysics(range: panRange(width: page.fitFrame.width), dimension: canvas.width, contentOffset: pose.offset.x)
            var y = ScrollPhysics(range: panRange(height: page.fitFrame.height), dimension: canvas.height,
                                  contentOffset: pose.offset.y)
            x.alwaysBounces = true
            y.alwaysBounces = true
            x.beginDrag()
            y.beginDrag()
            zoom = .panning(x: x, y: y)
        case .paging:
            paging.beginDrag()
        case .dismissing:
            mode = .dismissing
            show()
        case .none:
            break
        }
    }

    private func movePan(to translation: Point, by delta: Point) {
        switch panRole {
        case .zoomed:
            guard case .panning(var x, var y) = zoom else { return }
            x.drag(by: delta.x)
            y.drag(by: delta.y)
            zoom = .panning(x: x, y: y)
            pose.offset = Point(x.contentOffset, y.contentOffset)
            show()
        case .paging:
            paging.drag(by: -delta.x)
            show()
        case .dismissing:
            dismissDragged(by: translation)
        case .none:
            break
        }
    }

    private func endPan(translation: Point, velocity: Point) {
        let role = panRole
        panRole = .none
        switch role {
        case .zoomed:
            guard case .panning(var x, var y) = zoom else { return }
            x.endDrag(velocity: velocity.x, at: now)
            y.endDrag(velocity: velocity.y, at: now)
            zoom = .panning(x: x, y: y)
        case .paging:
            releasePages(velocity: -velocity.x)
        case .dismissing:
            dismissReleased(translation: translation, velocity: velocity)
        case .none:
            break
        }
    }

    /// Lets the pages go: they settle on the page the release chooses, and a new page says so.
    func releasePages(velocity: Double) {
        let target = paging.page(forReleaseAt: paging.contentOffset, velocity: velocity)
        paging.endDrag(velocity: velocity, at: now)
        let next = Int((target / paging.pageLength).rounded())
        guard next != index else { return }
        page.show(.identity)
        index = next
        pose = .identity
        zoom = .resting
        show()
        context.emit("photo.paged", at: now, ["index": .number(Double(next))])
        play(.photoTick)
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
