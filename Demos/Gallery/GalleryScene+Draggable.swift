import Kiln

extension GalleryScene {
    /// A tile that follows a drag and springs home with the release velocity, so the whole
    /// chain (pointer, pan, velocity, spring) can be seen and tried.
    func buildDraggable() {
        draggable.name = "draggable"
        draggable.frame = Rect(cardWidth - 138, 26, 48, 48)
        draggable.colors = [Color(hex: 0xFF9F0A), Color(hex: 0xFF375F)]
        draggable.startPoint = Point(0, 0)
        draggable.endPoint = Point(1, 1)
        draggable.cornerRadius = 13
        draggable.shadowColor = Color(hex: 0xFF375F)
        draggable.shadowOpacity = 0.35
        draggable.shadowRadius = 10
        draggable.shadowOffset = Point(0, 6)
        draggable.zPosition = 10
        let label = TextLayer.make("Drag\nme", frame: Rect(0, 0, 48, 48), size: 11, weight: .bold,
                                   color: .white, alignment: .center)
        label.isVerticallyCentered = true
        draggable.addSublayer(label)
        root.addSublayer(draggable)
        draggableHome = draggable.position

        let pan = PanGestureRecognizer { [weak self] in self?.handleDrag($0) }
        pan.minimumDistance = 2
        draggable.addGestureRecognizer(pan)
    }

    private func handleDrag(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            // Catch the tile where it is, even mid-spring.
            let presented = draggable.position
            draggable.removeAnimation(forKey: "home")
            draggable.position = presented
            dragStart = presented
            draggable.uniformScale = 1.08
        case .changed:
            let t = pan.translation(in: nil)
            draggable.position = Point(x: dragStart.x + t.x, y: dragStart.y + t.y)
        case .ended, .cancelled:
            let from = draggable.position
            draggable.position = draggableHome
            draggable.uniformScale = 1
            let spring = SpringAnimation(.position, from: from, to: draggableHome,
                                         initialVelocity: pan.velocity(in: nil),
                                         spring: Spring(dampingRatio: 0.62, response: 0.42))
            draggable.add(spring, forKey: "home")
            context.emit("draggable.released", at: now, [
                "vx": .number((pan.velocity(in: nil).x * 10).rounded() / 10),
                "vy": .number((pan.velocity(in: nil).y * 10).rounded() / 10),
            ])
        default:
            break
        }
    }
}
