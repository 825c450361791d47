import Kiln

extension LaserScene {
    /// Instruction, card, arrow, beam, light spill and toast, top to bottom (L1).
    func buildLayout() {
        let w = canvas.width
        instruction.name = "instruction"
        instruction.frame = Rect(32, canvas.height * 0.08, w - 64, 56)
        instruction.string = "Drag your Pocket through the laser to delete it"
        instruction.fontSize = 19
        instruction.fontWeight = .semibold
        instruction.foregroundColor = Color(white: 1, alpha: 0.92)
        instruction.alignmentMode = .center
        instruction.isWrapped = true
        root.addSublayer(instruction)

        // Everything of the card below the beam is cut away (L6): the card lives in a zone
        // that ends at the beam line.
        cutZone.frame = Rect(0, 0, w, beamY)
        cutZone.masksToBounds = true
        root.addSublayer(cutZone)
        buildPocket()
        buildArrow()
        buildBeam()
        buildToast()
    }

    private func buildPocket() {
        let width = min(310, canvas.width - 60), height = 188.0
        pocket.name = "pocket"
        pocket.frame = Rect((canvas.width - width) / 2, canvas.height * 0.19, width, height)
        pocketHome = pocket.position
        pocket.colors = tuning.cardColors
        pocket.startPoint = Point(0, 0)
        pocket.endPoint = Point(1, 1)
        pocket.cornerRadius = 22
        pocket.masksToBounds = true
        pocket.shadowColor = .black
        pocket.shadowOpacity = 0.45
        pocket.shadowRadius = 18
        pocket.shadowOffset = Point(0, 10)
        cutZone.addSublayer(pocket)

        let icon = ShapeLayer()
        icon.frame = Rect(20, 20, 36, 36)
        icon.path = Path(ellipseIn: Rect(0, 0, 36, 36))
        icon.fillColor = Color(white: 1, alpha: 0.22)
        let plane = ShapeLayer()
        plane.frame = Rect(8, 8, 20, 20)
        plane.path = Path(polygon: [Point(1, 9), Point(19, 2), Point(12, 19), Point(9, 12)])
        plane.fillColor = .white
        plane.lineJoin = .round
        icon.addSublayer(plane)
        pocket.addSublayer(icon)

        let pocketLabel = TextLayer.make("POCKET", frame: Rect(width - 100, 28, 80, 16), size: 11,
                                         weight: .bold, color: Color(white: 1, alpha: 0.7), alignment: .right)
        pocket.addSublayer(pocketLabel)
        pocketName.frame = Rect(20, 72, width - 40, 28)
        pocketName.fontSize = 21
        pocketName.fontWeight = .semibold
        pocketName.foregroundColor = .white
        pocketName.truncationMode = .end
        pocket.addSublayer(pocketName)
        pocketBalance.frame = Rect(20, 122, width - 40, 44)
        pocketBalance.fontSize = 34
        pocketBalance.fontWeight = .bold
        pocketBalance.foregroundColor = .white
        pocket.addSublayer(pocketBalance)
        showPocket(store.pockets.first)
    }

    /// Shows a pocket's name and balance on the card (or hides the card when none is left).
    func showPocket(_ value: Pocket?) {
        pocket.isHidden = value == nil
        pocketName.string = value?.name ?? ""
        pocketBalance.string = value?.formattedBalance ?? ""
    }

    private func buildArrow() {
        let top = pocket.frame.maxY + 24, bottom = beamY - 48
        arrow.name = "arrow"
        arrow.frame = Rect(canvas.width / 2 - 16, top, 32, max(40, bottom - top))
        var path = Path()
        let h = arrow.bounds.height
        path.move(to: Point(16, 4))
        path.addLine(to: Point(16, h - 4))
        path.move(to: Point(5, h - 15))
        path.addLine(to: Point(16, h - 4))
        path.addLine(to: Point(27, h - 15))
        arrow.path = path
        arrow.strokeColor = Color(white: 1, alpha: 0.55)
        arrow.lineWidth = 3
        arrow.lineCap = .round
        arrow.lineJoin = .round
        arrow.lineDashPattern = [0.01, 9]
        root.insertSublayer(arrow, below: cutZone)
        let bob = KeyframeAnimation(.positionY, values: [arrow.position.y, arrow.position.y + 10, arrow.position.y],
                                    duration: 1)
        bob.timingFunctions = [.easeInEaseOut, .easeInEaseOut]
        bob.repeatCount = .infinity
        arrow.add(bob, forKey: "bob")
    }

    /// The light is blended normally, not added: over the dark stage the two look alike, and
    /// over the card a normal blend tints it red the way the laser's light should.
    private func buildBeam() {
        let w = canvas.width
        for (layer, up) in [(beamUp, true), (beamDown, false)] {
            layer.name = up ? "beamUp" : "beamDown"
            let h = tuning.spillHeight
            layer.frame = Rect(0, up ? beamY - h : beamY, w, h)
            layer.colors = [tuning.beamColor.withAlpha(tuning.spillOpacity), tuning.beamColor.withAlpha(0)]
            layer.locations = [0, 1]
            layer.startPoint = Point(0.5, up ? 1 : 0)
            layer.endPoint = Point(0.5, up ? 0 : 1)
            let narrow = w * 0.16
            layer.maskPath = Path(polygon: up
                ? [Point(0, h), Point(w, h), Point(w - narrow, 0), Point(narrow, 0)]
                : [Point(0, 0), Point(w, 0), Point(w - narrow, h), Point(narrow, h)])
            layer.opacity = 0
            root.addSublayer(layer)
        }
        halo.frame = Rect(0, beamY - 14, w, 28)
        halo.colors = [tuning.beamColor.withAlpha(0), tuning.beamColor.withAlpha(0.9), tuning.beamColor.withAlpha(0)]
        root.addSublayer(halo)
        laser.name = "laser"
        laser.frame = Rect(0, beamY - 1.5, w, 3)
        laser.backgroundColor = tuning.beamCore
        laser.cornerRadius = 1.5
        laser.shadowColor = tuning.beamColor
        laser.shadowOpacity = 1
        laser.shadowRadius = 5
        laser.shadowOffset = .zero
        root.addSublayer(laser)
        flare.frame = Rect(w / 2 - 60, beamY - 60, 120, 120)
        flare.type = .radial
        flare.colors = [Color(white: 1, alpha: 0.95), tuning.beamColor.withAlpha(0.6), tuning.beamColor.withAlpha(0)]
        flare.locations = [0, 0.25, 1]
        flare.startPoint = Point(0.5, 0.5)
        flare.endPoint = Point(1, 0.5)
        // Blended normally: its white core reads as a flare over the red glow.
        flare.isAdditive = false
        flare.opacity = 0
        root.addSublayer(flare)
        debris.name = "debris"
        debris.frame = Rect(origin: .zero, size: canvas)
        root.addSublayer(debris)
        for decoration in [instruction, arrow, beamUp, beamDown, halo, laser, flare, debris] as [Layer] {
            decoration.isHitTestable = false
        }
    }

    private func buildToast() {
        toast.build(message: "Pocket deleted", canvas: canvas, bottomInset: 96, color: Color(hex: 0x2C2C34),
                    shadowOpacity: 0.4)
        root.addSublayer(toast.layer)
    }
}
