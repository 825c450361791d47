import Kiln

extension GalleryScene {
    /// The second page: a photo with every gravity, an SVG icon at 1× and 4×, a PNG with its
    /// `@2x` file, a Lottie loop and a Lottie scrubbed by a drag. Every file is one of Kiln's
    /// own, found by name.
    func buildAssetsPage() {
        var y = 102.0
        y = addSection("PHOTO · CONTENTS GRAVITY", at: y, height: 262, in: assetsPage, build: buildGravities)
        y = addSection("SVG AND @2x", at: y, height: 132, in: assetsPage, build: buildVectors)
        _ = addSection("LOTTIE", at: y, height: 176, in: assetsPage, build: buildLotties)
    }

    /// The same small photo (36×45 pt, with an `@2x` file) in twelve tiles, one per gravity:
    /// stretched, fitted, filled and cut by the rounded corners, then pinned at its own size
    /// to the middle, each edge and each corner.
    func buildGravities(in card: Layer) {
        for (i, gravity) in ContentsGravity.allCases.enumerated() {
            let x = 16 + Double(i % 4) * 84, y = 12 + Double(i / 4) * 82
            let tile = ImageLayer(named: "dusk-thumb.jpg")
            tile.name = "gallery.gravity.\(gravity.rawValue)"
            tile.frame = Rect(x, y, 74, 58)
            tile.backgroundColor = Color(hex: 0xE5E5EA)
            tile.cornerRadius = 8
            tile.masksToBounds = true
            tile.contentsGravity = gravity
            card.addSublayer(tile)
            card.addSublayer(caption(".\(gravity.rawValue)", frame: Rect(x - 6, y + 61, 86, 14)))
        }
    }

    /// heart.svg at its own 24 points and scaled 4× (drawn again at 4×, as sharp as the
    /// small one), and kiln-dot.png, whose `@2x` file a 2× canvas shows.
    func buildVectors(in card: Layer) {
        let small = ImageLayer(named: "heart.svg")
        small.name = "gallery.svg.1x"
        small.position = Point(52, 60)
        card.addSublayer(small)
        card.addSublayer(caption("24 pt · 1×", frame: Rect(12, 108, 80, 14)))

        let large = ImageLayer(named: "heart.svg")
        large.name = "gallery.svg.4x"
        large.position = Point(150, 60)
        large.uniformScale = 4
        card.addSublayer(large)
        card.addSublayer(caption("scaled 4×, drawn at 4×", frame: Rect(90, 108, 120, 14)))

        let dot = ImageLayer(named: "kiln-dot.png")
        dot.name = "gallery.png.2x"
        dot.frame = Rect(cardWidth - 108, 20, 80, 80)
        dot.contentsGravity = .center
        card.addSublayer(dot)
        card.addSublayer(caption("kiln-dot.png · @2x", frame: Rect(cardWidth - 128, 108, 120, 14)))
    }

    /// pulse.json looping on the left; on the right burst.json, whose `progress` follows a
    /// horizontal drag anywhere over it, with a track and a knob showing where it is.
    func buildLotties(in card: Layer) {
        lottieLoop.name = "gallery.lottie.loop"
        lottieLoop.frame = Rect(24, 12, 128, 128)
        lottieLoop.play()
        card.addSublayer(lottieLoop)
        card.addSublayer(caption("pulse.json · loops", frame: Rect(18, 150, 140, 14)))

        let half = cardWidth / 2
        let scrubber = Layer.make(frame: Rect(half, 0, half, 176), name: "gallery.scrubber")
        card.addSublayer(scrubber)
        lottieScrub.name = "gallery.lottie.scrub"
        lottieScrub.frame = Rect((half - 120) / 2, 6, 120, 120)
        lottieScrub.isHitTestable = false
        scrubber.addSublayer(lottieScrub)
        let track = Layer.make(frame: Rect(18, 134, GalleryScene.scrubWidth, 4), color: Color(hex: 0xE5E5EA),
                               cornerRadius: 2)
        track.isHitTestable = false
        scrubber.addSublayer(track)
        scrubKnob.name = "gallery.scrub.knob"
        scrubKnob.bounds = Rect(0, 0, 18, 18)
        scrubKnob.backgroundColor = .white
        scrubKnob.cornerRadius = 9
        scrubKnob.shadowColor = .black
        scrubKnob.shadowOpacity = 0.25
        scrubKnob.shadowRadius = 3
        scrubKnob.shadowOffset = Point(0, 1)
        scrubKnob.isHitTestable = false
        scrubber.addSublayer(scrubKnob)
        scrubber.addSublayer(caption("drag to scrub burst.json", frame: Rect(8, 150, half - 16, 14)))
        lottieScrub.progress = 0.3
        placeScrubKnob()

        let pan = PanGestureRecognizer { [weak self] in self?.handleScrub($0) }
        pan.minimumDistance = 2
        scrubber.addGestureRecognizer(pan)
    }

    /// Points of drag that take the scrubbed animation from its first frame to its last.
    static let scrubWidth = 143.0

    private func handleScrub(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            scrubStart = lottieScrub.progress
        case .changed:
            lottieScrub.progress = scrubStart + pan.translation(in: nil).x / GalleryScene.scrubWidth
            placeScrubKnob()
        case .ended, .cancelled:
            context.emit("gallery.scrubbed", at: now, [
                "progress": .number((lottieScrub.progress * 1000).rounded() / 1000),
                "frame": .number(Double(lottieScrub.shownFrame)),
            ])
        default:
            break
        }
    }

    private func placeScrubKnob() {
        scrubKnob.position = Point(18 + lottieScrub.progress * GalleryScene.scrubWidth, 136)
    }
}
