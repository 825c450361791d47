import Kiln

/// One photo in the viewer: a clip that a thumbnail's square grows into the photo's own
/// frame, and the picture inside it, always drawn at its viewer size and only scaled, so a
/// flight or a zoom never draws it again.
final class PhotoPage {
    let photo: Photo
    /// The page, the canvas's size, placed side by side with the others in the pager.
    let layer = Layer()
    /// The clip: the photo's frame, or a thumbnail's square during a flight.
    let frame = Layer()
    let image: ImageLayer
    /// Where the photo rests at 1×, aspect fit, in the page's (and at rest the canvas's) points.
    let fitFrame: Rect

    init(photo: Photo, index: Int, canvas: Size) {
        self.photo = photo
        image = ImageLayer(named: photo.file)
        let size = image.image?.size ?? Size(width: 3, height: 4)
        fitFrame = Rect(origin: .zero, size: canvas).fitting(aspect: size.width / size.height)
        layer.name = "page.\(index)"
        layer.bounds = Rect(origin: .zero, size: canvas)
        layer.isHitTestable = false
        frame.name = "photo.\(index)"
        frame.masksToBounds = true
        image.name = "image"
        image.bounds = Rect(origin: .zero, size: fitFrame.size)
        layer.addSublayer(frame)
        frame.addSublayer(image)
        show(.identity)
    }

    /// The photo in its frame, zoomed, turned and moved by `pose`, at once.
    func show(_ pose: Pose) {
        stopAnimations()
        frame.bounds = Rect(origin: .zero, size: fitFrame.size)
        frame.position = fitFrame.center + pose.offset
        frame.transform = Transform(scaleX: pose.scale, y: pose.scale).rotated(by: pose.angle)
        image.position = Point(fitFrame.width / 2, fitFrame.height / 2)
        image.transform = .identity
    }

    /// The photo filling `rect` (aspect fill, clipped), upright, at once: a flight's frame.
    func show(frame rect: Rect) {
        stopAnimations()
        frame.bounds = Rect(origin: .zero, size: rect.size)
        frame.position = rect.center
        frame.transform = .identity
        image.position = Point(rect.width / 2, rect.height / 2)
        image.transform = Transform(scaleX: fill(rect), y: fill(rect))
    }

    /// The pose drawn now, where an animation has it.
    var drawnPose: Pose {
        Pose(scale: frame.uniformScale, angle: frame.rotation, offset: frame.position - fitFrame.center)
    }

    /// The frame drawn now, where a flight has it (ignoring any turn).
    var drawnFrame: Rect {
        let scale = frame.uniformScale
        return Rect(components: [frame.position.x, frame.position.y, frame.bounds.width * scale, frame.bounds.height * scale])
    }

    /// Springs the photo from filling `from` to filling `to`, its middle carried on by
    /// `velocity` (points per second), from scene time `time`; the frame and the picture's
    /// scale move on one spring. Animations added inside a transaction join its completion.
    func fly(from: Rect, to: Rect, velocity: Point, spring: Spring, at time: Double) {
        Transaction.performWithoutAnimation { show(frame: to) }
        let size = Rect(origin: .zero, size: from.size)
        frame.add(begun(at: time, SpringAnimation(.position, from: from.center, to: to.center,
                                                  initialVelocity: velocity, spring: spring)), forKey: "flight.position")
        frame.add(begun(at: time, SpringAnimation(.bounds, from: size, to: frame.bounds, spring: spring)),
                  forKey: "flight.bounds")
        image.add(begun(at: time, SpringAnimation(.position, from: size.center, to: image.position, spring: spring)),
                  forKey: "flight.position")
        // Between a square and the photo's own shape the fill follows one side, linearly.
        image.add(begun(at: time, SpringAnimation(.scale, from: fill(from), to: fill(to), spring: spring)),
                  forKey: "flight.scale")
    }

    /// Springs the photo from `from` to `pose` from scene time `time`; `completion` gets the
    /// animation when it rests, and is not called if a gesture stops it first.
    func spring(from: Pose, to pose: Pose, spring: Spring, at time: Double, completion: @escaping (Animation) -> Void) {
        show(pose)
        let move = begun(at: time, SpringAnimation(.position, from: fitFrame.center + from.offset, to: frame.position,
                                                   spring: spring))
        move.completion = { [unowned move] finished in if finished { completion(move) } }
        frame.add(move, forKey: "zoom.position")
        frame.add(begun(at: time, SpringAnimation(.scale, from: from.scale, to: pose.scale, spring: spring)),
                  forKey: "zoom.scale")
        frame.add(begun(at: time, SpringAnimation(.rotation, from: from.angle, to: pose.angle, spring: spring)),
                  forKey: "zoom.rotation")
    }

    /// `animation`, starting at scene time `time`: when the touch that started it happened.
    private func begun<A: Animation>(at time: Double, _ animation: A) -> A {
        animation.beginTime = time
        return animation
    }

    /// Stops a flight or a spring, leaving the model values.
    func stopAnimations() {
        frame.removeAllAnimations()
        image.removeAllAnimations()
    }

    /// The picture's scale that fills `rect` with the photo.
    private func fill(_ rect: Rect) -> Double {
        max(rect.width / fitFrame.width, rect.height / fitFrame.height)
    }
}
