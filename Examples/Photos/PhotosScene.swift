import Kiln

/// A photo library: a grid of square thumbnails; a tap flies the photo into a full-screen
/// viewer. There it pinches and rotates about the fingers, double-taps to zoom, pans when
/// zoomed, pages left and right at 1×, and closes back into its thumbnail when swiped down.
final class PhotosScene: TunedScene {
    /// What the screen shows.
    enum Mode {
        /// The grid, the viewer hidden.
        case grid
        /// A photo flying between its thumbnail and the viewer (or back after a short drag down).
        case flying(Flight)
        /// The viewer, at rest or zoomed, paging, pinching.
        case viewing
        /// The photo following a finger down, the grid showing through.
        case dismissing
    }

    /// A photo's frame and the black behind it springing to where they rest.
    struct Flight {
        var frame: SpringGroup
        var backdrop: ValueSpring
        /// Whether it ends on the grid; otherwise in the viewer.
        var isClosing: Bool
    }

    /// What the zoomed photo is doing in the viewer.
    enum Zoom {
        case resting
        /// Under two fingers: `anchor` is the photo's point under their centre, `start` the pose when they began.
        case pinching(anchor: Point, start: Pose)
        /// Dragged or gliding when zoomed in, each axis with a scroll view's physics.
        case panning(x: ScrollPhysics, y: ScrollPhysics)
        /// Springing to a pose after two fingers or a double tap; `photo.zoomed` follows when
        /// it rests if `announces` (a pinch or a double tap, not a rotation alone).
        case settling(SpringGroup, announces: Bool)
    }

    /// What the viewer's one-finger pan is moving.
    enum PanRole {
        case none, zoomed, paging, dismissing
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
    var panRole = PanRole.none
    var lastPanTranslation = Point.zero
    /// The photo shown in the viewer (or flying).
    var index = 0
    /// The current photo's pose in the viewer.
    var pose = Pose.identity
    /// The pager's horizontal motion, one page a photo.
    var paging: ScrollPhysics
    var now = 0.0

    init(context: SceneContext, tuning: PhotosTuning) {
        self.context = context
        self.tuning = tuning
        canvas = context.canvasSize
        root.bounds = Rect(origin: .zero, size: canvas)
        root.position = Point(canvas.width / 2, canvas.height / 2)
        let stride = canvas.width + tuning.pageGap
        paging = ScrollPhysics(contentSize: stride * Double(Photo.all.count) - tuning.pageGap, viewportSize: canvas.width)
        paging.isPagingEnabled = true
        paging.pageSize = stride
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
        pager.bounds = root.bounds
        pager.isHitTestable = false
        viewer.addSublayer(pager)
        for (i, photo) in Photo.all.enumerated() {
            let page = PhotoPage(photo: photo, index: i, canvas: canvas)
            page.layer.position = Point(Double(i) * paging.pageLength + canvas.width / 2, canvas.height / 2)
            pager.addSublayer(page.layer)
            pages.append(page)
        }
    }

    /// The photo shown.
    var page: PhotoPage { pages[index] }

    func update(time: Double) {
        now = time
        switch mode {
        case .flying(let flight):
            advance(flight)
        case .viewing:
            if paging.advance(to: time) || paging.isDecelerating { show() }
            advanceZoom()
        case .grid, .dismissing:
            break
        }
    }

    /// Puts every layer where the state says: the viewer over the grid, the pager on its
    /// page, the current photo in its pose, and its thumbnail hidden while it is away.
    func show() {
        viewer.isHidden = { if case .grid = mode { return true } else { return false } }()
        for (i, thumbnail) in thumbnails.enumerated() { thumbnail.isHidden = !viewer.isHidden && i == index }
        pager.position = Point(canvas.width / 2 - paging.contentOffset, canvas.height / 2)
        showChrome()
        if case .viewing = mode {
            backdrop.opacity = 1
            page.show(pose)
        }
    }
}
