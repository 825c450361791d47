import Kiln

/// A photo library: a grid of square thumbnails; a tap flies the photo into a full-screen
/// viewer. There it pinches and rotates about the fingers, double-taps to zoom, pans when
/// zoomed, pages left and right at 1×, and closes back into its thumbnail when swiped down.
final class PhotosScene: TunedScene {
    /// What the screen shows.
    enum Mode {
        /// The grid, the viewer hidden.
        case grid
        /// A photo flying between its thumbnail and the viewer (or back after a short drag
        /// down); it ends on the grid if `isClosing`, otherwise in the viewer.
        case flying(isClosing: Bool)
        /// The viewer, at rest or zoomed, paging, pinching.
        case viewing
        /// The photo following a finger down, the grid showing through.
        case dismissing
    }

    /// What the zoomed photo is doing in the viewer.
    enum Zoom {
        case resting
        /// Under two fingers: `anchor` is the photo's point under their centre, `start` the pose when they began.
        case pinching(anchor: Point, start: Pose)
        /// Dragged or gliding when zoomed in, by `zoomPan`.
        case panning
        /// Springing to `target` after two fingers or a double tap; `photo.zoomed` follows when
        /// it rests if `announces` (a pinch or a double tap, not a rotation alone).
        case settling(target: Pose, announces: Bool)
    }

    static let name = "photos"
    let root = Layer()
    let backgroundColor = Color.white
    let context: SceneContext
    let tuning: PhotosTuning
    let canvas: Size
    private(set) var thumbnails: [ImageLayer] = []
    private(set) var pages: [PhotoPage] = []
    /// Over the grid while a photo is open: the black backdrop and the pager; it takes every touch.
    let viewer = Layer()
    let backdrop = Layer()
    /// The pages side by side, moved by `paging`.
    let pager = Layer()
    /// Drags the photo down to close it.
    let pan = PanGestureRecognizer()
    let pinch = PinchGestureRecognizer()
    let rotate = RotationGestureRecognizer()
    let doubleTap = TapGestureRecognizer()
    let singleTap = TapGestureRecognizer()
    /// The bar over the viewer, and its title.
    let chrome = Layer()
    let title = TextLayer()
    var isChromeShown = true
    var mode = Mode.grid
    var zoom = Zoom.resting
    /// The photo shown in the viewer (or flying).
    var index = 0
    /// The current photo's pose in the viewer, as last set by a gesture or come to rest;
    /// `page.drawnPose` is where an animation draws it.
    var pose = Pose.identity
    /// Turns the pages, one a photo, `paging.gap` apart.
    let paging: Scroller
    /// Moves a zoomed photo under one finger and glides it after a flick: its offset is minus
    /// the scroller's, each axis ranging as far as brings an edge to the screen's.
    let zoomPan = Scroller(content: Layer(), viewportSize: .zero)
    /// The time of the latest touch, for the events gestures send.
    var now = 0.0

    init(context: SceneContext, tuning: PhotosTuning) {
        self.context = context
        self.tuning = tuning
        canvas = context.canvasSize
        root.bounds = Rect(origin: .zero, size: canvas)
        root.position = Point(canvas.width / 2, canvas.height / 2)
        pager.bounds = root.bounds
        pager.position = root.bounds.center
        paging = Scroller(content: pager, viewportSize: canvas)
        let stride = canvas.width + tuning.pageGap
        paging.contentSize = Size(stride * Double(Photo.all.count) - tuning.pageGap, canvas.height)
        paging.isPagingEnabled = true
        paging.horizontal.pageSize = stride
        buildGrid()
        buildViewer()
        addViewerGestures()
        buildChrome()
        show()
    }

    static var sounds: [Sound] { [.photoOpen, .photoClose, .photoTick] }

    /// The grid's square for photo `i`, in canvas points.
    func thumbnailFrame(_ i: Int) -> Rect {
        let side = (canvas.width - 2 * tuning.gridSpacing) / 3
        let step = side + tuning.gridSpacing
        return Rect(Double(i % 3) * step, 104 + Double(i / 3) * step, side, side)
    }

    private func buildGrid() {
        root.addSublayer(StatusBar.make(width: canvas.width, color: Palette.label))
        root.addSublayer(TextLayer.make("Library", frame: Rect(20, 52, 240, 40), size: 30, weight: .bold))
        for (i, photo) in Photo.all.enumerated() {
            let thumbnail = ImageLayer(named: photo.file)
            thumbnail.name = "thumb.\(i)"
            thumbnail.frame = thumbnailFrame(i)
            thumbnail.contentsGravity = .resizeAspectFill
            thumbnail.masksToBounds = true
            thumbnail.backgroundColor = Palette.groupedBackground
            root.addSublayer(thumbnail)
            thumbnails.append(thumbnail)
            let tap = TapGestureRecognizer { [weak self] in
                if $0.state == .ended { self?.open(i) }
            }
            thumbnail.addGestureRecognizer(tap)
        }
        let below = thumbnailFrame(Photo.all.count - 1).maxY + 18
        root.addSublayer(TextLayer.make("\(Photo.all.count) Photos", frame: Rect(0, below, canvas.width, 22), size: 15,
                                        weight: .semibold, color: Palette.secondaryLabel, alignment: .center))
        root.addSublayer(StatusBar.homeIndicator(size: canvas, color: Palette.label))
    }

    private func buildViewer() {
        viewer.name = "viewer"
        viewer.frame = root.bounds
        viewer.isHidden = true
        viewer.zPosition = 10
        root.addSublayer(viewer)
        backdrop.name = "backdrop"
        backdrop.frame = root.bounds
        backdrop.backgroundColor = .black
        backdrop.isHitTestable = false
        viewer.addSublayer(backdrop)
        pager.isHitTestable = false
        viewer.addSublayer(pager)
        for (i, photo) in Photo.all.enumerated() {
            let page = PhotoPage(photo: photo, index: i, canvas: canvas)
            page.layer.position = Point(Double(i) * paging.horizontal.pageLength + canvas.width / 2, canvas.height / 2)
            pager.addSublayer(page.layer)
            pages.append(page)
        }
    }

    /// The photo shown.
    var page: PhotoPage { pages[index] }

    /// Notes each touch's time: the events and springs the gestures start carry it.
    func handle(_ event: PointerEvent) {
        now = event.timestamp
    }

    /// Puts every layer where the state says: the viewer over the grid, the current photo in
    /// its pose, its thumbnail hidden while it is away, and the pans that
    /// page or move a zoomed photo on only when they may.
    func show() {
        viewer.isHidden = { if case .grid = mode { return true } else { return false } }()
        for (i, thumbnail) in thumbnails.enumerated() { thumbnail.isHidden = !viewer.isHidden && i == index }
        showChrome()
        let isViewing = { if case .viewing = mode { return true } else { return false } }()
        let isPinching = { if case .pinching = zoom { return true } else { return false } }()
        paging.isScrollEnabled = isViewing && !isPinching && !isZoomed
        zoomPan.isScrollEnabled = isViewing && !isPinching && isZoomed
        if isViewing {
            backdrop.opacity = 1
            if case .settling = zoom {} else { page.show(pose) }
        }
    }

    /// Whether the photo is zoomed in, or springing to be.
    var isZoomed: Bool {
        if case .settling(let target, _) = zoom { return target.scale > 1.01 }
        return pose.scale > 1.01
    }
}
