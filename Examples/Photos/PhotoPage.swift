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

    /// The photo in its frame, zoomed, turned and moved by `pose`.
    func show(_ pose: Pose) {
        frame.bounds = Rect(origin: .zero, size: fitFrame.size)
        frame.position = fitFrame.center + pose.offset
        frame.transform = Transform(scaleX: pose.scale, y: pose.scale).rotated(by: pose.angle)
        image.position = Point(fitFrame.width / 2, fitFrame.height / 2)
        image.transform = .identity
    }

    /// The photo filling `rect` (aspect fill, clipped), upright: a flight's frame.
    func show(frame rect: Rect) {
        let fill = max(rect.width / fitFrame.width, rect.height / fitFrame.height)
        frame.bounds = Rect(origin: .zero, size: rect.size)
        frame.position = rect.center
        frame.transform = .identity
        image.position = Point(rect.width / 2, rect.height / 2)
        image.transform = Transform(scaleX: fill, y: fill)
    }
}
