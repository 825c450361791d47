import Kiln

extension GalleryScene {
    /// The gallery's two pages, chosen with the segmented control under the title.
    public enum Page: String, CaseIterable, Sendable {
        /// Every layer kind and option Kiln draws.
        case layers
        /// The designer's files: photos, SVG and Lottie.
        case assets

        var title: String { self == .layers ? "Layers" : "Assets" }
    }

    /// The segmented control's frame on the canvas.
    static let segmentedFrame = Rect(16, 66, 184, 28)
    /// Slides one page in for the other.
    static let pageSpring = Spring(dampingRatio: 1, response: 0.38)

    /// A segmented control, iOS style: a grey track, a white thumb under the chosen segment.
    func buildSegmentedControl() {
        let frame = GalleryScene.segmentedFrame
        let track = Layer.make(frame: frame, color: Color(hex: 0x767680, alpha: 0.12), cornerRadius: 9,
                               name: "gallery.segmented")
        root.addSublayer(track)
        let width = (frame.width - 4) / Double(Page.allCases.count)
        segmentThumb.frame = Rect(2, 2, width, frame.height - 4)
        segmentThumb.backgroundColor = .white
        segmentThumb.cornerRadius = 7
        segmentThumb.shadowColor = .black
        segmentThumb.shadowOpacity = 0.12
        segmentThumb.shadowRadius = 4
        segmentThumb.shadowOffset = Point(0, 2)
        segmentThumb.isHitTestable = false
        track.addSublayer(segmentThumb)
        for (i, page) in Page.allCases.enumerated() {
            let segment = Layer.make(frame: Rect(2 + Double(i) * width, 0, width, frame.height),
                                     name: "gallery.tab.\(page.rawValue)")
            let label = TextLayer.make(page.title, frame: segment.bounds, size: 13, weight: .semibold,
                                       color: Palette.label, alignment: .center)
            label.isVerticallyCentered = true
            label.isHitTestable = false
            segment.addSublayer(label)
            track.addSublayer(segment)
            let tap = TapGestureRecognizer { [weak self] in
                if $0.state == .ended { self?.show(page) }
            }
            segment.addGestureRecognizer(tap)
        }
    }

    /// The canvas-wide strip holding the pages side by side; the first page is `layersPage`.
    func buildPages() {
        let size = context.canvasSize
        pages.frame = Rect(0, 0, size.width * Double(Page.allCases.count), size.height)
        pages.name = "gallery.pages"
        root.addSublayer(pages)
        for (i, page) in [layersPage, assetsPage].enumerated() {
            page.frame = Rect(Double(i) * size.width, 0, size.width, size.height)
            page.name = "gallery.page.\(Page.allCases[i].rawValue)"
            pages.addSublayer(page)
        }
    }

    /// Slides `page` in, the thumb with it; `animated: false` puts both there at once.
    public func show(_ page: Page, animated: Bool = true) {
        guard page != shownPage || !animated else { return }
        shownPage = page
        let index = Double(Page.allCases.firstIndex(of: page) ?? 0)
        let x = pages.bounds.width / 2 - index * context.canvasSize.width
        let thumbX = 2 + index * segmentThumb.bounds.width + segmentThumb.bounds.width / 2
        for (layer, to) in [(pages, Point(x, pages.position.y)), (segmentThumb, Point(thumbX, segmentThumb.position.y))] {
            let from = layer.position
            layer.removeAnimation(forKey: "page")
            layer.position = to
            if animated {
                layer.add(SpringAnimation(.position, from: from, to: to, spring: GalleryScene.pageSpring), forKey: "page")
            }
        }
        context.emit("gallery.page.shown", at: now, ["page": .string(page.rawValue)])
    }
}
