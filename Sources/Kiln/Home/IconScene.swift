import KilnCore

/// Kiln's application icon as a layer tree: a Pocket card halfway through the laser, on a
/// dark rounded tile.
///
/// Drawn on a 512-unit grid scaled to the canvas, which should be square. Small canvases
/// keep only what still reads at their size: the tile, the card and the beam at 16 px; the
/// card's marks, the embers and the flare from 48 px. The beam's core is snapped to whole
/// points so that it stays one crisp line at scale 1. The scene is not in the launcher;
/// `kiln icon` renders it with a transparent background.
package final class IconScene: Scene {
    package let name = "icon"
    package let root = Layer()
    package let backgroundColor = Color.clear
    /// The icon's edge in points.
    package let side: Double

    /// The tile's colours, top to bottom: the laser scene's night, lifted a little towards violet.
    static let tileColors = [Color(hex: 0x302C42), Color(hex: 0x0E0D14)]
    /// The Pocket card's gradient, as the laser scene's tuning has it.
    static let cardColors = [Color(hex: 0x7B6CF0), Color(hex: 0xE84393)]
    static let beamColor = Color(hex: 0xFF2A2A)
    static let beamCore = Color(hex: 0xFFF4F0)

    /// The beam's height on the 512 grid.
    static let beamLine = 304.0

    /// The icon, drawn to fill the context's canvas.
    package init(context: SceneContext) {
        let size = context.canvasSize
        side = min(size.width, size.height)
        root.bounds = Rect(origin: .zero, size: size)
        root.position = Point(x: size.width / 2, y: size.height / 2)
        root.isHitTestable = false
        let icon = Layer()
        icon.frame = Rect((size.width - side) / 2, (size.height - side) / 2, side, side)
        root.addSublayer(icon)
        build(in: icon)
    }

    package func update(time: Double) {}
    package func handle(_ event: PointerEvent) {}

    /// Points per unit of the 512 grid.
    private var unit: Double { side / 512 }

    /// A rectangle on the 512 grid, in points.
    private func grid(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x * unit, y * unit, width * unit, height * unit)
    }

    private var showsDetail: Bool { side >= 48 }

    private func build(in icon: Layer) {
        let tile = grid(24, 24, 464, 464)
        icon.addSublayer(makeTile(tile))
        let beamY = snappedBeam()
        icon.addSublayer(makeCard(above: beamY.center))
        icon.addSublayer(makeGlow(at: beamY.center, across: tile))
        if showsDetail { icon.addSublayer(makeEmbers(below: beamY.center)) }
        icon.addSublayer(makeBeam(beamY, across: tile))
        if showsDetail { icon.addSublayer(makeFlare(at: beamY.center)) }
    }

    /// The dark tile: a rounded square with a soft shadow under it, and a faint rim of light
    /// along its top edge so that it holds against a dark panel.
    private func makeTile(_ frame: Rect) -> Layer {
        let tile = GradientLayer()
        tile.name = "tile"
        tile.frame = frame
        tile.colors = Self.tileColors
        let radius = 104 * unit
        tile.maskPath = Path(roundedRect: Rect(origin: .zero, size: frame.size), cornerRadius: radius)
        if showsDetail {
            tile.shadowColor = .black
            tile.shadowOpacity = 0.4
            tile.shadowRadius = 10 * unit
            tile.shadowOffset = Point(0, 5 * unit)
        }
        let rim = ShapeLayer()
        rim.frame = Rect(origin: .zero, size: frame.size)
        let inset = max(0.5, 2 * unit)
        rim.path = Path(roundedRect: rim.bounds.insetBy(dx: inset, dy: inset), cornerRadius: radius - inset)
        rim.strokeColor = Color(white: 1, alpha: side >= 32 ? 0.10 : 0.06)
        rim.lineWidth = max(1, 3 * unit)
        tile.addSublayer(rim)
        return tile
    }

    /// The Pocket card, tilted as if pushed in by hand, with everything below the beam cut away.
    private func makeCard(above beamY: Double) -> Layer {
        let zone = Layer()
        zone.frame = Rect(0, 0, side, beamY)
        zone.masksToBounds = true
        let card = GradientLayer()
        card.name = "card"
        card.frame = grid(104, 92, 304, 236)
        card.colors = Self.cardColors
        card.startPoint = Point(0, 0)
        card.endPoint = Point(1, 1)
        card.maskPath = Path(roundedRect: card.bounds, cornerRadius: 36 * unit)
        // Tilted, the edges of a tiny card would step; upright they stay crisp.
        if showsDetail { card.transform = Transform(rotationAngle: -0.10) }
        zone.addSublayer(card)
        if side >= 32 { addMarks(to: card) }
        // The light of the beam on the card's cut edge.
        let scorch = GradientLayer()
        scorch.frame = Rect(24 * unit, beamY - 56 * unit, 464 * unit, 56 * unit)
        scorch.colors = [Self.beamColor.withAlpha(0), Color(hex: 0xFF7A3D, alpha: 0.85)]
        // The card's own outline, in the scorch's coordinates: the light stays on the card.
        scorch.maskPath = card.maskPath?.applying(card.transformToSuperlayer
            .concatenating(Transform(translationX: -scorch.frame.minX, y: -scorch.frame.minY)))
        zone.addSublayer(scorch)
        return zone
    }

    /// The card's own marks: the Pocket's round badge and two lines of text.
    private func addMarks(to card: Layer) {
        if showsDetail {
            let badge = ShapeLayer()
            badge.frame = grid(28, 28, 64, 64)
            badge.path = Path(ellipseIn: badge.bounds)
            badge.fillColor = Color(white: 1, alpha: 0.28)
            card.addSublayer(badge)
        }
        for (y, width, alpha) in [(124.0, 180.0, 0.9), (168.0, 116.0, 0.6)] where showsDetail || y == 124 {
            let line = ShapeLayer()
            line.frame = grid(28, y, width, 24)
            line.path = Path(roundedRect: line.bounds, cornerRadius: 12 * unit)
            line.fillColor = Color(white: 1, alpha: alpha)
            card.addSublayer(line)
        }
    }

    /// The red light the beam throws above and below itself: a round glow squashed flat, so
    /// that it fades towards the tile's sides as well as up and down.
    private func makeGlow(at beamY: Double, across tile: Rect) -> Layer {
        let glow = GradientLayer()
        glow.name = "glow"
        let width = tile.width - 2 * max(1, 16 * unit), reach = max(2.5, 52 * unit)
        glow.frame = Rect(tile.midX - width / 2, beamY - width / 2, width, width)
        glow.type = .radial
        glow.colors = [Self.beamColor.withAlpha(0.85), Self.beamColor.withAlpha(0.6), Self.beamColor.withAlpha(0)]
        glow.locations = [0, 0.55, 1]
        glow.startPoint = Point(0.5, 0.5)
        glow.endPoint = Point(1, 0.5)
        glow.transform = Transform(scaleX: 1, y: 2 * reach / width)
        return glow
    }

    /// The beam's core: a bright line across the tile, its ends rounded, with a red halo.
    private func makeBeam(_ line: (center: Double, thickness: Double), across tile: Rect) -> Layer {
        let beam = ShapeLayer()
        beam.name = "beam"
        let inset = max(2, 20 * unit)
        beam.frame = Rect(tile.minX + inset, line.center - line.thickness / 2, tile.width - 2 * inset, line.thickness)
        beam.path = Path(roundedRect: beam.bounds, cornerRadius: line.thickness / 2)
        beam.fillColor = Self.beamCore
        // Small, the glow alone is the halo: a shadow would bleed past the tile.
        if showsDetail {
            beam.shadowColor = Self.beamColor
            beam.shadowOpacity = 1
            beam.shadowRadius = 10 * unit
            beam.shadowOffset = .zero
        }
        return beam
    }

    /// The white-hot point where the beam cuts the card.
    private func makeFlare(at beamY: Double) -> Layer {
        let flare = GradientLayer()
        flare.name = "flare"
        let radius = 76 * unit
        flare.frame = Rect(256 * unit - radius, beamY - radius, radius * 2, radius * 2)
        flare.type = .radial
        flare.colors = [Color(white: 1, alpha: 0.9), Color(hex: 0xFF8A5C, alpha: 0.55), Self.beamColor.withAlpha(0)]
        flare.locations = [0, 0.3, 1]
        flare.startPoint = Point(0.5, 0.5)
        flare.endPoint = Point(1, 0.5)
        return flare
    }

    /// Sparks falling from the cut.
    private func makeEmbers(below beamY: Double) -> Layer {
        let embers = Layer()
        embers.name = "embers"
        embers.frame = Rect(0, 0, side, side)
        let sparks: [(x: Double, dy: Double, r: Double, color: UInt32, alpha: Double)] = [
            (200, 36, 9, 0xFFC46B, 1), (244, 70, 6, 0xFF8A4A, 0.9), (302, 46, 8, 0xFFD98A, 1),
            (330, 94, 5, 0xFF8A4A, 0.75),
        ]
        for spark in sparks {
            let dot = ShapeLayer()
            let r = spark.r * unit
            dot.frame = Rect(spark.x * unit - r, beamY + spark.dy * unit - r, 2 * r, 2 * r)
            dot.path = Path(ellipseIn: dot.bounds)
            dot.fillColor = Color(hex: spark.color, alpha: spark.alpha)
            dot.shadowColor = Color(hex: 0xFF5A1F)
            dot.shadowOpacity = 0.9
            dot.shadowRadius = 8 * unit
            dot.shadowOffset = .zero
            embers.addSublayer(dot)
        }
        return embers
    }

    /// The beam's centre and thickness, snapped so that its core covers whole points: an odd
    /// thickness centred on a half point, an even one on a whole point.
    private func snappedBeam() -> (center: Double, thickness: Double) {
        let thickness = max(1, (14 * unit).rounded())
        let center = Self.beamLine * unit
        let isOdd = Int(thickness) % 2 == 1
        return (isOdd ? center.rounded(.down) + 0.5 : center.rounded(), thickness)
    }
}
