import Kiln

/// The look of an iOS dark-mode photo library, close to the system palette.
enum PhotoPalette {
    static let groupedCell = Color(hex: 0x1C1C1E)
    static let raisedCell = Color(hex: 0x2C2C2E)
    static let separator = Color(hex: 0x38383A)
    static let label = Color.white
    static let secondaryLabel = Color(hex: 0x8E8E93)
    static let destructive = Color(hex: 0xFF453A)
    static let tint = Color(hex: 0x0A84FF)
}

extension PressureScene {
    /// The height of one photo row in the list.
    static let rowHeight = 72.0

    /// Title, photo list, delete button, hint and toast, top to bottom (P1).
    func buildLayout() {
        let w = canvas.width
        root.addSublayer(TextLayer.make("Photos", frame: Rect(20, 52, w - 40, 42), size: 34, weight: .bold,
                                        color: PhotoPalette.label))
        let subtitle = TextLayer.make("Recents", frame: Rect(20, 96, w - 40, 20), size: 15,
                                      color: PhotoPalette.secondaryLabel)
        subtitle.name = "subtitle"
        root.addSublayer(subtitle)

        list.name = "list"
        list.frame = listFrame(rows: store.photos.count)
        list.backgroundColor = PhotoPalette.groupedCell
        list.cornerRadius = 12
        list.masksToBounds = true
        root.addSublayer(list)
        for photo in store.photos { list.addSublayer(makeRow(photo)) }
        layoutRows(animated: false)

        emptyLabel.frame = Rect(20, 150, w - 40, 24)
        emptyLabel.string = "No photos left. Ctrl+Z brings the last one back."
        emptyLabel.fontSize = 15
        emptyLabel.foregroundColor = PhotoPalette.secondaryLabel
        emptyLabel.alignmentMode = .center
        emptyLabel.opacity = 0
        root.addSublayer(emptyLabel)

        buildButton()
        buildToast()
        for decoration in [subtitle, emptyLabel, hint] as [Layer] { decoration.isHitTestable = false }
    }

    /// The list's frame for a number of rows; an empty list keeps a hairline of height.
    func listFrame(rows: Int) -> Rect {
        Rect(16, 132, canvas.width - 32, max(Double(rows) * Self.rowHeight, 0))
    }

    /// One photo row: thumbnail, title, detail, separator; the photo to delete gets a check.
    func makeRow(_ photo: Photo) -> Layer {
        let width = canvas.width - 32
        let row = Layer.make(frame: Rect(0, 0, width, Self.rowHeight), name: "photo.\(photo.id)")
        row.addSublayer(makeThumbnail(photo, frame: Rect(14, 10, 52, 52)))
        let title = TextLayer.make(photo.title, frame: Rect(80, 15, width - 130, 22), size: 17, weight: .medium,
                                   color: PhotoPalette.label)
        title.truncationMode = .end
        row.addSublayer(title)
        row.addSublayer(TextLayer.make(photo.detail, frame: Rect(80, 39, width - 130, 18), size: 13,
                                       color: PhotoPalette.secondaryLabel))
        let check = ShapeLayer()
        check.name = "check"
        check.frame = Rect(width - 40, 24, 24, 24)
        check.path = Path(ellipseIn: Rect(0, 0, 24, 24))
        check.fillColor = PhotoPalette.tint
        let tick = ShapeLayer()
        tick.frame = check.bounds
        var mark = Path()
        mark.move(to: Point(7, 12.5))
        mark.addLine(to: Point(10.5, 16))
        mark.addLine(to: Point(17, 8.5))
        tick.path = mark
        tick.strokeColor = .white
        tick.lineWidth = 2.2
        tick.lineCap = .round
        tick.lineJoin = .round
        check.addSublayer(tick)
        row.addSublayer(check)
        let separator = Layer.make(frame: Rect(80, Self.rowHeight - 0.5, width - 80, 0.5),
                                   color: PhotoPalette.separator, name: "separator")
        row.addSublayer(separator)
        rows[photo.id] = row
        return row
    }

    /// A generated landscape: a sky gradient, a sun, and two ridges of land.
    private func makeThumbnail(_ photo: Photo, frame: Rect) -> Layer {
        let thumbnail = GradientLayer()
        thumbnail.frame = frame
        thumbnail.colors = photo.sky
        thumbnail.cornerRadius = 9
        thumbnail.masksToBounds = true
        let s = frame.width
        let sun = ShapeLayer()
        sun.frame = Rect(0, 0, s, s)
        sun.path = Path(circleCenter: Point(s * 0.68, s * 0.36), radius: s * 0.12)
        sun.fillColor = Color(white: 1, alpha: 0.85)
        thumbnail.addSublayer(sun)
        let far = ShapeLayer()
        far.frame = Rect(0, 0, s, s)
        far.path = Path(polygon: [Point(0, s * 0.72), Point(s * 0.3, s * 0.5), Point(s * 0.55, s * 0.66),
                                  Point(s * 0.8, s * 0.46), Point(s, s * 0.62), Point(s, s), Point(0, s)])
        far.fillColor = photo.land.withAlpha(0.55)
        thumbnail.addSublayer(far)
        let near = ShapeLayer()
        near.frame = Rect(0, 0, s, s)
        near.path = Path(polygon: [Point(0, s * 0.84), Point(s * 0.35, s * 0.7), Point(s * 0.7, s * 0.82),
                                   Point(s, s * 0.74), Point(s, s), Point(0, s)])
        near.fillColor = photo.land
        thumbnail.addSublayer(near)
        return thumbnail
    }

    /// Puts the rows in store order, the first one checked, and sizes the list to them.
    func layoutRows(animated: Bool) {
        let place = {
            for (index, photo) in self.store.photos.enumerated() {
                guard let row = self.rows[photo.id] else { continue }
                row.position = Point(row.bounds.width / 2, (Double(index) + 0.5) * Self.rowHeight)
                row.layer(named: "check")?.opacity = index == 0 ? 1 : 0
                row.layer(named: "separator")?.isHidden = index == self.store.photos.count - 1
            }
            self.list.frame = self.listFrame(rows: self.store.photos.count)
        }
        if animated {
            Transaction.animate(duration: 0.3, timing: .easeInEaseOut, place)
        } else {
            place()
        }
        let isEmpty = store.photos.isEmpty
        emptyLabel.opacity = isEmpty ? 1 : 0
        deleteButton.opacity = isEmpty ? 0.4 : 1
    }

    private func buildButton() {
        let w = canvas.width
        deleteButton.name = "deleteButton"
        deleteButton.frame = Rect(16, canvas.height - 248, w - 32, 54)
        deleteButton.backgroundColor = PhotoPalette.groupedCell
        deleteButton.cornerRadius = 12
        buttonLabel.frame = deleteButton.bounds
        buttonLabel.string = "Delete Photo"
        buttonLabel.fontSize = 17
        buttonLabel.fontWeight = .semibold
        buttonLabel.foregroundColor = PhotoPalette.destructive
        buttonLabel.alignmentMode = .center
        buttonLabel.isVerticallyCentered = true
        deleteButton.addSublayer(buttonLabel)
        root.addSublayer(deleteButton)

        hint.frame = Rect(32, deleteButton.frame.maxY + 12, w - 64, 40)
        hint.string = Self.hintText
        hint.fontSize = 13
        hint.foregroundColor = PhotoPalette.secondaryLabel
        hint.alignmentMode = .center
        hint.isWrapped = true
        root.addSublayer(hint)
    }

    private func buildToast() {
        toast.build(message: "Photo deleted", canvas: canvas, bottomInset: 150, color: Color(hex: 0x3A3A3C),
                    shadowOpacity: 0.5)
        root.addSublayer(toast.layer)
    }

    /// What the hint says normally.
    static let hintText = "Press and hold Delete (with a pen, press harder) until the ring is full, then slide up into it and let go."
    /// What it says while a press goes on after its pen was lost.
    static let lostPenHintText = "The pen was lost: keep holding, the ring now fills with time. Slide up into it and let go."

    /// The hint for a press that lost its pen, or the usual one; the change fades in.
    func showHint(isPressureLost: Bool) {
        let text = isPressureLost ? Self.lostPenHintText : Self.hintText
        guard hint.string != text else { return }
        hint.string = text
        hint.add(BasicAnimation(.opacity, from: 0, to: 1, duration: 0.2, timing: .easeOut), forKey: "hint")
    }
}
