import Kiln

extension PhotosScene {
    /// Flies photo `i` from its thumbnail into the viewer.
    func open(_ i: Int) {
        guard case .grid = mode else { return }
        index = i
        pose = .identity
        zoom = .resting
        paging.contentOffset = Point(Double(i) * paging.horizontal.pageLength, 0)
        for page in pages { page.show(.identity) }
        fly(from: thumbnailFrame(i), to: page.fitFrame, backdropFrom: 0, closing: false)
        context.emit("photo.opened", at: now, ["index": .number(Double(i))])
        play(.photoOpen)
    }

    /// Flies the photo shown from where it is drawn back into its thumbnail, carried on by
    /// `velocity` (points per second), the backdrop fading out.
    func close(velocity: Point = .zero) {
        fly(from: shownFrame, to: thumbnailFrame(index), velocity: velocity, backdropFrom: backdrop.opacity, closing: true)
        context.emit("photo.dismissed", at: now, ["index": .number(Double(index))])
        play(.photoClose)
    }

    /// The current photo's frame as drawn now, ignoring any turn.
    var shownFrame: Rect { page.drawnFrame }

    /// Springs the photo's frame and the black behind it on `open.spring`; on landing the grid
    /// or the viewer takes over.
    private func fly(from: Rect, to: Rect, velocity: Point = .zero, backdropFrom: Double, closing: Bool) {
        let spring = tuning.openSpring
        mode = .flying(isClosing: closing)
        show()
        backdrop.opacity = closing ? 0 : 1
        Transaction.begin()
        Transaction.setCompletionBlock { [weak self] in self?.land(closing: closing) }
        page.fly(from: from, to: to, velocity: velocity, spring: spring, at: now)
        let fade = SpringAnimation(.opacity, from: backdropFrom, to: backdrop.opacity, spring: spring)
        fade.beginTime = now
        backdrop.add(fade, forKey: "flight")
        Transaction.commit()
    }

    /// A flight came to rest: on the grid, or in the viewer at 1×.
    private func land(closing: Bool) {
        if closing {
            page.show(.identity)
            mode = .grid
        } else {
            pose = .identity
            mode = .viewing
        }
        show()
    }

    // MARK: Dragging down to close

    /// The photo follows the finger down, smaller the further it goes, the black fading out.
    func dismissDragged(by translation: Point) {
        let down = max(0, translation.y)
        let faded = min(1, down / tuning.fadeDistance)
        page.show(frame: page.fitFrame.scaled(by: 1 - tuning.dismissShrink * faded, movedBy: translation))
        backdrop.opacity = 1 - faded
    }

    /// A drag down let go: closes past `dismiss.distance` or on a flick down, or springs back.
    func dismissReleased(translation: Point, velocity: Point) {
        let flickedDown = velocity.y > tuning.dismissVelocity
        if flickedDown || (translation.y > tuning.dismissDistance && velocity.y > -tuning.dismissVelocity / 4) {
            close(velocity: velocity)
        } else {
            fly(from: shownFrame, to: page.fitFrame, velocity: velocity, backdropFrom: backdrop.opacity, closing: false)
        }
    }

    func play(_ sound: Sound) {
        if tuning.soundVolume > 0 { context.audio.play(sound, volume: tuning.soundVolume) }
    }
}
