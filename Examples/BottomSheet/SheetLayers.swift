import Kiln

/// The sheet's layers: a white card with rounded top corners and a shadow, the grabber,
/// a search field, and a list of places clipped to the sheet below the header.
///
/// The card reaches well below the canvas so that its bottom corners never show, even
/// when the sheet is pulled past its top detent.
struct SheetLayers {
    /// The card; its anchor is its top edge, so `position.y` is the sheet's top.
    let card = Layer()
    let grabber = Layer()
    let header = Layer()
    /// The line under the header, shown once rows scroll beneath it.
    let headerRule = Layer()
    /// Clips the list to the sheet below the header.
    let viewport = Layer()
    /// The rows; moved up by the list's scroll offset.
    let content = Layer()
    /// How tall the rows are altogether.
    private(set) var contentHeight = 0.0

    static let headerHeight = 70.0
    static let rowHeight = 62.0
    /// The grey of the search field's placeholder and glass and of the rows' details.
    static let secondaryText = Color(hex: 0x8A8A8E)

    static let places: [(glyph: String, title: String, detail: String, color: Color)] = [
        ("⌂", "Home", "1.2 km · 742 Valencia St", Palette.tint),
        ("✉", "Work", "3.4 km · 500 Howard St", Palette.gray),
        ("☕", "Ritual Coffee Roasters", "Café · 350 m", Palette.orange),
        ("★", "Tartine Bakery", "Bakery · 600 m · Open until 19:00", Color(hex: 0xFF6B3D)),
        ("♫", "The Chapel", "Music venue · 450 m", Palette.purple),
        ("☘", "Dolores Park", "Park · 800 m", Palette.green),
        ("✚", "Walgreens", "Pharmacy · 500 m · Open 24 hours", Palette.red),
        ("✈", "SFO International", "Airport · 21 km", Palette.indigo),
        ("⚓", "Pier 39", "Landmark · 6.8 km", Palette.teal),
        ("☕", "Four Barrel Coffee", "Café · 700 m", Palette.orange),
        ("★", "Flour + Water", "Italian · 1.1 km", Color(hex: 0xFF6B3D)),
        ("♫", "The Independent", "Music venue · 3.0 km", Palette.purple),
        ("☘", "Golden Gate Park", "Park · 5.2 km", Palette.green),
        ("⌂", "Mum's", "9.7 km · 12 Marina Blvd", Palette.tint),
        ("★", "Zuni Café", "Mediterranean · 2.2 km", Color(hex: 0xFF6B3D)),
        ("⚓", "Ferry Building", "Market · 4.1 km", Palette.teal),
    ]

    /// The sheet for a canvas of `size`, its list viewport `viewportHeight` points tall.
    init(size: Size, viewportHeight: Double, cornerRadius: Double) {
        card.name = "sheet"
        card.anchorPoint = Point(0.5, 0)
        card.frame = Rect(0, size.height, size.width, size.height + 240)
        card.backgroundColor = .white
        card.cornerRadius = cornerRadius
        card.shadowColor = .black
        card.shadowOpacity = 0.14
        card.shadowRadius = 9
        card.shadowOffset = Point(0, -1)

        buildHeader(width: size.width)
        viewport.name = "list"
        viewport.frame = Rect(0, Self.headerHeight, size.width, viewportHeight)
        viewport.masksToBounds = true
        card.addSublayer(viewport)
        content.anchorPoint = Point(0.5, 0)
        content.frame = Rect(0, 0, size.width, 0)
        viewport.addSublayer(content)
        buildRows(width: size.width)
    }

    private func buildHeader(width: Double) {
        header.name = "header"
        header.frame = Rect(0, 0, width, Self.headerHeight)
        card.addSublayer(header)

        grabber.name = "grabber"
        grabber.frame = Rect(width / 2 - 18, 5, 36, 5)
        grabber.backgroundColor = Color(hex: 0xC5C5C9)
        grabber.cornerRadius = 2.5
        header.addSublayer(grabber)

        let field = Layer()
        field.name = "search"
        field.frame = Rect(16, 20, width - 32 - 46, 38)
        field.backgroundColor = Color(hex: 0xEEEEF0)
        field.cornerRadius = 10
        header.addSublayer(field)
        let glass = ShapeLayer()
        glass.frame = Rect(9, 10, 18, 18)
        var lens = Path(circleCenter: Point(7.5, 7.5), radius: 5.5)
        lens.move(to: Point(11.6, 11.6))
        lens.addLine(to: Point(15.5, 15.5))
        glass.path = lens
        glass.strokeColor = Self.secondaryText
        glass.lineWidth = 2
        glass.lineCap = .round
        field.addSublayer(glass)
        field.addSublayer(TextLayer.make("Search Maps", frame: Rect(34, 0, 200, 38), size: 17,
                                         color: Self.secondaryText, isVerticallyCentered: true))

        let avatar = GradientLayer()
        avatar.frame = Rect(width - 52, 21, 36, 36)
        avatar.colors = [Color(hex: 0xA2A2AA), Color(hex: 0x7C7C84)]
        avatar.cornerRadius = 18
        avatar.addSublayer(TextLayer.make("JA", frame: Rect(0, 0, 36, 36), size: 15, weight: .semibold,
                                          color: .white, alignment: .center, isVerticallyCentered: true))
        header.addSublayer(avatar)

        headerRule.frame = Rect(0, Self.headerHeight - 0.5, width, 0.5)
        headerRule.backgroundColor = Palette.gray4
        headerRule.opacity = 0
        header.addSublayer(headerRule)
    }

    private mutating func buildRows(width: Double) {
        content.addSublayer(TextLayer.make("Nearby", frame: Rect(16, 6, 200, 28), size: 20, weight: .bold))
        content.addSublayer(TextLayer.make("See All", frame: Rect(width - 116, 10, 100, 22), size: 15,
                                           color: Palette.tint, alignment: .right))
        var y = 42.0
        for (index, place) in Self.places.enumerated() {
            let row = Layer()
            row.name = "row.\(index)"
            row.frame = Rect(0, y, width, Self.rowHeight)
            let icon = Layer()
            icon.frame = Rect(16, 13, 36, 36)
            icon.backgroundColor = place.color
            icon.cornerRadius = 18
            icon.addSublayer(TextLayer.make(place.glyph, frame: Rect(0, 0, 36, 36), size: 17, weight: .bold,
                                            color: .white, alignment: .center, isVerticallyCentered: true))
            row.addSublayer(icon)
            row.addSublayer(TextLayer.make(place.title, frame: Rect(66, 11, width - 82, 22), size: 17,
                                           weight: .medium, truncation: .end))
            row.addSublayer(TextLayer.make(place.detail, frame: Rect(66, 33, width - 82, 20), size: 14,
                                           color: Self.secondaryText, truncation: .end))
            if index < Self.places.count - 1 {
                row.addSublayer(Self.separator(frame: Rect(66, Self.rowHeight - 1, width - 66, 1)))
            }
            content.addSublayer(row)
            y += Self.rowHeight
        }
        contentHeight = y + 40
        content.frame = Rect(0, 0, width, contentHeight)
    }

    private static func separator(frame: Rect) -> Layer {
        let line = Layer()
        line.frame = frame
        line.backgroundColor = Color(hex: 0xE3E3E7)
        return line
    }
}
