import Foundation
import KilnCore

extension GalleryScene {
    /// Trimmed rings with round caps, a dashed line and a curve with round joins.
    func buildStrokes(in card: Layer) {
        let colors = [Palette.tint, Color(hex: 0x34C759), Color(hex: 0xFF9500)]
        for (i, end) in [0.3, 0.65, 0.9].enumerated() {
            let frame = Rect(16 + Double(i) * 76, 14, 68, 68)
            card.addSublayer(ring(frame: frame, color: Color(hex: 0xE5E5EA), end: 1))
            card.addSublayer(ring(frame: frame, color: colors[i], end: end))
        }
        let dashed = ShapeLayer()
        dashed.frame = Rect(246, 12, 96, 20)
        var line = Path()
        line.move(to: Point(4, 10))
        line.addLine(to: Point(92, 10))
        dashed.path = line
        dashed.strokeColor = Palette.secondaryLabel
        dashed.lineWidth = 4
        dashed.lineCap = .round
        dashed.lineDashPattern = [1, 9]
        card.addSublayer(dashed)

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
    }

    private func ring(frame: Rect, color: Color, end: Double) -> ShapeLayer {
        let layer = ShapeLayer()
        layer.frame = frame
        layer.path = Path(circleCenter: Point(frame.width / 2, frame.height / 2), radius: frame.width / 2 - 6)
        layer.strokeColor = color
        layer.lineWidth = 8
        layer.lineCap = .round
        layer.strokeEnd = end
        return layer
    }

    /// The laser's trapezium light spill around a beam, a radial and a conic gradient.
    func buildGradients(in card: Layer) {
        let beamY = 58.0, left = 12.0, width = 190.0, narrow = 30.0
        for up in [true, false] {
            let spill = GradientLayer()
            spill.frame = Rect(left, up ? beamY - 50 : beamY, width, 50)
            spill.colors = [Palette.laserRed.withAlpha(0.75), Palette.laserRed.withAlpha(0)]
            spill.startPoint = Point(0.5, up ? 1 : 0)
            spill.endPoint = Point(0.5, up ? 0 : 1)
            spill.maskPath = Path(polygon: up
                ? [Point(0, 50), Point(width, 50), Point(width - narrow, 0), Point(narrow, 0)]
                : [Point(0, 0), Point(width, 0), Point(width - narrow, 50), Point(narrow, 50)])
            card.addSublayer(spill)
        }
        let beam = Layer.make(frame: Rect(left, beamY - 1.5, width, 3), color: Color(hex: 0xFFE0E0), cornerRadius: 1.5)
        beam.shadowColor = Palette.laserRed
        beam.shadowOpacity = 1
        beam.shadowRadius = 6
        beam.shadowOffset = .zero
        card.addSublayer(beam)
        buildDebris(in: card, beamY: beamY, beamCenterX: left + width / 2)

        let radial = GradientLayer()
        radial.frame = Rect(218, 16, 58, 84)
        radial.type = .radial
        radial.colors = [Color(hex: 0xFFD60A), Color(hex: 0xFF375F), Color(hex: 0x5E5CE6, alpha: 0)]
        radial.startPoint = Point(0.5, 0.5)
        radial.endPoint = Point(1, 1)
        card.addSublayer(radial)

        let conic = GradientLayer()
        conic.frame = Rect(282, 30, 56, 56)
        conic.type = .conic
        conic.colors = [Color(hex: 0xFF3B30), Color(hex: 0xFFCC00), Color(hex: 0x34C759),
                        Color(hex: 0x0A84FF), Color(hex: 0xAF52DE), Color(hex: 0xFF3B30)]
        conic.startPoint = Point(0.5, 0.5)
        conic.endPoint = Point(0.5, 0)
        conic.cornerRadius = 28
        card.addSublayer(conic)
    }

    /// Sizes, weights, alignment, wrapping and truncation.
    func buildText(in card: Layer) {
        let w = cardWidth - 32
        let samples: [(String, Double, FontWeight)] = [
            ("Light 13 — the quick brown fox", 13, .light),
            ("Regular 17 — jumps over", 17, .regular),
            ("Semibold 22 — the lazy dog", 22, .semibold),
            ("Bold 28 — Kiln", 28, .bold),
        ]
        var y = 10.0
        for (string, size, weight) in samples {
            card.addSublayer(TextLayer.make(string, frame: Rect(16, y, w, size * 1.3), size: size, weight: weight))
            y += size * 1.3
        }
        let wrapped = TextLayer.make(
            "Wrapped and truncated: a long paragraph flows onto a second line and then ends with an ellipsis when it runs out of room",
            frame: Rect(16, y + 2, w * 0.62, 32), size: 12, color: Palette.secondaryLabel)
        wrapped.isWrapped = true
        wrapped.truncationMode = .end
        card.addSublayer(wrapped)
        card.addSublayer(TextLayer.make("Right aligned", frame: Rect(16 + w * 0.62, y + 2, w * 0.38, 16),
                                        size: 12, weight: .medium, color: Palette.tint, alignment: .right))
        card.addSublayer(TextLayer.make("Centred", frame: Rect(16 + w * 0.62, y + 18, w * 0.38, 16),
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

    /// Rounded clipping, rotated and scaled layers, a generated bitmap.
    func buildTransforms(in card: Layer) {
        let clip = Layer.make(frame: Rect(16, 12, 86, 86), color: Color(hex: 0xE5E5EA), cornerRadius: 22)
        clip.masksToBounds = true
        let bar = GradientLayer()
        bar.frame = Rect(-20, 30, 130, 28)
        bar.colors = [Color(hex: 0xFF9500), Color(hex: 0xFF2D55)]
        bar.startPoint = Point(0, 0.5)
        bar.endPoint = Point(1, 0.5)
        bar.transform = Transform(rotationAngle: -Double.pi / 5)
        clip.addSublayer(bar)
        card.addSublayer(clip)

        for (i, angle) in [15.0, 30.0, 45.0].enumerated() {
            let square = Layer.make(frame: Rect(120 + Double(i) * 44, 22, 30, 30),
                                    color: Color(hex: 0x5E5CE6), cornerRadius: 6)
            square.transform = Transform(rotationAngle: angle * Double.pi / 180)
            card.addSublayer(square)
        }
        let scaled = TextLayer.make("×1.5", frame: Rect(126, 70, 40, 18), size: 12, weight: .semibold,
                                    color: Color(hex: 0x5E5CE6), alignment: .center)
        scaled.transform = Transform(scaleX: 1.5, y: 1.5)
        card.addSublayer(scaled)
        let shrunk = TextLayer.make("×0.75", frame: Rect(190, 72, 44, 18), size: 12, weight: .semibold,
                                    color: Color(hex: 0x5E5CE6), alignment: .center)
        shrunk.transform = Transform(scaleX: 0.75, y: 0.75)
        card.addSublayer(shrunk)

        let image = Layer.make(frame: Rect(cardWidth - 102, 12, 86, 86), cornerRadius: 12)
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
