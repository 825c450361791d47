import Foundation
import Kiln

extension GalleryScene {
    /// Trimmed rings with round caps (the last trimmed at both ends), dotted lines a half
    /// period apart, a curve with round joins; below, the three joins with the three caps
    /// and an even-odd filled star and ring.
    func buildStrokes(in card: Layer) {
        let colors = [Palette.tint, Color(hex: 0x34C759), Color(hex: 0xFF9500)]
        for (i, (start, end)) in [(0.0, 0.3), (0.0, 0.65), (0.2, 0.9)].enumerated() {
            let frame = Rect(16 + Double(i) * 76, 10, 68, 68)
            card.addSublayer(ring(frame: frame, color: Color(hex: 0xE5E5EA)))
            let trimmed = ring(frame: frame, color: colors[i], start: start, end: end)
            trimmed.name = "gallery.ring\(i)"
            card.addSublayer(trimmed)
        }
        for (i, phase) in [0.0, 5.0].enumerated() {
            let dotted = ShapeLayer()
            dotted.name = "gallery.dots\(i)"
            dotted.frame = Rect(246, 8 + Double(i) * 12, 96, 12)
            var line = Path()
            line.move(to: Point(4, 6))
            line.addLine(to: Point(92, 6))
            dotted.path = line
            dotted.strokeColor = Palette.secondaryLabel
            dotted.lineWidth = 4
            dotted.lineCap = .round
            dotted.lineDashPattern = [1, 9]
            dotted.lineDashPhase = phase
            card.addSublayer(dotted)
        }

        let wave = ShapeLayer()
        wave.frame = Rect(246, 38, 96, 46)
        var path = Path()
        path.move(to: Point(4, 34))
        path.addCurve(to: Point(48, 22), control1: Point(18, 4), control2: Point(34, 4))
        path.addQuadCurve(to: Point(70, 40), control: Point(58, 44))
        path.addLine(to: Point(92, 8))
        wave.path = path
        wave.strokeColor = Color(hex: 0xAF52DE)
        wave.lineWidth = 5
        wave.lineJoin = .round
        wave.lineCap = .round
        card.addSublayer(wave)

        buildJoins(in: card, y: 92)
        buildEvenOdd(in: card, y: 92)
    }

    private func ring(frame: Rect, color: Color, start: Double = 0, end: Double = 1) -> ShapeLayer {
        let layer = ShapeLayer()
        layer.frame = frame
        layer.path = Path(circleCenter: Point(frame.width / 2, frame.height / 2), radius: frame.width / 2 - 6)
        layer.strokeColor = color
        layer.lineWidth = 8
        layer.lineCap = .round
        layer.strokeStart = start
        layer.strokeEnd = end
        return layer
    }

    /// Zigzags with miter, bevel and round joins ending in butt, square and round caps.
    private func buildJoins(in card: Layer, y: Double) {
        let styles: [(LineJoin, LineCap, String)] = [(.miter, .butt, "miter · butt"),
                                                     (.bevel, .square, "bevel · square"),
                                                     (.round, .round, "round")]
        for (i, (join, cap, title)) in styles.enumerated() {
            let x = 14 + Double(i) * 72
            let zigzag = ShapeLayer()
            zigzag.name = "gallery.join.\(join.rawValue)"
            zigzag.frame = Rect(x, y, 58, 34)
            var path = Path()
            path.move(to: Point(8, 27))
            for point in [Point(21, 7), Point(34, 27), Point(47, 7)] { path.addLine(to: point) }
            zigzag.path = path
            zigzag.strokeColor = Palette.tint
            zigzag.lineWidth = 6
            zigzag.lineJoin = join
            zigzag.lineCap = cap
            card.addSublayer(zigzag)
            card.addSublayer(caption(title, frame: Rect(x - 7, y + 38, 72, 14)))
        }
    }

    /// A star and a ring filled with the even-odd rule: their middles stay empty.
    private func buildEvenOdd(in card: Layer, y: Double) {
        let star = ShapeLayer()
        star.name = "gallery.evenOddStar"
        star.frame = Rect(226, y - 2, 40, 40)
        star.path = Path(polygon: (0..<5).map { i in
            let angle = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            return Point(20 + 19 * cos(angle), 21 + 19 * sin(angle))
        })
        star.fillColor = Color(hex: 0xFF9500)
        star.fillRule = .evenOdd
        card.addSublayer(star)

        let ring = ShapeLayer()
        ring.name = "gallery.evenOddRing"
        ring.frame = Rect(286, y - 2, 40, 40)
        var path = Path(circleCenter: Point(20, 20), radius: 18)
        path.addPath(Path(circleCenter: Point(20, 20), radius: 10))
        ring.path = path
        ring.fillColor = Color(hex: 0x34C759)
        ring.fillRule = .evenOdd
        card.addSublayer(ring)
        card.addSublayer(caption("even-odd fills", frame: Rect(226, y + 38, 100, 14)))
    }

    /// A small grey caption under a sample.
    func caption(_ string: String, frame: Rect) -> TextLayer {
        TextLayer.make(string, frame: frame, size: 10, weight: .medium, color: Palette.secondaryLabel, alignment: .center)
    }

    /// The laser's trapezium light spill around a beam, a radial and a conic gradient.
    func buildGradients(in card: Layer) {
        let beamY = 54.0, left = 12.0, width = 190.0, spread = 46.0, narrow = 28.0
        let laserRed = Color(hex: 0xFF2D2D)
        for up in [true, false] {
            let spill = GradientLayer()
            spill.frame = Rect(left, up ? beamY - spread : beamY, width, spread)
            spill.colors = [laserRed.withAlpha(0.75), laserRed.withAlpha(0)]
            spill.startPoint = Point(0.5, up ? 1 : 0)
            spill.endPoint = Point(0.5, up ? 0 : 1)
            spill.maskPath = Path(polygon: up
                ? [Point(0, spread), Point(width, spread), Point(width - narrow, 0), Point(narrow, 0)]
                : [Point(0, 0), Point(width, 0), Point(width - narrow, spread), Point(narrow, spread)])
            card.addSublayer(spill)
        }
        let beam = Layer.make(frame: Rect(left, beamY - 1.5, width, 3), color: Color(hex: 0xFFE0E0), cornerRadius: 1.5)
        beam.shadowColor = laserRed
        beam.shadowOpacity = 1
        beam.shadowRadius = 6
        beam.shadowOffset = .zero
        card.addSublayer(beam)
        buildDebris(in: card, beamY: beamY, beamCenterX: left + width / 2)

        let radial = GradientLayer()
        radial.frame = Rect(218, 14, 58, 80)
        radial.type = .radial
        radial.colors = [Color(hex: 0xFFD60A), Color(hex: 0xFF375F), Color(hex: 0x5E5CE6, alpha: 0)]
        radial.startPoint = Point(0.5, 0.5)
        radial.endPoint = Point(1, 1)
        card.addSublayer(radial)

        let conic = GradientLayer()
        conic.frame = Rect(282, 26, 56, 56)
        conic.type = .conic
        conic.colors = [Color(hex: 0xFF3B30), Color(hex: 0xFFCC00), Color(hex: 0x34C759),
                        Color(hex: 0x0A84FF), Color(hex: 0xAF52DE), Color(hex: 0xFF3B30)]
        conic.startPoint = Point(0.5, 0.5)
        conic.endPoint = Point(0.5, 0)
        conic.cornerRadius = 28
        card.addSublayer(conic)
    }

    /// Sizes and weights on the left over a wrapped paragraph cut at its end; on the right,
    /// justified text, truncation at the start and in the middle, right and centred lines.
    func buildText(in card: Layer) {
        let left = 150.0, right = cardWidth - 32 - left - 10, rightX = 16 + left + 10
        let samples: [(String, Double, FontWeight)] = [
            ("Light 13", 13, .light),
            ("Regular 17", 17, .regular),
            ("Semibold 22", 22, .semibold),
            ("Bold 28", 28, .bold),
        ]
        var y = 8.0
        for (string, size, weight) in samples {
            card.addSublayer(TextLayer.make(string, frame: Rect(16, y, left, size * 1.2), size: size, weight: weight))
            y += size * 1.2
        }
        let wrapped = TextLayer.make(
            "Wrapped and truncated: a long paragraph flows onto a second line and then ends with an ellipsis",
            frame: Rect(16, y + 2, left, 30), size: 12, color: Palette.secondaryLabel)
        wrapped.isWrapped = true
        wrapped.truncationMode = .end
        card.addSublayer(wrapped)

        let justified = TextLayer.make(
            "Justified text spreads each full line of a paragraph out to both edges of its column.",
            frame: Rect(rightX, 10, right, 46), size: 12, color: Palette.secondaryLabel, alignment: .justified)
        justified.name = "gallery.justified"
        justified.isWrapped = true
        card.addSublayer(justified)
        let cuts: [(TextTruncation, String)] = [
            (.start, "/home/kiln/renders/gallery/start-truncated.png"),
            (.middle, "gallery-2x-middle-truncated-780x1688.png"),
        ]
        for (i, (mode, string)) in cuts.enumerated() {
            let line = TextLayer.make(string, frame: Rect(rightX, 62 + Double(i) * 18, right, 16), size: 12,
                                      color: Palette.label)
            line.name = "gallery.truncation.\(mode.rawValue)"
            line.truncationMode = mode
            card.addSublayer(line)
        }
        card.addSublayer(TextLayer.make("Right aligned", frame: Rect(rightX, 100, right, 16),
                                        size: 12, weight: .medium, color: Palette.tint, alignment: .right))
        card.addSublayer(TextLayer.make("Centred", frame: Rect(rightX, 118, right, 16),
                                        size: 12, weight: .medium, color: Palette.tint, alignment: .center))
    }

    /// A drop shadow, a bordered card, and glows on a dark panel.
    func buildShadows(in card: Layer) {
        let raised = Layer.make(frame: Rect(16, 14, 86, 60), color: .white, cornerRadius: 12)
        raised.shadowColor = .black
        raised.shadowOpacity = 0.3
        raised.shadowRadius = 8
        raised.shadowOffset = Point(0, 5)
        card.addSublayer(raised)

        let bordered = Layer.make(frame: Rect(116, 14, 86, 60), color: Color(hex: 0xF2F2F7), cornerRadius: 12)
        bordered.borderWidth = 2
        bordered.borderColor = Palette.tint
        card.addSublayer(bordered)

        let night = Layer.make(frame: Rect(216, 8, cardWidth - 232, 76), color: Palette.night, cornerRadius: 10)
        card.addSublayer(night)
        let glowRing = ShapeLayer()
        glowRing.frame = Rect(14, 8, 60, 60)
        glowRing.path = Path(circleCenter: Point(30, 30), radius: 24)
        glowRing.strokeColor = .white
        glowRing.lineWidth = 1.5
        glowRing.strokeEnd = 0.8
        glowRing.lineCap = .round
        glowRing.shadowColor = .white
        glowRing.shadowOpacity = 1
        glowRing.shadowRadius = 4
        glowRing.shadowOffset = .zero
        night.addSublayer(glowRing)
        let dot = Layer.make(frame: Rect(92, 30, 16, 16), color: Color(hex: 0x30D158), cornerRadius: 8)
        dot.shadowColor = Color(hex: 0x30D158)
        dot.shadowOpacity = 1
        dot.shadowRadius = 8
        dot.shadowOffset = .zero
        night.addSublayer(dot)
    }

    /// The skewed square's transform: each point moves left by 0.4 times its height below the centre.
    public static let shear = Transform(a: 1, b: 0, c: -0.4, d: 1, tx: 0, ty: 0)

    /// Rounded clipping, rotated, skewed and scaled layers, a generated bitmap.
    func buildTransforms(in card: Layer) {
        let clip = Layer.make(frame: Rect(16, 10, 76, 76), color: Color(hex: 0xE5E5EA), cornerRadius: 20)
        clip.masksToBounds = true
        let bar = GradientLayer()
        bar.frame = Rect(-20, 24, 116, 28)
        bar.colors = [Color(hex: 0xFF9500), Color(hex: 0xFF2D55)]
        bar.startPoint = Point(0, 0.5)
        bar.endPoint = Point(1, 0.5)
        bar.transform = Transform(rotationAngle: -Double.pi / 5)
        clip.addSublayer(bar)
        card.addSublayer(clip)

        for (i, angle) in [15.0, 45.0].enumerated() {
            let square = Layer.make(frame: Rect(112 + Double(i) * 44, 16, 30, 30),
                                    color: Color(hex: 0x5E5CE6), cornerRadius: 6)
            square.transform = Transform(rotationAngle: angle * Double.pi / 180)
            card.addSublayer(square)
        }
        let skewed = Layer.make(frame: Rect(204, 16, 30, 30), color: Color(hex: 0x5E5CE6), name: "gallery.skewed")
        skewed.transform = GalleryScene.shear
        card.addSublayer(skewed)
        let scaled = TextLayer.make("×1.5", frame: Rect(118, 62, 40, 18), size: 12, weight: .semibold,
                                    color: Color(hex: 0x5E5CE6), alignment: .center)
        scaled.transform = Transform(scaleX: 1.5, y: 1.5)
        card.addSublayer(scaled)
        let shrunk = TextLayer.make("×0.75", frame: Rect(182, 64, 44, 18), size: 12, weight: .semibold,
                                    color: Color(hex: 0x5E5CE6), alignment: .center)
        shrunk.transform = Transform(scaleX: 0.75, y: 0.75)
        card.addSublayer(shrunk)

        let image = Layer.make(frame: Rect(cardWidth - 92, 10, 76, 76), cornerRadius: 12)
        image.contents = GalleryScene.makePattern(size: 24)
        image.masksToBounds = true
        card.addSublayer(image)
    }

    /// A small generated image: soft diagonal stripes over a two-colour ramp.
    static func makePattern(size: Int) -> Bitmap {
        var bitmap = Bitmap(width: size, height: size)
        let a = Color(hex: 0x64D2FF), b = Color(hex: 0x0A84FF)
        for y in 0..<size {
            for x in 0..<size {
                let t = Double(x + y) / Double(2 * size - 2)
                let stripe = (x + y) % 6 < 3 ? 0.0 : 0.25
                bitmap.setPixel(x: x, y: y, a.interpolated(to: b, t: t).interpolated(to: .white, t: stripe))
            }
        }
        return bitmap
    }
}
