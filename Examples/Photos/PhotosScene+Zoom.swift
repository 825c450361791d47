import Foundation
import Kiln

extension PhotosScene {
    /// A pinch or a rotation began, moved or ended: the photo follows both about the fingers'
    /// centre, and once neither runs it springs back inside its range, upright.
    func twoFingersChanged(_ recognizer: GestureRecognizer) {
        guard case .viewing = mode else { return }
        if recognizer === rotate, rotate.state == .ended {
            let degrees = rotate.rotation * 180 / Double.pi
            context.emit("photo.rotated", at: now, ["angle": .number((degrees * 10).rounded() / 10)])
        }
        let center = pinch.location(in: nil)
        if case .pinching = zoom {
        } else if isRunning(recognizer) {
            takeOver()
            zoom = .pinching(anchor: pose.point(at: center, home: page.fitFrame.center), start: pose)
        }
        guard case .pinching(let anchor, let start) = zoom else { return }
        if isRunning(pinch) || isRunning(rotate) {
            pose = pinchedPose(anchor: anchor, start: start, center: center)
        } else {
            // Both ended: the photo springs on from where the fingers left it.
            settle(keeping: anchor, under: center)
        }
        show()
    }

    /// Two fingers take over: a page drag lets go onto the nearest page, a zoomed pan or
    /// glide stops, and a photo springing to a pose stays where it is drawn.
    private func takeOver() {
        paging.isScrollEnabled = false
        zoomPan.isScrollEnabled = false
        zoomPan.contentOffset = zoomPan.contentOffset
        pose = currentPose
        zoom = .resting
        page.show(pose)
    }

    /// The pose that keeps `anchor` under `center`, scaled and turned by the running gestures
    /// from `start`, rubber-banding below 1× and past `zoom.maximum_scale`.
    private func pinchedPose(anchor: Point, start: Pose, center: Point) -> Pose {
        // One of the two may end before the other: what it did stays until both have.
        let wanted = start.scale * (pinch.state.isRecognized ? pinch.scale : 1)
        let band = RubberBand(dimension: 1)
        var next = Pose(scale: band.clamp(wanted, to: 1...tuning.maximumScale),
                        angle: start.angle + (rotate.state.isRecognized ? rotate.rotation : 0))
        next.offset = center - page.fitFrame.center - Transform(rotationAngle: next.angle).apply(to: anchor * next.scale)
        return next
    }

    /// Springs the photo into its range, upright, keeping `anchor` as near `center` as the
    /// screen's edges allow; `photo.zoomed` follows once it rests if the pinch took part.
    private func settle(keeping anchor: Point, under center: Point) {
        let scale = min(max(pose.scale, 1), tuning.maximumScale)
        springTo(scale: scale, offset: center - page.fitFrame.center - anchor * scale, announces: pinch.state == .ended)
    }

    /// A double tap at 1× zooms to `zoom.double_tap_scale` about the tapped point; zoomed in, back to 1×.
    func doubleTapped(at location: Point) {
        guard case .viewing = mode, !isRunning(pinch), !isRunning(rotate) else { return }
        let current = currentPose
        if current.scale > 1.01 {
            springTo(scale: 1, offset: .zero)
        } else {
            let scale = tuning.doubleTapScale
            springTo(scale: scale, offset: (location - page.fitFrame.center - current.offset) * (1 - scale))
        }
    }

    /// Springs to `scale`, upright, at `offset` brought inside the edges for that scale.
    private func springTo(scale: Double, offset: Point, announces: Bool = true) {
        let size = page.fitFrame.size
        let x = Self.range(for: size.width * scale, in: canvas.width)
        let y = Self.range(for: size.height * scale, in: canvas.height)
        let target = Pose(scale: scale, offset: Point(min(max(offset.x, x.lowerBound), x.upperBound),
                                                      min(max(offset.y, y.lowerBound), y.upperBound)))
        let from = currentPose
        zoom = .settling(target: target, announces: announces)
        show()
        guard !Self.isNear(from, target) else { return landZoom() }
        page.spring(from: from, to: target, spring: tuning.zoomSpring, at: now) { [weak self] animation in
            self?.landZoom(at: (animation.startTime ?? 0) + animation.totalDuration)
        }
    }

    /// The pose drawn now: where a spring under way has the photo, otherwise `pose`.
    var currentPose: Pose {
        if case .settling = zoom { return page.drawnPose }
        return pose
    }

    /// Whether two poses are within a thousandth of each other in scale, angle and points.
    private static func isNear(_ a: Pose, _ b: Pose) -> Bool {
        [a.scale - b.scale, a.angle - b.angle, a.offset.x - b.offset.x, a.offset.y - b.offset.y].allSatisfy { abs($0) < 0.001 }
    }

    /// Puts a photo springing to a pose on it at once (or at `time`, when its spring came to
    /// rest then), and says so if the pinch or double tap asked.
    func landZoom(at time: Double? = nil) {
        guard case .settling(let target, let announces) = zoom else { return }
        pose = target
        zoom = .resting
        show()
        if announces {
            context.emit("photo.zoomed", at: time ?? now, ["scale": .number((pose.scale * 100).rounded() / 100)])
        }
    }
}
